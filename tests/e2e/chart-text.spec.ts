import { expect, test } from '@playwright/test';
import { chartPages } from './chart-pages.ts';

/**
 * Issue 14: at 360 px no chart text renders below 11 px. A chart's SVG is scaled by its viewBox, so the size on screen
 * is the computed font size (in user units) times the scale of the text's screen transform. Only rendered text counts:
 * the variant hidden by the container query has no boxes.
 */
test('at 360 px, every visible SVG text on every chart page renders at 11 px or more', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const pages = await chartPages(page);
  expect(pages.length).toBeGreaterThan(4);
  let measured = 0;
  const small: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    const sizes = await page.locator('svg text').evaluateAll((els) => els.flatMap((el) => {
      const t = el as SVGTextElement;
      if (!t.textContent?.trim() || t.getClientRects().length === 0 || !t.checkVisibility()) return [];
      const m = t.getScreenCTM();
      if (!m) return [];
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      const chart = t.closest('figure')?.getAttribute('data-chart') ?? t.closest('svg')?.getAttribute('class') ?? 'svg';
      return [{ px, text: t.textContent.trim().slice(0, 40), chart }];
    }));
    measured += sizes.length;
    for (const s of sizes) if (s.px < 11) small.push(`${path} [${s.chart}] "${s.text}": ${s.px.toFixed(1)} px`);
  }
  expect(measured, 'some chart text was measured').toBeGreaterThan(0);
  expect(small, small.slice(0, 30).join('\n')).toEqual([]);
});

test('at 360 px the leaderboard shows the model and its greedy rate without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  const row = page.locator('#leaderboard tbody tr').filter({ has: page.locator('td[data-metric="greedy"]') }).first();
  test.skip((await row.count()) === 0, 'no results: no rates to show');
  for (const cell of [row.locator('th[scope="row"]'), row.locator('td[data-metric="greedy"]')]) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  // Scrolled sideways, the model column stays in view.
  await page.locator('#leaderboard').evaluate((t) => { (t.parentElement as HTMLElement).scrollLeft = 10_000; });
  const name = (await row.locator('th[scope="row"]').boundingBox())!;
  expect(name.x).toBeGreaterThanOrEqual(0);
  expect(name.x).toBeLessThan(40);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('at 360 px each chart shows its narrow SVG and its data table; at 1280 px the wide one', async ({ page }) => {
    for (const [width, shown] of [[360, 'narrow'], [1280, 'wide']] as const) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/charts/failure-profiles/', '/charts/decoupling/', '/charts/perturbations/']) {
        await page.goto(path);
        const fig = page.locator('figure.chart-fig');
        test.skip((await fig.count()) === 0, 'no results: charts show the empty state');
        await expect(fig.locator(`svg.chart.${shown}`), `${path} at ${width}`).toBeVisible();
        await expect(fig.locator(`svg.chart.${shown === 'wide' ? 'narrow' : 'wide'}`), `${path} at ${width}`).toBeHidden();
        await expect(fig.locator('table tbody tr').first()).toBeVisible();
      }
    }
  });
});

// A desktop window under ~730 px gets the narrow scatter, which cut every name to its head: "Sim: Qwen3.5 1…".
for (const width of [1280, 720]) {
  test(`at ${width} px, each point label of the follow-up-vs-accuracy chart names one model; a shortened one has the full name on hover`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/charts/decoupling/gsm8k/');
    const names = await page.locator('figure[data-chart="decoupling"] tbody th[scope="row"]').allTextContents();
    expect(names.length).toBeGreaterThan(3);
    const labels = await page.locator('svg.chart:visible text.point-label').evaluateAll((ts) => ts.map((t) => ({ text: t.textContent ?? '', title: t.parentElement?.querySelector(':scope > title')?.textContent ?? null })));
    expect(labels.length).toBeGreaterThan(2);
    for (const l of labels) {
      const [head, tail = ''] = l.text.split('…');
      const matches = names.filter((n) => n.includes(head!) && n.endsWith(tail) && n.indexOf(head!) + head!.length <= n.length - tail.length);
      expect(matches, `label "${l.text}"`).toHaveLength(1);
      if (l.text !== matches[0]) expect(l.title, `label "${l.text}"`).toBe(matches[0]);
    }
  });
}

test('at 360 px a leaderboard rate and its interval take two lines at most: the interval "[1.4–16.5]" never breaks', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  const cells = page.locator('#leaderboard tbody td[data-metric="greedy"] a, #leaderboard tbody td[data-metric="hot"] a, #leaderboard tbody td[data-metric="accuracy"] a');
  test.skip((await cells.count()) === 0, 'no results: no rates to show');
  const lines = await cells.evaluateAll((as) => as.map((a) => {
    // One client rect per line box an inline element spans.
    const tops = new Set([...a.getClientRects()].map((r) => Math.round(r.top)));
    return { text: a.textContent!, lines: tops.size };
  }));
  const broken = lines.filter((l) => l.lines > 2);
  expect(broken, broken.slice(0, 5).map((l) => `"${l.text}": ${l.lines} lines`).join('\n')).toEqual([]);
});
