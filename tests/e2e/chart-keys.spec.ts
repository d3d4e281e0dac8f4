import { expect, test, type Locator, type Page } from '@playwright/test';
import { summaries } from './helpers.ts';

/**
 * Every chart's marks by keyboard (ChartKeys.astro): a chart is one tab stop, its first mark; the arrow keys move
 * between marks (roving tabindex); a mark focused from the keyboard shows its hover text in a tooltip, which Escape
 * and leaving the mark hide. Before, no mark was focusable: their values were in hover tooltips and the tables only.
 */
const S = summaries();
test.skip(S.length === 0, 'no results: no charts');

const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  const svg = el?.closest('svg.chart');
  const marks = svg ? [...svg.querySelectorAll('[role="img"]')] : [];
  return { role: el?.getAttribute('role') ?? null, inChart: !!svg, index: el ? marks.indexOf(el) : -1, title: el?.querySelector(':scope > title')?.textContent ?? null,
    model: el?.closest('[data-model]')?.getAttribute('data-model') ?? null, chart: svg?.getAttribute('aria-labelledby') ?? null };
});
const tip = (page: Page): Locator => page.locator('.chart-tip');

/** Tab from the top of the page until focus is on a chart's mark, of a chart with `series` models or more. */
async function tabToChart(page: Page, series = 1, max = 80): Promise<Awaited<ReturnType<typeof focused>>> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.inChart && await page.evaluate(() => document.activeElement!.closest('svg')!.querySelectorAll('[data-model]').length) >= series) return f;
  }
  throw new Error(`no chart mark within ${max} tab stops`);
}

test('Tab reaches a chart\'s first mark; its tooltip gives the values of its table row; Escape hides it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/charts/decoupling/');
  const f = await tabToChart(page);
  expect(f.role).toBe('img');
  expect(f.index, 'the first mark is the chart\'s tab stop').toBe(0);
  await expect(tip(page)).toBeVisible();
  await expect(tip(page)).toHaveText(f.title!);
  // The tooltip's numbers are the model's row in the data table: accuracy and follow-up with their intervals.
  const row = page.locator(`figure[data-chart="decoupling"] tbody tr[data-model="${f.model}"]`).first();
  const [acc, fu] = await row.locator('td.num').evaluateAll((tds) => tds.slice(1).map((td) => td.textContent!.trim()));
  const name = (await row.locator('th').textContent())!.trim();
  expect(f.title).toContain(name);
  expect(f.title).toContain(`accuracy ${acc}`);
  expect(f.title).toContain(`follow-up ${fu}`);
  // A visible focus ring on the mark.
  expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
  // The tooltip sits by the mark.
  const [m, t] = [(await page.locator(':focus').boundingBox())!, (await tip(page).boundingBox())!];
  expect(Math.abs(t.x + t.width / 2 - (m.x + m.width / 2)), 'tooltip centred over its mark (or pushed in from the edge)').toBeLessThan(t.width / 2 + m.width);
  expect(Math.min(Math.abs(t.y + t.height - m.y), Math.abs(t.y - (m.y + m.height)))).toBeLessThan(16);
  await page.keyboard.press('Escape');
  await expect(tip(page)).toBeHidden();
  expect((await focused(page)).index, 'Escape keeps focus on the mark').toBe(0);
});

test('the arrow keys move between marks and the chart stays one tab stop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/charts/decoupling/');
  const first = await tabToChart(page);
  const count = await page.locator(':focus').evaluate((el) => el.closest('svg')!.querySelectorAll('[role="img"]').length);
  test.skip(count < 2, 'needs two points');
  await page.keyboard.press('ArrowRight');
  const second = await focused(page);
  expect(second.index).toBe(1);
  expect(second.chart).toBe(first.chart);
  await expect(tip(page)).toHaveText(second.title!);
  await page.keyboard.press('End');
  expect((await focused(page)).index).toBe(count - 1);
  await page.keyboard.press('Home');
  expect((await focused(page)).index).toBe(0);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).index).toBe(1);
  // Tab leaves the chart from any mark; Shift+Tab comes back to the mark last focused (roving tabindex).
  await page.keyboard.press('Tab');
  const after = await focused(page);
  expect(after.chart === first.chart && after.inChart, 'Tab left the chart').toBe(false);
  await expect(tip(page)).toBeHidden();
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).index).toBe(1);
});

test('in a temperature panel, left and right follow a line and up and down change line at the same temperature', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/charts/temperature/');
  const start = await tabToChart(page, 2);
  const t = (title: string | null) => /T=([\d.]+)/.exec(title ?? '')?.[1];
  await page.keyboard.press('ArrowRight');
  const right = await focused(page);
  expect(right.model).toBe(start.model);
  expect(Number(t(right.title))).toBeGreaterThan(Number(t(start.title)));
  await page.keyboard.press('ArrowDown');
  const down = await focused(page);
  expect(down.model).not.toBe(right.model);
  expect(t(down.title)).toBe(t(right.title));
  await expect(tip(page)).toHaveText(down.title!);
  await page.keyboard.press('ArrowUp');
  expect((await focused(page)).title).toBe(right.title);
});

test('every chart on the home, chart and model pages has exactly one mark in the tab order, with a name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/', '/charts/decoupling/', '/charts/temperature/', '/charts/perturbations/', '/charts/failure-profiles/', `/models/${S[0]!.submission.id}/`]) {
    await page.goto(path);
    const charts = await page.locator('svg.chart').evaluateAll((svgs) => svgs.filter((s) => s.getClientRects().length > 0).map((s) => ({
      title: s.querySelector('title')?.textContent, role: s.getAttribute('role'),
      stops: s.querySelectorAll('[tabindex="0"]').length, marks: s.querySelectorAll('[role="img"][tabindex]').length,
      unnamed: [...s.querySelectorAll('[role="img"]')].filter((m) => !m.querySelector(':scope > title')?.textContent?.trim()).length,
    })));
    expect(charts.length, path).toBeGreaterThan(0);
    for (const c of charts) {
      // Not role="img": that makes every child presentational, so a focused mark would have no name of its own.
      expect(c.role, `${path}: ${c.title}`).toBe('graphics-document');
      expect(c.marks, `${path}: ${c.title}`).toBeGreaterThan(0);
      expect(c.stops, `${path}: ${c.title}`).toBe(1);
      expect(c.unnamed, `${path}: ${c.title}`).toBe(0);
    }
  }
});

test('the home page\'s slope chart: Tab reaches a line, its tooltip names the model and both rates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  test.skip((await page.locator('[data-finding="slope"] svg.chart').count()) === 0, 'no slope chart');
  // Tab from the findings' heading area: the first chart stop after the condition toggle is the scatter, then the slope.
  await page.locator('[data-finding="slope"] h3').evaluate((h) => { h.setAttribute('tabindex', '-1'); (h as HTMLElement).focus(); });
  await page.keyboard.press('Tab');
  const f = await focused(page);
  expect(f.inChart).toBe(true);
  expect(f.title).toMatch(/: greedy [<>]?\d+(\.\d)?% → \S+ [<>]?\d+(\.\d)?%, paired change /);
  await expect(tip(page)).toHaveText(f.title!);
  await page.keyboard.press('Escape');
  await expect(tip(page)).toBeHidden();
});

test('the tooltip writes a mark\'s title as text: markup in a model name is shown, never parsed', async ({ page }) => {
  await page.goto('/charts/decoupling/');
  const hostile = '<img src=x onerror="window.__pwned=1"><b>Evil</b> 7B';
  await page.locator('svg.chart [role="img"]').first().evaluate((m, t) => { m.querySelector('title')!.textContent = t; }, hostile);
  await tabToChart(page);
  await expect(tip(page)).toHaveText(hostile);
  expect(await tip(page).evaluate((el) => el.children.length)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
