import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

const S = summaries();

test('at 360 px no model page scrolls sideways: the weights pill (repo@revision) wraps inside the page', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no model pages');
  await page.setViewportSize({ width: 360, height: 800 });
  const wide: Record<string, number> = {};
  for (const s of S) {
    await page.goto(`/models/${s.submission.id}/`);
    const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    if (sw > cw) wide[s.submission.id] = sw;
  }
  expect(wide, 'scrollWidth of the model pages wider than 360 px').toEqual({});
});
