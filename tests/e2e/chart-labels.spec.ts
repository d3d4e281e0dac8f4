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
