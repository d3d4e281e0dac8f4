import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

const S = summaries();
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];

test('switching datasets quickly shows the last choice\'s numbers even when an earlier response arrives later', async ({ page }) => {
  test.skip(S.length < 2 || datasets.length < 3, 'needs three datasets');
  const [, slow, last] = datasets as [string, string, string];
  const cells = () => page.locator('#leaderboard tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-model'), ...[...r.querySelectorAll('td[data-metric]')].map((c) => c.textContent)].join('|')));
  // What the table of the last dataset looks like, from its own page.
  await page.goto(`/leaderboard/${last}/`);
  const expected = await cells();
  await page.route(`**/leaderboard/${slow}/`, async (route) => {
    const res = await route.fetch();
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response: res });
  });
  await page.goto('/');
  await expect(page.getByTestId('dataset-select')).toBeVisible();
  await page.getByTestId('dataset-select').selectOption(slow);
  await page.getByTestId('dataset-select').selectOption(last);
  await page.waitForTimeout(2500);
  await expect(page.locator('#leaderboard')).toHaveAttribute('data-dataset', last);
  expect(await cells()).toEqual(expected);
  expect(new URL(page.url()).searchParams.get('dataset')).toBe(last);
});

test('when a dataset fails to load, the table keeps naming the dataset its numbers belong to', async ({ page }) => {
  test.skip(S.length < 2 || datasets.length < 2, 'needs two datasets');
  const [first, broken] = datasets as [string, string];
  await page.route(`**/leaderboard/${broken}/`, (route) => route.fulfill({ status: 500, body: 'no' }));
  await page.goto('/');
  await expect(page.getByTestId('dataset-select')).toBeVisible();
  const before = await page.locator('#leaderboard tbody td[data-metric]').allTextContents();
  await page.getByTestId('dataset-select').selectOption(broken);
  await expect(page.locator('[aria-live="polite"]').first()).toContainText('Could not load');
  expect(await page.locator('#leaderboard tbody td[data-metric]').allTextContents()).toEqual(before);
  await expect(page.locator('#leaderboard')).toHaveAttribute('data-dataset', first);
  await expect(page.getByTestId('dataset-select')).toHaveValue(first);
});
