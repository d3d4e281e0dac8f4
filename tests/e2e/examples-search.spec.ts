/** Cross-model search, side by side for every model, links from the leaderboard, and the example browser's URL state. */
import { expect, test, type Page } from '@playwright/test';
import { tokenize } from '../../src/lib/site/search.ts';
import { expectNoProblems, permalink, samples, summaries, watchErrors, type MiniSample } from './helpers.ts';

const S = summaries();
test.skip(S.length < 2, 'needs results for at least two models');

type Full = MiniSample & { question: string; response: string };
const label = (s: MiniSample) => (s.verdicts[0]?.kind === 'label' ? s.verdicts[0].label! : 'none');
const ids = (page: Page) => page.locator('article.example').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-model')}/${e.getAttribute('data-sample-id')}`));
const done = (page: Page) => expect(page.getByTestId('ex-status')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
const matching = async (page: Page) => Number(/of ([\d,]+) matching/.exec(await page.getByTestId('ex-status').innerText())![1]!.replace(/,/g, ''));

/** Every word of the query in the user turn, the question, the sample's answer or the item's (greedy) answer. */
function expected(d: string, l: string, words: string[]): string[] {
  const out: string[] = [];
  for (const m of S) {
    const list = samples(m.submission.id, d) as Full[];
    const itemAnswer = new Map<string, string>();
    for (const s of list) if (s.condition === 'greedy' || !itemAnswer.has(s.item_id)) itemAnswer.set(s.item_id, s.response);
    for (const s of list) {
      const toks = new Set(tokenize(`${s.user_turn} ${s.question} ${s.response} ${itemAnswer.get(s.item_id)}`));
      if (label(s) === l && words.every((w) => toks.has(w))) out.push(`${m.submission.id}/${s.id}`);
    }
  }
  return out;
}

test('a query across all models × a label × words finds every match of every model, and the URL restores it', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchErrors(page);
  const d = S[0]!.datasets[0]!.dataset;
  const last = S.filter((m) => m.datasets.some((x) => x.dataset === d)).at(-1)!;
  const target = samples(last.submission.id, d).find((s) => label(s) !== 'none' && tokenize(s.user_turn).filter((w) => w.length > 3).length >= 3)!;
  const l = label(target);
  const words = tokenize(target.user_turn).filter((w) => w.length > 3).slice(0, 3);
  const want = expected(d, l, words);
  expect(want).toContain(`${last.submission.id}/${target.id}`);

  await page.goto(`/examples/?model=${encodeURIComponent(S[0]!.submission.id)}&dataset=${d}`);
  await page.getByTestId('ex-model').selectOption('*');
  await done(page);
  await page.getByTestId('ex-label').selectOption(l);
  await done(page);
  await page.getByTestId('ex-search').fill(words.join(' ').toUpperCase());
  await page.getByTestId('ex-apply').click();
  await done(page);
  expect(await matching(page)).toBe(want.length);
  // Page through to the end: every match, none twice, each model's matches together.
  const more = page.getByTestId('ex-more');
  for (let i = 0; i < 100 && await more.count() > 0; i++) { await more.click(); await done(page); }
  const shown = await ids(page);
  expect([...shown].sort()).toEqual([...want].sort());
  const order = shown.map((x) => x.split('/')[0]).filter((m, i, a) => m !== a[i - 1]);
  expect(new Set(order).size).toBe(order.length);
  for (const l2 of await page.locator('article.example [data-label]').evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))) expect(l2).toBe(l);

  // The copied URL gives the same view after a reload.
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ models: '*', dataset: d, label: l, q: words.join(' ').toUpperCase() });
  await page.goto(url.pathname + url.search);
  await done(page);
  expect(await ids(page)).toEqual(shown);
  await expect(page.getByTestId('ex-model')).toHaveValue('*');
  await expect(page.getByTestId('ex-label')).toHaveValue(l);
  await expect(page.getByTestId('ex-search')).toHaveValue(words.join(' ').toUpperCase());
  await expectNoProblems(problems);
});

test('filters, condition and page round-trip through the URL', async ({ page }) => {
  const m = S[1]!;
  const d = m.datasets[0]!.dataset;
  await page.goto(`/examples/?model=${encodeURIComponent(m.submission.id)}&dataset=${d}`);
  await done(page);
  await page.getByTestId('ex-condition').selectOption('t1.0');
  await done(page);
  test.skip(await page.getByTestId('ex-more').count() === 0, 'fewer than two pages of t1.0 samples');
  await page.getByTestId('ex-more').click();
  await done(page);
  const before = await ids(page);
  expect(before.length).toBeGreaterThan(20);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ model: m.submission.id, dataset: d, condition: 't1.0', page: '2' });
  await page.reload();
  await done(page);
  expect(await ids(page)).toEqual(before);
  await expect(page.getByTestId('ex-condition')).toHaveValue('t1.0');
  await expect(page.getByTestId('ex-model')).toHaveValue(m.submission.id);
});

test('side by side with every model shows one column per model that has the item', async ({ page }) => {
  const problems = watchErrors(page);
  const a = S[0]!;
  const d = a.datasets[0]!.dataset;
  const target = samples(a.submission.id, d).find((s) => s.condition === 'greedy')!;
  const have = S.filter((m) => samples(m.submission.id, d).some((s) => s.item_id === target.item_id)).map((m) => m.submission.id);
  await page.goto(permalink(target));
  await page.getByTestId('ex-compare-all').click();
  const cols = page.getByTestId('side-by-side').locator('[data-compare-model]');
  await expect(cols).toHaveCount(have.length, { timeout: 20_000 });
  expect(await cols.evaluateAll((els) => els.map((e) => e.getAttribute('data-compare-model')))).toEqual([a.submission.id, ...have.filter((x) => x !== a.submission.id)]);
  for (const id of await page.locator('article.example').evaluateAll((els) => els.map((e) => e.getAttribute('data-sample-id')))) expect(id?.split('~')[0]).toBe(target.item_id);
  await page.reload();
  await expect(cols).toHaveCount(have.length, { timeout: 20_000 });
  await expectNoProblems(problems);
});

test('a leaderboard cell and a failure-bar segment open their filtered examples', async ({ page }) => {
  await page.goto('/');
  const row = page.locator('tr[data-model]').filter({ has: page.locator('td[data-metric="greedy"] a') }).first();
  const model = (await row.getAttribute('data-model'))!;
  await row.locator('td[data-metric="greedy"] a').click();
  await done(page);
  const cards = page.locator('article.example');
  await expect(cards.first()).toBeVisible();
  for (const c of await cards.evaluateAll((els) => els.map((e) => [e.getAttribute('data-model'), e.getAttribute('data-sample-id')]))) {
    expect(c[0]).toBe(model);
    expect(c[1]!.split('~')[1]).toBe('greedy');
  }
  await page.goto('/');
  const seg = page.locator(`tr[data-model="${model}"] svg.fbar a`).first();
  const href = (await seg.getAttribute('href'))!;
  const wantLabel = new URL(href, 'http://x').searchParams.get('label');
  await page.goto(href);
  await done(page);
  for (const l of await page.locator('article.example [data-label]').evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))) expect(l).toBe(wantLabel);
});
