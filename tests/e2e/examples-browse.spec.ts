import { expect, test } from '@playwright/test';
import { expectNoProblems, permalink, samples, summaries, watchErrors } from './helpers.ts';

const S = summaries();
test.skip(S.length < 2, 'needs results for at least two models');

test('"Load more" eventually shows every sample of a model × dataset, none skipped', async ({ page }) => {
  test.setTimeout(60_000);
  const problems = watchErrors(page);
  const m = S[0]!;
  const d = m.datasets[0]!.dataset;
  const expected = samples(m.submission.id, d).map((s) => s.id).sort();
  await page.goto(`/examples/?model=${encodeURIComponent(m.submission.id)}&dataset=${d}`);
  await expect(page.locator('article.example').first()).toBeVisible();
  const more = page.getByTestId('ex-more');
  for (let i = 0; i < 200; i++) {
    await expect(page.getByTestId('ex-status')).not.toContainText('Loading');
    if (await more.count() === 0) break;
    await more.click();
  }
  const shown = await page.locator('article.example').evaluateAll((els) => els.map((e) => e.getAttribute('data-sample-id') ?? ''));
  expect(new Set(shown).size).toBe(shown.length);
  expect([...shown].sort()).toEqual(expected);
  await expectNoProblems(problems);
});

test('a crafted permalink cannot show one model\'s sample under another model\'s name', async ({ page }) => {
  const [a, b] = [S[0]!, S[1]!];
  const d = b.datasets[0]!.dataset;
  const target = samples(b.submission.id, d)[0]!;
  const urls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/data/')) urls.push(new URL(r.url()).pathname); });
  // The dataset parameter climbs out of model a's folder into model b's.
  const crafted = `/examples/?model=${encodeURIComponent(a.submission.id)}&dataset=${encodeURIComponent(`../${b.submission.id}/${d}`)}&sample=${encodeURIComponent(target.id)}`;
  await page.goto(crafted);
  await expect(page.getByTestId('ex-status')).not.toContainText('Loading');
  await page.waitForLoadState('networkidle');
  for (const card of await page.locator('article.example').all()) {
    await expect(card).toHaveAttribute('data-model', target.submission_id);
  }
  for (const u of urls) expect(u, 'fetches stay inside data/samples/<model>/').not.toContain('..');
  // Compare view with a model id that is not on the site: nothing outside the known models is fetched.
  urls.length = 0;
  await page.goto(`/examples/?view=compare&dataset=${d}&item=${encodeURIComponent(target.item_id)}&a=${encodeURIComponent(a.submission.id)}&b=..&condition=greedy`);
  await page.waitForLoadState('networkidle');
  for (const u of urls) expect(u.split('/')[3], u).not.toBe('..');
  expect(urls.filter((u) => !S.some((s) => u.startsWith(`/data/samples/${s.submission.id}/`))), 'only known models are fetched').toEqual([]);
});

test('a permalink still opens its example after the fixes', async ({ page }) => {
  const m = S[1]!;
  const target = samples(m.submission.id, m.datasets[0]!.dataset)[3]!;
  await page.goto(permalink(target));
  await expect(page.locator('article.example')).toHaveCount(1);
  await expect(page.locator('article.example')).toHaveAttribute('data-sample-id', target.id);
});

test('a permalink whose shard fails to load says so instead of loading forever', async ({ page }) => {
  const m = S[0]!;
  const target = samples(m.submission.id, m.datasets[0]!.dataset)[0]!;
  await page.route(`**/data/samples/${encodeURIComponent(target.submission_id)}/${target.dataset}-*.json`, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(permalink(target));
  await expect(page.getByTestId('ex-status')).toContainText('Could not load', { timeout: 5000 });
  await expect(page.getByTestId('ex-status')).not.toContainText('Loading');
  expect(errors).toEqual([]);
});

test('the example list\'s headings descend one level at a time (h1, a hidden h2 per item, h3 per example)', async ({ page }) => {
  const m = S[0]!;
  await page.goto(`/examples/?model=${encodeURIComponent(m.submission.id)}&dataset=${m.datasets[0]!.dataset}`);
  await expect(page.locator('article.example').first()).toBeVisible();
  const levels = await page.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  const jumps = levels.flatMap((l, i) => (i > 0 && l > levels[i - 1]! + 1 ? [`h${levels[i - 1]} → h${l} at heading ${i}`] : []));
  expect(jumps).toEqual([]);
});

test('the cards of one item have distinct headings, each naming its condition (screen-reader heading lists heard duplicates)', async ({ page }) => {
  const m = S[0]!;
  await page.goto(`/examples/?model=${encodeURIComponent(m.submission.id)}&dataset=${m.datasets[0]!.dataset}`);
  await expect(page.locator('article.example').first()).toBeVisible();
  const groups = await page.locator('section.item-group').evaluateAll((sections) => sections.map((s) => [...s.querySelectorAll('article.example')].map((a) => ({
    condition: a.getAttribute('data-condition') ?? '',
    heading: a.querySelector('h3')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  }))));
  expect(groups.some((g) => g.length > 1), 'an item with several cards').toBe(true);
  for (const cards of groups) {
    const headings = cards.map((c) => c.heading);
    expect(new Set(headings).size, headings.join(' | ')).toBe(headings.length);
    for (const c of cards) expect(c.heading).toContain(`condition ${c.condition}`);
  }
  // As assistive technology reads them: the accessible name of the first card's heading names its condition.
  const first = page.locator('section.item-group').first().locator('article.example').first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveAccessibleName(new RegExp(`condition ${(await first.getAttribute('data-condition'))!.replace(/[.#]/g, '\\$&')}$`));
});
