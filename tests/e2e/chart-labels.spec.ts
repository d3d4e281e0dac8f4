import { expect, test } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * Row labels of the perturbation chart, where the home page (and a phone) draws its narrow variant: a name too long
 * for the label column was cut at its end, so "Sim: Qwen3.5 122B-A10B" read "Sim: Qwen3.5 122…". Labels follow the
 * scatter's rule (point-label.ts): the words every name starts with go first, then the middle, never the size.
 */
const S = summaries();

test('the perturbation chart on / labels every model by a distinct name that keeps its end (the size)', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no charts');
  const last = new Set(S.map((s) => s.submission.display_name.split(' ').at(-1)!));
  await page.goto('/');
  const svg = page.locator('[data-finding="perturbations"] svg.chart').filter({ visible: true });
  await expect(svg).toHaveCount(1);
  // Model names are right-aligned to the plot; tick labels ("+10") at the chart's edge may be too.
  const labels = (await svg.locator('text[text-anchor="end"]').allTextContents()).filter((t) => !/^[+−-]?\d+$/.test(t));
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect([...last].some((w) => l.endsWith(w)), `"${l}" keeps its model's last word`).toBe(true);
  // Stacked panels repeat the label column: each panel's labels are distinct.
  const panels = new Set(labels).size;
  expect(labels.length % panels).toBe(0);
  expect(panels).toBe(S.length);
});

test('the perturbation chart says its unit, and side by side its panels\' edge ticks ("+40", "-40") stay apart', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no charts');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/charts/perturbations/');
  const svg = page.locator('figure[data-chart="perturbations"] svg.chart.wide');
  await expect(svg).toBeVisible();
  await expect(svg.locator('text', { hasText: /^change vs greedy, percentage points$/ })).toHaveCount(1);
  const gaps = await svg.evaluate((el) => {
    const ts = [...el.querySelectorAll('text')].filter((t) => /^[+−-]?\d+$/.test(t.textContent!.trim()))
      .map((t) => { const r = t.getBoundingClientRect(); return { y: Math.round(r.top), l: r.left, r: r.right, t: t.textContent! }; });
    const rows = new Map<number, typeof ts>();
    for (const t of ts) rows.set(t.y, [...(rows.get(t.y) ?? []), t]);
    return [...rows.values()].flatMap((row) => row.sort((a, b) => a.l - b.l).slice(1).map((t, i) => ({ pair: `${row[i]!.t} ${t.t}`, gap: t.l - row[i]!.r })));
  });
  // A panel's last tick is positive and the next panel's first negative: closer than the ticks of one axis, the two
  // panels read as one axis.
  const across = gaps.filter((g) => /^\+\d+ [−-]\d+$/.test(g.pair));
  const within = gaps.filter((g) => !across.includes(g));
  expect(across.length).toBeGreaterThan(0);
  expect(within.length).toBeGreaterThan(0);
  const closest = Math.min(...within.map((g) => g.gap));
  for (const g of across) expect(g.gap, `"${g.pair}" against ${closest.toFixed(0)} px within a panel`).toBeGreaterThan(closest);
});
