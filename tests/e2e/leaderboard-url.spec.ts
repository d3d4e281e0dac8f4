import { expect, test, type Page } from '@playwright/test';
import { expectNoProblems, summaries, watchErrors } from './helpers.ts';

const S = summaries();
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];
test.skip(S.length < 3, 'needs results for at least three models');

/** What the reader sees: the visible rows in order with their numbers, the controls, and the sorted header. */
async function view(page: Page) {
  return {
    rows: await page.locator('#leaderboard tbody tr:not([hidden])').evaluateAll((rs) => rs.map((r) => [r.getAttribute('data-model'), ...[...r.querySelectorAll('td[data-metric]')].map((c) => c.textContent)].join('|'))),
    dataset: await page.getByTestId('dataset-select').inputValue(),
    family: await page.getByTestId('family-filter').inputValue(),
    size: await page.getByTestId('size-filter').inputValue(),
    sorted: await page.locator('th[aria-sort="ascending"], th[aria-sort="descending"]').evaluateAll((ths) => ths.map((t) => `${t.getAttribute('data-sort-key')} ${t.getAttribute('aria-sort')}`)),
  };
}

test('a view set with the controls survives copying its URL into a fresh page', async ({ page, context }) => {
  const problems = watchErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('dataset-select')).toBeVisible();
  if (datasets.length > 1) {
    await page.getByTestId('dataset-select').selectOption(datasets[1]!);
    await expect(page.locator('#leaderboard')).toHaveAttribute('data-dataset', datasets[1]!);
  }
  const fam = S[0]!.submission.family;
  await page.getByTestId('family-filter').selectOption(fam);
  await page.locator('button[data-sort="accuracy"]').click();
  await page.locator('button[data-sort="accuracy"]').click();
  const before = await view(page);
  expect(before.sorted).toEqual(['accuracy ascending']);
  expect(before.family).toBe(fam);
  const url = page.url();
  const q = new URL(url).searchParams;
  expect(q.get('family')).toBe(fam);
  expect(q.get('sort')).toBe('accuracy');
  expect(q.get('order')).toBe('asc');

  const fresh = await context.newPage();
  const freshProblems = watchErrors(fresh);
  await fresh.goto(url);
  await expect(fresh.locator('#leaderboard')).toHaveAttribute('data-dataset', before.dataset);
  await expect.poll(() => view(fresh)).toEqual(before);
  await expectNoProblems([...problems, ...freshProblems]);
});

test('rows without results stay last whichever way a column is sorted', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('dataset-select')).toBeVisible();
  const metricLast = async () => page.locator('#leaderboard tbody tr:not([hidden])').evaluateAll((rs) => {
    const has = rs.map((r) => r.hasAttribute('data-s-greedy'));
    const firstMissing = has.indexOf(false);
    return firstMissing < 0 || has.slice(firstMissing).every((h) => !h);
  });
  for (const clicks of [1, 2]) {
    await page.goto('/');
    for (let i = 0; i < clicks; i++) await page.locator('button[data-sort="greedy"]').click();
    expect(await metricLast(), `greedy sorted ${clicks === 1 ? 'descending' : 'ascending'}`).toBe(true);
  }
});

test('a condition chosen for the sampled column is in the URL and reloads', async ({ page }) => {
  await page.goto('/');
  const select = page.getByTestId('condition-select');
  test.skip(await select.count() === 0, 'needs two sampled conditions');
  const enabled = await select.locator('option:not([disabled])').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  test.skip(enabled.length < 2, 'needs two sampled conditions on this dataset');
  const current = await select.inputValue();
  const next = enabled.find((c) => c !== current)!;
  await select.selectOption(next);
  await expect(page.locator('#leaderboard')).toHaveAttribute('data-condition', next);
  expect(new URL(page.url()).searchParams.get('condition')).toBe(next);
  const cells = await page.locator('#leaderboard td[data-metric="hot"]').allTextContents();
  await page.reload();
  await expect(page.locator('#leaderboard')).toHaveAttribute('data-condition', next);
  expect(await page.locator('#leaderboard td[data-metric="hot"]').allTextContents()).toEqual(cells);
});

test('every page has og: tags with an absolute PNG share image; methodology and model pages offer BibTeX', async ({ page, request }) => {
  for (const path of ['/', '/methodology/', `/models/${S[0]!.submission.id}/`, '/charts/']) {
    await page.goto(path);
    const og = async (p: string) => page.locator(`meta[property="og:${p}"]`).getAttribute('content');
    for (const p of ['title', 'description', 'url', 'image']) expect(await og(p), `${path} og:${p}`).toBeTruthy();
    expect(new URL((await og('url'))!).pathname, path).toBe(path);
    const image = new URL((await og('image'))!);
    expect(image.pathname).toMatch(/\/og\/[a-z]+\.png$/);
    const res = await request.get(image.pathname);
    expect(res.status(), image.pathname).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
  }
  for (const path of ['/methodology/', `/models/${S[0]!.submission.id}/`]) {
    await page.goto(path);
    await expect(page.getByTestId('bibtex-benchmark')).toContainText('@misc{userturn_benchmark');
    await expect(page.getByTestId('bibtex-paper')).toContainText('2604.02315');
    await expect(page.getByTestId('cite').locator('button.copy-btn').first()).toBeVisible();
  }
});

test('a model page shows its rank interval, its family and a reproduce command without placeholders', async ({ page }) => {
  const id = S[0]!.submission.id;
  await page.goto(`/models/${id}/`);
  await expect(page.getByTestId('model-overview').getByTestId('rank').first()).toHaveText(/^\d+(–\d+)? of \d+$/);
  await expect(page.getByTestId('family-table').locator(`tr[data-model="${id}"]`)).toBeVisible();
  const cmd = page.getByTestId('reproduce');
  if (await cmd.count()) {
    await expect(cmd).toContainText(/submissions\/[^ ]+\.yaml --suite runners\/suites\/v\d+\.yaml/);
    await expect(cmd).not.toContainText('ORG');
  } else await expect(page.getByTestId('reproduce-missing')).toBeVisible();
});
