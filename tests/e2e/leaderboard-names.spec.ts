import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * The leaderboard's model column at desktop width: a review found "Sim: Qwen3.5 122B-A10B" on three lines at 1280 px,
 * the column squeezed by the rates beside it. A name takes two lines at most there, the table still fits its wrapper,
 * and a phone still does not scroll sideways.
 */
const S = summaries();
test.skip(S.length === 0, 'no results: no leaderboard rows');

/** Each row's model name and the number of lines its link is drawn on (its line boxes: one client rect per line). */
const nameLines = (page: import('@playwright/test').Page) => page.locator('#leaderboard tbody th[scope="row"] a').evaluateAll((as) => as.map((a) => {
  const rects = [...a.getClientRects()].filter((r) => r.width > 0);
  const lineHeight = parseFloat(getComputedStyle(a).lineHeight) || 1.2 * parseFloat(getComputedStyle(a).fontSize);
  const height = Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
  return { name: a.textContent, lines: new Set(rects.map((r) => Math.round(r.top))).size, byHeight: Math.round(height / lineHeight) };
}));

test('at 1280 px every model name in the leaderboard takes at most two lines, and the table fits without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const names = await nameLines(page);
  expect(names.length).toBeGreaterThan(0);
  const long = names.filter((n) => n.lines > 2 || n.byHeight > 2);
  expect(long, 'names on more than two lines').toEqual([]);
  const [sw, cw] = await page.locator('#leaderboard').evaluate((t) => [t.scrollWidth, t.parentElement!.clientWidth]);
  expect(sw, 'the table is no wider than its wrapper').toBeLessThanOrEqual(cw! + 1);
});

test('at 390 px the leaderboard page still does not scroll sideways, and names keep to two lines', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(sw).toBeLessThanOrEqual(cw! + 1);
  expect((await nameLines(page)).filter((n) => n.lines > 2)).toEqual([]);
});
