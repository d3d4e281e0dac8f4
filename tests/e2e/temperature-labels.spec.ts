import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * The temperature panel of a family with many models (the demo's 8 Qwen3.5 models): each line is named at its end, no
 * two names overlap each other or the panel's other text, and pointing at or focusing one line fades the rest. Before,
 * a panel of 8 lines had only a legend of 8 colours beneath it.
 */
const S = summaries();
test.skip(S.length === 0, 'needs results');

interface Box { text: string; x0: number; y0: number; x1: number; y1: number }
const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

for (const width of [1280, 360]) {
  test(`at ${width} px every line of every temperature panel is named at its end, and no two labels overlap`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/charts/temperature/', `/models/${S.find((s) => s.submission.family.startsWith('qwen'))?.submission.id ?? S[0]!.submission.id}/`]) {
      await page.goto(path);
      const panels = await page.locator('figure[data-chart="temperature"] svg.chart').evaluateAll((svgs) => svgs.map((svg) => {
        const box = (t: Element) => { const r = t.getBoundingClientRect(); return { text: t.textContent ?? '', x0: r.left, y0: r.top, x1: r.right, y1: r.bottom }; };
        const frame = svg.getBoundingClientRect();
        return {
          lines: svg.querySelectorAll('[data-model]').length,
          labels: [...svg.querySelectorAll('.line-label text')].map(box),
          others: [...svg.querySelectorAll('text')].filter((t) => !t.closest('.line-label')).map(box),
          frame: { x0: frame.left, y0: frame.top, x1: frame.right, y1: frame.bottom },
        };
      }));
      expect(panels.length, path).toBeGreaterThan(0);
      expect(Math.max(...panels.map((p) => p.lines)), `${path}: a panel with several lines`).toBeGreaterThan(1);
      for (const p of panels) {
        expect(p.labels.length, `${path}: one label per line`).toBe(p.lines);
        expect(new Set(p.labels.map((l) => l.text)).size, `${path}: labels tell the lines apart`).toBe(p.lines);
        for (const [i, a] of p.labels.entries()) {
          for (const b of p.labels.slice(i + 1)) expect(overlap(a, b), `${path}: "${a.text}" and "${b.text}" overlap`).toBe(false);
          for (const o of p.others) expect(overlap(a, o), `${path}: "${a.text}" covers "${o.text}"`).toBe(false);
          expect(a.x1 <= p.frame.x1 + 0.5 && a.y0 >= p.frame.y0 - 0.5 && a.y1 <= p.frame.y1 + 0.5, `${path}: "${a.text}" inside its panel`).toBe(true);
        }
      }
    }
  });
}

test('pointing at a line\'s label, or focusing one of its points, fades the other lines of the panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/charts/temperature/');
  const svg = page.locator('figure[data-chart="temperature"] svg.chart').filter({ has: page.locator('[data-model] + [data-model]') }).first();
  const opacities = () => svg.locator('[data-model]').evaluateAll((gs) => gs.map((g) => getComputedStyle(g).opacity));
  expect(new Set(await opacities())).toEqual(new Set(['1']));
  await svg.locator('.line-label text').nth(0).hover();
  const hovered = await opacities();
  expect(hovered[0]).toBe('1');
  expect(hovered.filter((o) => o !== '1').length).toBe(hovered.length - 1);
  await page.mouse.move(0, 0);
  await svg.locator('[data-model]').nth(1).locator('[role="img"]').first().focus();
  const focused = await opacities();
  expect(focused[1]).toBe('1');
  expect(focused.filter((o) => o !== '1').length).toBe(focused.length - 1);
});

test('a label\'s leader cannot be read as data: dotted and thinner than the line it names', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/charts/temperature/');
  const svg = page.locator('figure[data-chart="temperature"] svg.chart').filter({ has: page.locator('[data-model] + [data-model]') }).first();
  const pairs = await svg.locator('[data-model]').evaluateAll((gs) => gs.flatMap((g) => {
    const leader = g.querySelector('.line-label line');
    if (!leader) return [];
    return [{ line: parseFloat(getComputedStyle(g.querySelector('path')!).strokeWidth), width: parseFloat(getComputedStyle(leader).strokeWidth), dash: getComputedStyle(leader).strokeDasharray }];
  }));
  // Before: a solid 1.5 px leader in the line's own colour beside its 2 px line, sloping to the moved label.
  expect(pairs.length, 'a panel of several lines has leaders').toBeGreaterThan(0);
  for (const p of pairs) {
    expect(p.dash).not.toBe('none');
    expect(p.width).toBeLessThan(p.line / 2);
  }
});
