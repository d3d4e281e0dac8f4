import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild } from '../helpers/site-build.ts';
import { serve } from '../helpers/static-server.ts';
import { HOME_CHART_MODELS, HOME_TABLE_ALL_MAX, HOME_TABLE_TOP } from '../../src/lib/site/home-scale.ts';

/**
 * The home page at many models, on a second site built here (one model more than the home table shows whole, two
 * items per dataset): the findings draw the models that matter and link to all; the table shows its top rows and
 * links to the complete leaderboard; a shared table URL opens there; text, axe and no-JavaScript hold as for few models.
 */
const MODELS = HOME_TABLE_ALL_MAX + 1;
let site: { server: Server; origin: string; tmp: string };
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const tmp = mkdtempSync(join(tmpdir(), 'ut-e2e-many-'));
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', join(tmp, 'results'), '--models', String(MODELS), '--items', '2'], { stdio: 'ignore' });
  const b = astroBuild({ USERTURN_RESULTS_DIR: join(tmp, 'results') }, tmp);
  expect(b.status, b.text.slice(-2000)).toBe(0);
  site = { ...(await serve(b.out)), tmp };
});
test.afterAll(() => { site?.server.close(); if (site) rmSync(site.tmp, { recursive: true, force: true }); });

const rows = (page: Page) => page.locator('#leaderboard tbody tr');

test('the findings draw the models that matter, say so and link to all of them; the table shows its top rows', async ({ page }) => {
  await page.goto(`${site.origin}/`);
  for (const f of ['decoupling', 'slope', 'perturbations']) {
    const note = page.locator(`[data-finding="${f}"]`).getByTestId('drawn-note').filter({ visible: true });
    await expect(note, f).toHaveCount(1);
    await expect(note, f).toContainText(`Drawn: ${HOME_CHART_MODELS} of ${MODELS} models`);
  }
  await expect(page.locator('[data-finding="decoupling"]').getByTestId('finding-sentence').filter({ visible: true })).toContainText(`across ${MODELS} models`);
  await expect(rows(page)).toHaveCount(HOME_TABLE_TOP);
  await expect(page.locator('#lb-controls')).toHaveCount(0);
  // "All N models" on the perturbation chart opens the chart page, which draws every model.
  await page.locator('[data-finding="perturbations"]').getByTestId('all-models-link').click();
  await expect(page.locator('figure[data-chart] svg.chart').filter({ visible: true }).first().locator('g[data-model]')).toHaveCount(MODELS);
});

test('the full leaderboard has every model, sorts, and a table URL shared on / opens there', async ({ page }) => {
  await page.goto(`${site.origin}/`);
  await page.getByTestId('full-leaderboard-link').click();
  await expect(rows(page)).toHaveCount(MODELS);
  await page.goto(`${site.origin}/?sort=name&order=desc`);
  await expect(page).toHaveURL(/\/leaderboard\/gsm8k\/\?sort=name&order=desc$/);
  const names = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-name') ?? ''));
  expect(names).toHaveLength(MODELS);
  expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
});

test('without JavaScript the home page shows the top rows and the links; at 360 px chart text stays at 11 px or more', async ({ browser }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(`${site.origin}/?sort=name`);
  await expect(page).toHaveURL(/\/\?sort=name$/);
  await expect(rows(page)).toHaveCount(HOME_TABLE_TOP);
  await expect(page.getByTestId('full-leaderboard-link')).toBeVisible();
  const px = await page.locator('svg text').evaluateAll((els) => els.flatMap((el) => {
    const t = el as SVGTextElement;
    const m = t.getScreenCTM();
    if (!t.textContent?.trim() || t.getClientRects().length === 0 || !t.checkVisibility() || !m) return [];
    return [parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)];
  }));
  expect(px.length).toBeGreaterThan(0);
  expect(Math.min(...px)).toBeGreaterThanOrEqual(11);
  await ctx.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: no critical or serious violation on / at many models, ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.origin}/`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(bad, bad.join('\n')).toEqual([]);
  });
}
