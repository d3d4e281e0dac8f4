import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expectNoProblems, resultsDir, samples, summaries, watchErrors, type MiniSample } from './helpers.ts';

/**
 * Issue 13's acceptance: draw a real batch from the results the site was built from (the demo pipeline's, see
 * playwright.config.ts), label 20 items by keyboard only on /annotate/, reload mid-way, export, and feed the export
 * to `userturn calibrate --human`. That the judges page shows such a report is checked by a contract test that
 * builds the site from a committed report (tests/contract/annotate/judges-page-human.test.ts): a second site build
 * inside this test would double its cost.
 */
const CLI = resolve('runners/cli/main.ts');
const cli = (...args: string[]) => execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const disagree = (s: MiniSample) => new Set(s.verdicts.filter((v) => v.kind === 'label').map((v) => v.label)).size > 1;
const LABEL_KEYS = ['1', '2', '3', '4', '5', '6', '7', 'u'];
const LABELS = ['genuine_followup', 'prompt_restatement', 'new_unrelated_query', 'identity_leakage', 'meta_planning', 'generic_closing', 'empty_or_degenerate', 'unsure'];

test('annotate 20 items by keyboard, survive a reload, export, and calibrate --human ingests the export', async ({ page }) => {
  test.setTimeout(120_000);
  const S = summaries();
  test.skip(S.length === 0, 'no results to draw a batch from');
  const tmp = mkdtempSync(join(tmpdir(), 'ut-annotate-e2e-'));
  try {
    const batchFile = join(tmp, 'batch.jsonl');
    cli('annotate', 'sample', '--results', ...S.map((s) => join(resultsDir(), s.submission.id)), '--n', '20', '--seed', '13', '--out', batchFile);
    const [header, ...items] = readFileSync(batchFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);

    const problems = watchErrors(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/annotate/');
    await page.getByLabel('Annotator id').fill('e2e-annotator');
    await page.getByLabel('Annotator id').press('Tab');
    await page.getByLabel(/Batch file/).setInputFiles(batchFile);
    await expect(page.getByTestId('progress')).toContainText('Item 1 of 20');

    const chosen: string[] = [];
    for (let i = 0; i < 20; i++) {
      if (i === 10) {
        await page.reload();
        await expect(page.getByTestId('progress')).toContainText('Item 11 of 20');
        await expect(page.getByTestId('progress')).toContainText('10 labelled');
      }
      // Untrusted text is shown as text, item by item in batch order.
      await expect(page.getByTestId('user-turn')).toHaveText(items[i]!.user_turn!);
      const k = i % LABEL_KEYS.length;
      await page.keyboard.press(LABEL_KEYS[k]!);
      chosen.push(LABELS[k]!);
      await expect(page.getByTestId('announce')).toContainText(`Item ${i + 1} of 20`);
      if (i < 19) await page.keyboard.press('n');
    }
    await expect(page.getByTestId('progress')).toContainText('20 labelled');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    const labelsFile = join(tmp, 'labels.jsonl');
    await download.saveAs(labelsFile);
    const [lh, ...lines] = readFileSync(labelsFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    expect(lh).toMatchObject({ kind: 'labels', annotator: 'e2e-annotator', taxonomy_version: 1, batch_sha256: header!.batch_sha256 });
    expect(lines.map((l) => l.label)).toEqual(chosen);
    await expectNoProblems(problems);

    const out = join(tmp, 'calibration', 'human-e2e.json');
    cli('calibrate', '--human', labelsFile, '--batch', batchFile, '--results-root', resultsDir(), '--out', out);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.kind).toBe('human-agreement');
    expect(report.batch.sha256).toBe(header!.batch_sha256);
    expect(report.annotators).toEqual([{ id: 'e2e-annotator', labelled: chosen.filter((l) => l !== 'unsure').length, unsure: chosen.filter((l) => l === 'unsure').length, skipped: 0 }]);
    expect(report.judges.length).toBeGreaterThan(0);
    for (const j of report.judges) expect(j.n + j.judge_errors + j.missing).toBe(report.majority.items);
    cli('validate', join(tmp, 'calibration'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('example browser: "Judges disagree" shows only samples whose judges gave different labels, each flagged', async ({ page }) => {
  const S = summaries();
  const target = S.flatMap((s) => s.datasets.map((d) => ({ model: s.submission.id, dataset: d.dataset })))
    .find(({ model, dataset }) => samples(model, dataset).some(disagree));
  test.skip(!target, 'no sample in these results has two judges that disagree (e.g. a heuristic-only panel)');
  const problems = watchErrors(page);
  await page.goto(`/examples/?model=${encodeURIComponent(target!.model)}&dataset=${encodeURIComponent(target!.dataset)}&disagree=1`);
  await expect(page.getByTestId('ex-disagree')).toBeChecked();
  const cards = page.locator('article.example');
  await expect(cards.first()).toBeVisible();
  const n = await cards.count();
  const ids = new Set(samples(target!.model, target!.dataset).filter(disagree).map((s) => s.id));
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    expect(ids.has((await card.getAttribute('data-sample-id'))!)).toBe(true);
    await expect(card.getByTestId('judges-disagree')).toBeVisible();
  }
  await expectNoProblems(problems);
});
