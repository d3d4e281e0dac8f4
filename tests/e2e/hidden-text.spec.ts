import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { astroBuild } from '../helpers/site-build.ts';
import { serve } from '../helpers/static-server.ts';

/**
 * Trojan Source on the site: a second site built here (one synthetic model, two items per dataset) whose every
 * question holds "abc\u202Edef" and every user turn that, a zero-width space and Arabic text, every judge rationale
 * an override, and every gsm8k answer the verifier extracted an override and a zero-width space. Each block must be
 * its own bidi island (dir="auto") and show each such character as a marker, never as itself, so the text reads as
 * the judge saw it; the Arabic stays. The annotation page, given a batch drawn from the same results, shows its texts
 * the same way.
 */
const ARABIC = 'مرحبا بالعالم';
const TURN = `abc\u202Edef zero\u200Bwidth ${ARABIC}`;
const ID = 'hidden-text-model';
const SAMPLE = 'gsm8k-0~greedy~0';
/** A user turn with Windows line endings and one lone carriage return (which could overwrite a line in a terminal). */
const CRLF_SAMPLE = 'gsm8k-1~greedy~0';
const CRLF_TURN = 'line one\r\nline two\r\nover\rwritten';
const BLOCKING = new Set(['critical', 'serious']);
let site: { server: Server; origin: string; tmp: string; results: string };
test.describe.configure({ mode: 'serial' });

/** The one result of `dir` under ID, with the hostile texts in every sample. */
function makeHostile(dir: string): void {
  const [from] = readdirSync(dir);
  renameSync(join(dir, from!), join(dir, ID));
  const summary = join(dir, ID, 'summary.json');
  const s = JSON.parse(readFileSync(summary, 'utf8'));
  s.submission.id = ID;
  s.submission.display_name = 'Hidden text model';
  writeFileSync(summary, JSON.stringify(s));
  for (const f of readdirSync(join(dir, ID, 'samples'))) {
    const path = join(dir, ID, 'samples', f);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((l) => {
      const x = JSON.parse(l);
      x.submission_id = ID;
      x.question = `abc\u202Edef ${x.question}`;
      if (x.user_turn) x.user_turn = `${x.id === CRLF_SAMPLE && f === 'gsm8k.jsonl' ? CRLF_TURN : TURN} ${x.user_turn}`;
      // The verifier's extracted answer is taken from the generation.
      if (x.accuracy?.kind === 'gsm8k') x.accuracy.extracted = `${x.accuracy.extracted ?? ''}\u202E\u200B1`;
      for (const v of x.verdicts) if (v.kind === 'label') v.rationale = `\u202Eevil ${v.rationale}`;
      return JSON.stringify(x);
    });
    writeFileSync(path, `${lines.join('\n')}\n`);
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const tmp = mkdtempSync(join(tmpdir(), 'ut-e2e-hidden-'));
  const results = join(tmp, 'results');
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '1', '--items', '2'], { stdio: 'ignore' });
  makeHostile(results);
  const b = astroBuild({ USERTURN_RESULTS_DIR: results }, tmp);
  expect(b.status, b.text.slice(-2000)).toBe(0);
  site = { ...(await serve(b.out)), tmp, results };
});
test.afterAll(() => { site?.server.close(); if (site) rmSync(site.tmp, { recursive: true, force: true }); });

/** The block shows the override and the zero-width space as markers and nothing raw, and is its own bidi island. */
async function expectMarked(block: Locator, markers: string[]): Promise<void> {
  await expect(block).toHaveAttribute('dir', 'auto');
  expect(await block.evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe('isolate');
  const text = (await block.textContent()) ?? '';
  expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/);
  for (const m of markers) {
    const marker = block.locator(`.cp[title^="${m} "]`).first();
    await expect(marker).toBeVisible();
    await expect(marker).toHaveText(m);
  }
}

/** Left edges of "abc", the U+202E marker, "d" and "f" as drawn: an override left in the text would draw "def…" reversed ("f" before "d"). */
async function drawnOrder(block: Locator): Promise<number[]> {
  return block.evaluate((e) => {
    const left = (node: Node, from: number, to: number) => { const r = document.createRange(); r.setStart(node, from); r.setEnd(node, to); return r.getBoundingClientRect().left; };
    const marker = e.querySelector('.cp')!;
    const texts: Text[] = [];
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!marker.contains(n) && n.textContent) texts.push(n as Text);
    // The non-empty text nodes either side of the marker (Svelte puts anchors and empty text nodes between them).
    const before = texts.filter((t) => t.compareDocumentPosition(marker) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1)!;
    const after = texts.find((t) => t.compareDocumentPosition(marker) & Node.DOCUMENT_POSITION_PRECEDING)!;
    const i = before.textContent!.lastIndexOf('abc');
    return [left(before, i, i + 3), marker.getBoundingClientRect().left, left(after, 0, 1), left(after, 2, 3)];
  });
}

async function axe(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations.filter((x) => BLOCKING.has(x.impact ?? ''))) found.push(`${scheme}: ${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }
  return found;
}

test('example browser: a generation\'s override and zero-width space are markers, its Arabic stays, each block is isolated', async ({ page }) => {
  await page.goto(`${site.origin}/examples/?model=${ID}&dataset=gsm8k&sample=${encodeURIComponent(SAMPLE)}`);
  const card = page.locator(`article[data-sample-id="${SAMPLE}"]`);
  const turn = card.getByTestId('user-turn');
  await expect(turn).toBeVisible();
  await expectMarked(turn, ['U+202E', 'U+200B']);
  await expect(turn).toContainText(ARABIC);
  await expect(turn).toContainText('abcU+202Edef zeroU+200Bwidth');
  const [abc, marker, d, f] = await drawnOrder(turn);
  expect(abc!).toBeLessThan(marker!);
  expect(marker!).toBeLessThan(d!);
  expect(d!).toBeLessThan(f!);
  const question = card.locator('.user-q .text');
  await expectMarked(question, ['U+202E']);
  await expectMarked(card.getByTestId('rationale').first(), ['U+202E']);
  // So is the verifier's extracted answer, on the line that names it.
  await expectMarked(card.getByTestId('extracted'), ['U+202E', 'U+200B']);
  await expect(card.getByTestId('extracted')).toHaveText(/U\+202EU\+200B1$/);
  // The labels around the blocks read as before.
  await expect(card.locator('.gen .role')).toHaveText('Generated user turn');
  expect(await axe(page)).toEqual([]);
});

test('example browser: a CRLF line ending is a line break with no marker; a lone carriage return is a marker', async ({ page }) => {
  await page.goto(`${site.origin}/examples/?model=${ID}&dataset=gsm8k&sample=${encodeURIComponent(CRLF_SAMPLE)}`);
  const turn = page.locator(`article[data-sample-id="${CRLF_SAMPLE}"]`).getByTestId('user-turn');
  await expect(turn).toBeVisible();
  await expect(turn.locator('.cp')).toHaveCount(1);
  await expect(turn.locator('.cp')).toHaveText('U+000D');
  await expect(turn.locator('.cp')).toHaveAttribute('title', 'U+000D CARRIAGE RETURN');
  // Drawn as three lines: "line one", "line two", then "over", the marker and "written" on one line.
  const tops = await turn.evaluate((e) => {
    const top = (word: string) => {
      const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const i = n.textContent!.indexOf(word);
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + word.length);
        return Math.round(r.getBoundingClientRect().top);
      }
      return NaN;
    };
    return [top('line one'), top('line two'), top('over'), Math.round(e.querySelector('.cp')!.getBoundingClientRect().top), top('written')];
  });
  expect(tops[0]!).toBeLessThan(tops[1]!);
  expect(tops[1]!).toBeLessThan(tops[2]!);
  expect(Math.abs(tops[2]! - tops[4]!)).toBeLessThan(4);
  expect(Math.abs(tops[3]! - tops[2]!)).toBeLessThan(8);
});

test('example list: the question above an item\'s cards is marked and isolated too', async ({ page }) => {
  await page.goto(`${site.origin}/examples/?model=${ID}&dataset=gsm8k`);
  const q = page.getByTestId('ex-list').locator('.turn-q .text').first();
  await expect(q).toBeVisible();
  await expectMarked(q, ['U+202E']);
});

test('annotation page: a batch drawn from the results shows its texts marked and isolated', async ({ page }) => {
  const batch = join(site.tmp, 'batch.jsonl');
  execFileSync(process.execPath, [resolve('runners/cli/main.ts'), 'annotate', 'sample', '--results', join(site.results, ID), '--n', '2', '--seed', '1', '--out', batch], { stdio: 'ignore' });
  await page.goto(`${site.origin}/annotate/`);
  await page.getByLabel(/Batch file/).setInputFiles(batch);
  const turn = page.getByTestId('user-turn');
  await expect(turn).toBeVisible();
  await expectMarked(turn, ['U+202E', 'U+200B']);
  await expect(turn).toContainText(ARABIC);
  await expectMarked(page.getByTestId('question'), ['U+202E']);
  await expect(page.getByTestId('response')).toHaveAttribute('dir', 'auto');
  expect(await axe(page)).toEqual([]);
});
