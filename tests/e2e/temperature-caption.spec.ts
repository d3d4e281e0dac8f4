import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * The temperature panels draw point estimates only (8 lines with whiskers would hide each other); wherever they are
 * shown, the caption must say so and where the intervals are, or rising lines over 40 items read as certain rises.
 */
const S = summaries();
test.skip(S.length === 0, 'needs results');

test('every temperature chart says its intervals are in the table', async ({ page }) => {
  for (const path of ['/charts/temperature/', `/models/${S[0]!.submission.id}/`]) {
    await page.goto(path);
    const figs = page.locator('figure[data-chart="temperature"]');
    expect(await figs.count(), path).toBeGreaterThan(0);
    for (const cap of await figs.locator('figcaption').allTextContents()) expect(cap, path).toMatch(/(95% intervals|CIs) are in the (data )?table/);
  }
});
