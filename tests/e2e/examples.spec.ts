import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild } from '../helpers/site-build.ts';
import { serve } from '../helpers/static-server.ts';
import { allSamples, expectNoProblems, permalink, samples, summaries, watchErrors, type MiniSample } from './helpers.ts';

const S = summaries();
test.skip(S.length < 2, 'needs results for at least two models');

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

test('a permalink opens exactly that example', async ({ page }) => {
  const problems = watchErrors(page);
  const m = S[1]!;
  const d = m.datasets[m.datasets.length - 1]!.dataset;
  const list = samples(m.submission.id, d).filter((s) => s.user_turn.trim().length > 10);
  const target = list[Math.floor(list.length * 0.8)]!;
  await page.goto(permalink(target));
  const cards = page.locator('article.example');
  await expect(cards).toHaveCount(1);
  await expect(cards).toHaveAttribute('data-sample-id', target.id);
  await expect(cards).toHaveAttribute('data-model', target.submission_id);
  await expect(cards.getByTestId('user-turn')).toHaveText(target.user_turn);
  await expectNoProblems(problems);
});

test("a card's heading reads the item id and the condition apart (it read '0031· condition')", async ({ page }) => {
  const target = samples(S[0]!.submission.id, S[0]!.datasets[0]!.dataset)[0]!;
  await page.goto(permalink(target));
  const heading = page.locator('article.example .ex-title');
  await expect(heading).toHaveCount(1);
  expect((await heading.textContent())!.replace(/\s+/g, ' ')).toContain(`${target.item_id} · condition ${target.condition}`);
});

test('a site of one model shows a permalink without the compare controls (it showed an empty picker)', async ({ page }) => {
  test.setTimeout(300_000);
  const results = mkdtempSync(join(tmpdir(), 'ut-one-model-'));
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '1', '--items', '2'], { stdio: 'ignore' });
  const [model] = readdirSync(results).filter((f) => !f.endsWith('.json'));
  const first = JSON.parse(readFileSync(join(results, model!, 'samples', 'gsm8k.jsonl'), 'utf8').split('\n')[0]!) as MiniSample;
  const b = astroBuild({ USERTURN_RESULTS_DIR: results });
  const { server, origin } = await serve(b.out);
  try {
    expect(b.status, b.text.slice(-2000)).toBe(0);
    const problems = watchErrors(page);
    await page.goto(`${origin}${permalink(first)}`);
    await expect(page.locator(`article.example[data-sample-id="${first.id}"]`)).toBeVisible();
    await expect(page.getByTestId('ex-compare-with')).toHaveCount(0);
    await expect(page.getByTestId('ex-compare-all')).toHaveCount(0);
    await expectNoProblems(problems);
  } finally {
    server.close();
    rmSync(results, { recursive: true, force: true });
    rmSync(b.tmp, { recursive: true, force: true });
  }
});

test('the side-by-side view shows two models on the same item', async ({ page }) => {
  const problems = watchErrors(page);
  const [a, b] = [S[0]!, S[1]!];
  const d = a.datasets[0]!.dataset;
  const target = samples(a.submission.id, d).find((s) => s.condition === 'greedy')!;
  // Reach it through the UI: open the permalink, pick the other model, press "Side by side".
  await page.goto(permalink(target));
  await page.getByTestId('ex-compare-with').selectOption(b.submission.id);
  await page.getByTestId('ex-compare').click();
  const side = page.getByTestId('side-by-side');
  await expect(side).toBeVisible();
  const cols = side.locator('[data-compare-model]');
  await expect(cols).toHaveCount(2);
  await expect(cols.nth(0)).toHaveAttribute('data-compare-model', a.submission.id);
  await expect(cols.nth(1)).toHaveAttribute('data-compare-model', b.submission.id);
  for (const i of [0, 1]) {
    const ids = await cols.nth(i).locator('article.example').evaluateAll((els) => els.map((e) => e.getAttribute('data-sample-id')));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id?.split('~')[0]).toBe(target.item_id);
  }
  await expectNoProblems(problems);
});

test('the search finds an example by words from its generated text', async ({ page }) => {
  const problems = watchErrors(page);
  const m = S[S.length - 1]!;
  const d = m.datasets[0]!.dataset;
  const list = samples(m.submission.id, d);
  // Five words of a generated user turn that no other user turn of this model × dataset holds all of.
  const words = (s: MiniSample) => new Set(norm(s.user_turn).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  let target: MiniSample | null = null; let phrase = '';
  for (const s of [...list].reverse()) {
    const w = [...words(s)];
    for (let i = 0; i + 5 <= w.length && !target; i++) {
      const p = w.slice(i, i + 5);
      if (list.filter((x) => { const xs = words(x); return p.every((t) => xs.has(t)); }).length === 1) { target = s; phrase = p.join(' '); }
    }
    if (target) break;
  }
  test.skip(!target, 'no unique five words in this results set');
  await page.goto('/examples/');
  await page.getByTestId('ex-model').selectOption(m.submission.id);
  await page.getByTestId('ex-dataset').selectOption(d);
  await page.getByTestId('ex-search').fill(phrase);
  await page.getByTestId('ex-apply').click();
  await expect(page.locator(`article.example[data-sample-id="${target!.id}"]`)).toBeVisible();
  // Other samples match only through their item's question or answer (which the search covers too).
  for (const card of await page.locator('article.example').all()) {
    const text = norm((await card.locator('xpath=..').textContent()) ?? '');
    for (const t of phrase.split(' ')) expect(text).toContain(t);
  }
  expect(page.url()).toContain('q=');
  await expectNoProblems(problems);
});

test('filters by condition and label show only matching examples', async ({ page }) => {
  const m = S[0]!;
  const d = m.datasets[0]!.dataset;
  const withLabel = samples(m.submission.id, d).find((s) => s.verdicts[0]?.kind === 'label' && s.condition === 't1.0');
  test.skip(!withLabel, 'no labelled t1.0 sample');
  const label = withLabel!.verdicts[0]!.label!;
  await page.goto(`/examples/?model=${m.submission.id}&dataset=${d}`);
  await page.getByTestId('ex-condition').selectOption('t1.0');
  await page.getByTestId('ex-label').selectOption(label);
  await page.getByTestId('ex-apply').click();
  const cards = page.locator('article.example');
  await expect(cards.first()).toBeVisible();
  const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-sample-id') ?? ''));
  for (const id of ids) expect(id.split('~')[1]).toBe('t1.0');
  for (const l of await cards.locator('[data-label]').evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))) expect(l).toBe(label);
});

const PAYLOAD = 'Is that right? <script>alert(1)</script> <img src=x onerror=alert(1)> [see the proof](javascript:alert(1)) <a href="javascript:alert(1)">click me</a>';

test('a generation with <script>, <img onerror> and javascript: payloads renders as text and runs nothing', async ({ page }) => {
  let xss: MiniSample | null = null;
  // The simulator's degenerate turns and the synthetic generator both emit <script>, <img onerror> and javascript: payloads.
  for (const s of allSamples()) if (/<script>alert\(.+\)<\/script>/.test(s.user_turn) && s.user_turn.includes('onerror') && s.user_turn.includes('javascript:')) { xss = s; break; }
  if (!xss) {
    // Results without such a payload (e.g. a real model's): put one into the shard as served, so the same rendering path is tested.
    const m = S[0]!;
    xss = { ...samples(m.submission.id, m.datasets[0]!.dataset).find((s) => s.condition === 'greedy')!, user_turn: PAYLOAD };
    const target = xss;
    await page.route(`**/data/samples/${encodeURIComponent(target.submission_id)}/${target.dataset}-*.json`, async (route) => {
      const res = await route.fetch();
      const shard = await res.json();
      for (const it of shard.items) for (const s of it.samples) if (s.id === target.id) s.user_turn = PAYLOAD;
      await route.fulfill({ response: res, json: shard });
    });
  }
  const dialogs: string[] = [];
  page.on('dialog', async (d) => { dialogs.push(d.message()); await d.dismiss(); });
  const problems = watchErrors(page);
  for (const url of [permalink(xss), `/examples/?model=${xss.submission_id}&dataset=${xss.dataset}&condition=${xss.condition}`]) {
    await page.goto(url);
    const card = page.locator(`article.example[data-sample-id="${xss.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('user-turn')).toHaveText(xss.user_turn);
    await expect(card.getByTestId('user-turn')).toContainText('<script>alert(');
    // No element was created from the payload: no script with it, no <img src=x>, no javascript: link.
    expect(await page.evaluate(() => [...document.scripts].filter((s) => s.textContent?.includes('alert(')).length)).toBe(0);
    expect(await card.locator('script, img, a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('img[src="x"], a[href^="javascript:"]').count()).toBe(0);
    await page.waitForTimeout(300);
  }
  expect(dialogs).toEqual([]);
  await expectNoProblems(problems);
});

test('nothing loads all samples: the example browser fetches the search directory and one facets file (no term file without words) and a few shards', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/data/')) urls.push(new URL(r.url()).pathname); });
  await page.goto(`/examples/?model=${S[0]!.submission.id}&dataset=${S[0]!.datasets[0]!.dataset}`);
  await expect(page.locator('article.example').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const indices = urls.filter((u) => u.startsWith('/data/index/'));
  const shards = urls.filter((u) => /^\/data\/samples\/.*-\d+\.json$/.test(u));
  const d = S[0]!.datasets[0]!.dataset;
  expect(indices).toHaveLength(2);
  expect(indices[0]).toBe(`/data/index/${d}/index.json`);
  expect(indices[1]).toMatch(new RegExp(`^/data/index/${d}/facets-\\d+\\.json$`));
  expect(shards.length).toBeGreaterThan(0);
  expect(new Set(shards.map((u) => u.split('/')[3])).size).toBe(1); // one model only
});
