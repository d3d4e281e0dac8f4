import { expect, test } from '@playwright/test';
import { expectNoProblems, summaries, watchErrors } from './helpers.ts';

const S = summaries();
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];
test.skip(S.length < 3, 'needs results for at least three models');

const order = (page: import('@playwright/test').Page) => page.locator('#leaderboard tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));

test('sorting by a column reorders the table, and clicking again reverses it', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('dataset-select')).toBeVisible();
  const before = await order(page);
  await page.locator('button[data-sort="name"]').click();
  const byName = await order(page);
  expect(byName).not.toEqual(before);
  await expect(page.locator('th[aria-sort="ascending"] button[data-sort="name"]')).toBeVisible();
  await page.locator('button[data-sort="name"]').click();
  expect(await order(page)).toEqual([...byName].reverse());
  await page.locator('button[data-sort="size"]').click();
  const sizes = await page.locator('#leaderboard tbody tr').evaluateAll((rows) => rows.map((r) => r.children[3]?.textContent ?? ''));
  const nums = sizes.map((s) => parseFloat(s));
  expect(nums).toEqual([...nums].sort((a, b) => b - a));
  await expectNoProblems(problems);
});

test('family and size filters narrow the table', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('family-filter')).toBeVisible();
  const all = await page.locator('#leaderboard tbody tr').count();
  const fam = S[0]!.submission.family;
  await page.getByTestId('family-filter').selectOption(fam);
  // Filtered-out rows stay in the server-rendered table, hidden.
  const rows = page.locator('#leaderboard tbody tr:not([hidden])');
  const n = await rows.count();
  expect(n).toBeLessThan(all);
  expect(n).toBeGreaterThan(0);
  for (const f of await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-family')))) expect(f).toBe(fam);
  await page.getByTestId('family-filter').selectOption('');
  await page.getByTestId('size-filter').selectOption('small');
  const small = await rows.count();
  expect(small).toBeLessThan(all);
});

test('the dataset selector switches every number to that dataset', async ({ page }) => {
  test.skip(datasets.length < 2, 'needs two datasets');
  const problems = watchErrors(page);
  await page.goto('/');
  const cells = () => page.locator('#leaderboard tbody td[data-metric]').allTextContents();
  const before = await cells();
  await expect(page.locator('#leaderboard caption')).toContainText('GSM8K');
  await page.getByTestId('dataset-select').selectOption(datasets[1]!);
  await expect(page.locator('#leaderboard')).toHaveAttribute('data-dataset', datasets[1]!);
  await expect.poll(cells).not.toEqual(before);
  expect(page.url()).toContain(`dataset=${datasets[1]}`);
  // The choice survives a reload (it is in the URL).
  await page.reload();
  await expect(page.getByTestId('dataset-select')).toHaveValue(datasets[1]!);
  await expectNoProblems(problems);
});

test('keyboard: skip link first, visible focus, sortable headers reachable by Tab', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.locator('a.skip');
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.locator('button[data-sort="greedy"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('th[aria-sort="descending"] button[data-sort="greedy"]')).toBeVisible();
});

test('dark mode follows the system and the toggle overrides it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await bg()).toBe('rgb(18, 20, 23)');
  await page.locator('#theme-toggle').click();
  expect(await bg()).toBe('rgb(255, 255, 255)');
  await page.reload();
  expect(await bg()).toBe('rgb(255, 255, 255)');
});

test('at 360 px wide the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const paths = ['/', `/models/${S[0]!.submission.id}/`, `/examples/?model=${S[0]!.submission.id}&dataset=${datasets[0]}`, '/charts/failure-profiles/',
    '/charts/decoupling/', '/charts/temperature/', '/charts/perturbations/', '/judges/', '/methodology/', '/submit/', '/downloads/', '/changelog/'];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(sw, path).toBeLessThanOrEqual(cw + 1);
  }
});
