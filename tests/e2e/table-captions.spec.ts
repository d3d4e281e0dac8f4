import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * A wide table scrolls sideways inside its .table-wrap on a phone, and its <caption> took the table's width: the
 * failure-profile table's caption was one 1,264 px line of which 366 px showed. It wraps to the visible width now and
 * stays in view when the table is scrolled.
 */
const S = summaries();

test('at 390 px a scrolling table\'s caption wraps inside the visible width and stays in view when scrolled', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no tables');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/charts/failure-profiles/', `/models/${S[0]!.submission.id}/`]) {
    await page.goto(path);
    const boxes = await page.locator('.table-wrap').evaluateAll((wraps) => wraps.flatMap((w) => {
      const cap = w.querySelector('caption');
      const table = w.querySelector('table');
      if (!cap || !table || cap.classList.contains('visually-hidden') || !cap.checkVisibility()) return [];
      if (table.getBoundingClientRect().width <= w.clientWidth) return [];
      const box = () => { const a = cap.getBoundingClientRect(), b = w.getBoundingClientRect(); return { left: a.left - b.left, right: b.right - a.right }; };
      const before = box();
      w.scrollLeft = w.scrollWidth;
      const after = box();
      w.scrollLeft = 0;
      return [{ text: cap.textContent!.trim().slice(0, 40), before, after }];
    }));
    expect(boxes.length, `${path}: a table wider than the phone`).toBeGreaterThan(0);
    for (const b of boxes) {
      for (const [when, x] of [['before', b.before], ['scrolled', b.after]] as const) {
        expect(x.left, `${path} "${b.text}" ${when}`).toBeGreaterThanOrEqual(-1);
        expect(x.right, `${path} "${b.text}" ${when}`).toBeGreaterThanOrEqual(-1);
      }
    }
  }
});
