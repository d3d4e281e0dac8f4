import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * The temperature panels draw each rate's 95% interval as a bar (with 40 items a line from 0% to 10% is no certain
 * rise), wherever they are shown: every point has its bar around it, the caption says what the bars are, and the
 * text alternative reads the intervals out.
 */
const S = summaries();
test.skip(S.length === 0, 'needs results');

test('every temperature chart draws each point\'s 95% interval as a bar and says so', async ({ page }) => {
  for (const path of ['/charts/temperature/', `/models/${S[0]!.submission.id}/`]) {
    await page.goto(path);
    const figs = page.locator('figure[data-chart="temperature"]');
    expect(await figs.count(), path).toBeGreaterThan(0);
    for (const cap of await figs.locator('figcaption').allTextContents()) {
      expect(cap, path).toMatch(/bar is the rate's 95% interval, the one the table and the leaderboard show/);
      expect(cap, path).not.toMatch(/intervals are in the (data )?table|CIs are in the table/);
    }
    const geometry = await figs.first().locator('svg.chart').evaluateAll((svgs) => svgs.flatMap((svg) => [...svg.querySelectorAll('circle')].map((c) => {
      const bar = c.previousElementSibling;
      const v = bar?.classList.contains('ci-bar') ? bar.querySelector('line') : null;
      const n = (el: Element | null | undefined, a: string) => Number(el?.getAttribute(a));
      return { cx: n(c, 'cx'), cy: n(c, 'cy'), x: n(v, 'x1'), top: Math.min(n(v, 'y1'), n(v, 'y2')), bottom: Math.max(n(v, 'y1'), n(v, 'y2')) };
    })));
    expect(geometry.length, path).toBeGreaterThan(0);
    for (const g of geometry) {
      expect(g.x, `${path}: a bar at every point`).toBe(g.cx);
      expect(g.top, path).toBeLessThanOrEqual(g.cy);
      expect(g.bottom, path).toBeGreaterThanOrEqual(g.cy);
    }
    // Somewhere the interval has width (0 of 8 greedy turns still has an upper bound above 0).
    expect(geometry.some((g) => g.bottom - g.top > 1), path).toBe(true);
    const desc = (await figs.first().locator('svg.chart desc').first().textContent()) ?? '';
    expect(desc, path).toMatch(/95% interval/);
    expect(desc, path).toMatch(/T=0 [^;,]*%\s*\[\d+\.\d–\d+\.\d\]/);
  }
});

test('every temperature panel names both axes: temperature along, follow-up rate up, its label clear of the tick labels', async ({ page }) => {
  for (const path of ['/charts/temperature/', `/models/${S[0]!.submission.id}/`]) {
    await page.goto(path);
    const panels = page.locator('figure[data-chart="temperature"] svg.chart');
    expect(await panels.count(), path).toBeGreaterThan(0);
    for (const svg of await panels.all()) {
      await expect(svg.locator('text', { hasText: /^temperature$/ }), path).toHaveCount(1);
      const y = svg.locator('text', { hasText: /^genuine follow-up rate$/ });
      await expect(y, path).toHaveCount(1);
      const label = (await y.boundingBox())!;
      const ticks = await svg.locator('text').evaluateAll((ts) => ts.filter((t) => /^\d+%$/.test(t.textContent!)).map((t) => t.getBoundingClientRect().left));
      expect(ticks.length, path).toBeGreaterThan(0);
      expect(label.x + label.width, `${path}: the axis label left of the tick labels`).toBeLessThanOrEqual(Math.min(...ticks));
    }
  }
});
