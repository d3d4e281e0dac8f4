import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * A chart's hover text is an SVG <title>; Svelte dropped the lone space between two expressions inside one, so the
 * slope chart read "→ t1.014.3%" and each failure bar "Genuine follow-up2.5%".
 */
const S = summaries();
const RATE = String.raw`[<>]?\d+(\.\d)?%`;

test('the slope and failure-profile tooltips keep the space between a condition or label and its rate', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no charts');
  await page.goto('/');
  const slope = await page.locator('[data-finding="slope"] svg.chart g[data-model] > title').allTextContents();
  expect(slope.length).toBeGreaterThan(0);
  for (const t of slope) expect(t).toMatch(new RegExp(`: greedy ${RATE} → \\S+ ${RATE}, paired change `));
  // The home page's bars are one per family, drawn under the family's name: the tooltip names the family too.
  const family = await page.locator('[data-finding="failures"] svg.chart g[data-model] rect > title').allTextContents();
  expect(family.length).toBeGreaterThan(0);
  for (const t of family) expect(t).toMatch(new RegExp(`^[\\w.-]+, (1 model|\\d+ models pooled): [A-Z][\\w -]*[a-z] ${RATE} \\(\\d+ of \\d+\\)$`));

  await page.goto('/charts/failure-profiles/');
  const bars = await page.locator('svg.chart g[data-model] rect > title').allTextContents();
  expect(bars.length).toBeGreaterThan(0);
  for (const t of bars) expect(t).toMatch(new RegExp(`: [A-Z][\\w -]*[a-z] ${RATE} \\(\\d+ of \\d+\\)$`));
});
