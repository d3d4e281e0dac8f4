import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * A chart mark's values are its SVG <title>, shown on hover and keyboard focus. Each chart's values are also in a table in a
 * disclosure beside it, reached by keyboard and touch: open on the chart pages, closed ("Show values") on the findings.
 */
const S = summaries();

test('every chart on the home, chart and model pages has its values in a table beside it', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no charts');
  const pages = ['/', '/charts/decoupling/', '/charts/temperature/', '/charts/perturbations/', '/charts/failure-profiles/', `/models/${S[0]!.submission.id}/`];
  for (const path of pages) {
    await page.goto(path);
    const charts = await page.locator('svg.chart[role="graphics-document"]').count();
    expect(charts, path).toBeGreaterThan(0);
    const without = await page.locator('svg.chart[role="graphics-document"]').evaluateAll((svgs) => svgs
      .filter((svg) => !svg.closest('figure.chart-fig, [data-finding]')?.querySelector('details.data table tbody tr'))
      .map((svg) => svg.querySelector('title')?.textContent));
    expect(without, `${path}: charts without a table of their values`).toEqual([]);
  }
});

test('a findings chart\'s "Show values" opens from the keyboard and lists each drawn model', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no charts');
  await page.goto('/');
  const card = page.locator('[data-finding="slope"]');
  const summary = card.locator('details.data summary');
  await expect(summary).toHaveText('Show values');
  await expect(card.locator('table')).toBeHidden();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(card.locator('table')).toBeVisible();
  const rows = card.locator('tbody tr');
  await expect(rows).toHaveCount(await card.locator('svg.chart g[data-model]').count());
  await expect(rows.first().locator('td')).toHaveText([/%$/, /%$/, /pp \[|—/]);
});

test('the chart pages\' captions point to the table, not to hovering', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no charts');
  for (const path of ['/charts/failure-profiles/', '/charts/temperature/']) {
    await page.goto(path);
    const captions = await page.locator('figure.chart-fig figcaption').allTextContents();
    expect(captions.length, path).toBeGreaterThan(0);
    for (const c of captions) {
      expect(c, path).not.toMatch(/hover/i);
      expect(c, path).toContain('data table below');
    }
  }
  // The failure-profile table gives each share with its count, as the segment's tooltip does.
  await page.goto('/charts/failure-profiles/');
  await expect(page.locator('figure.chart-fig tbody tr').first().locator('td.num').nth(1)).toHaveText(/^[<>]?\d+(\.\d)?% \(\d+ of \d+\)$|^—$/);
});
