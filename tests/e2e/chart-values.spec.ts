import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * A chart mark's values are its SVG <title>, shown on hover only. Each chart's values are also in a table in a
 * disclosure beside it, reached by keyboard and touch: open on the chart pages, closed ("Show values") on the findings.
 */
const S = summaries();

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
