import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoProblems, resultsDir, summaries, watchErrors } from './helpers.ts';
import { pct } from '../../src/lib/site/format.ts';

const S = summaries();
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];
const simulated = process.env.USERTURN_SIMULATED === '1' || S.some((s) => s.provenance.simulated);

const CHARTS = ['/charts/failure-profiles/', '/charts/decoupling/', '/charts/temperature/', '/charts/perturbations/'];
const PAGES = [
  '/', '/charts/', ...CHARTS, '/examples/', '/judges/', '/methodology/', '/submit/', '/downloads/', '/changelog/',
  ...datasets.map((d) => `/leaderboard/${d}/`),
  ...datasets.map((d) => `/charts/temperature/${d}/`),
  ...S.slice(0, 4).map((s) => `/models/${s.submission.id}/`),
];

test('every page loads with no console errors, and the simulated banner shows when the data is simulated', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of PAGES) {
    const problems = watchErrors(page);
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('h1').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (simulated) await expect(page.getByTestId('simulated-banner'), path).toBeVisible();
    else await expect(page.getByTestId('simulated-banner'), path).toHaveCount(0);
    await expectNoProblems(problems);
    page.removeAllListeners('console'); page.removeAllListeners('pageerror'); page.removeAllListeners('requestfailed');
  }
});

test('every page carries a CSP meta tag that forbids unhashed inline scripts and other hosts', async ({ page }) => {
  for (const path of ['/', '/examples/', CHARTS[0]!]) {
    await page.goto(path);
    const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain('unsafe-inline');
  }
});

test('screenshots of the home page, a model page, the example browser and each chart', async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const shots: Array<[string, string]> = [
    ['home', '/'],
    ['model', `/models/${S[0]?.submission.id ?? ''}/`],
    ['examples', `/examples/?model=${S[0]?.submission.id ?? ''}&dataset=${datasets[0] ?? ''}`],
    ...CHARTS.map((c): [string, string] => [`chart-${c.split('/')[2]}`, c]),
  ];
  for (const [name, path] of shots) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (name === 'examples' && S.length) await expect(page.locator('article.example').first()).toBeVisible();
    const file = info.outputPath(`${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
    await info.attach(name, { path: file, contentType: 'image/png' });
  }
  // Mobile and dark mode of the home page too.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await page.screenshot({ path: 'test-results/screenshots/home-360-dark.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(CHARTS[0]!);
  await page.screenshot({ path: 'test-results/screenshots/chart-failure-profiles-dark.png', fullPage: true });
  await page.goto(`/examples/?model=${S[0]?.submission.id ?? ''}&dataset=${datasets[0] ?? ''}`);
  if (S.length) await expect(page.locator('article.example').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/examples-dark.png' });
});

test('the judges page shows each judge\'s calibration, with per-label scores and its confusion matrix', async ({ page }) => {
  const file = join(resultsDir(), 'calibration.json');
  await page.goto('/judges/');
  if (!existsSync(file)) {
    await expect(page.getByTestId('calibration-empty')).toBeVisible();
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as { judges: Array<{ judge: { id: string }; sets: Array<{ id: string; n: number; accuracy: number; description: string }> }> };
  for (const j of report.judges) {
    const section = page.locator(`section[data-testid="calibration"][data-judge="${j.judge.id}"]`);
    await expect(section).toBeVisible();
    for (const s of j.sets) {
      const row = section.locator(`tr[data-set="${s.id}"]`);
      await expect(row).toContainText(String(s.n));
      await expect(row).toContainText(`${(100 * s.accuracy).toFixed(1)}%`);
      // Next to the figure, not in a closed details: whether the judge's rules were developed on the set (100% on the
      // calibration set read as a perfect judge).
      await expect(row.locator('th')).toContainText(s.description);
      await expect(row.locator('th')).toBeVisible();
    }
    await section.locator('details summary').first().click();
    await expect(section.locator('table.confusion').first()).toBeVisible();
  }
});

test('the judges page shows each judge\'s false-genuine rate and positive recall on the controls, with intervals; model pages show them next to the judge', async ({ page }) => {
  const file = join(resultsDir(), 'calibration.json');
  await page.goto('/judges/');
  type Rate = { rate: number; lo: number; hi: number };
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { judges: Array<{ judge: { id: string }; controls?: { false_genuine: Rate; positive_recall: Rate } }> }) : null;
  const measured = report?.judges.filter((j) => j.controls) ?? [];
  if (measured.length === 0) {
    await expect(page.getByTestId('controls-empty')).toBeVisible();
    return;
  }
  const p1 = (x: number) => pct(x); // a rate above zero reads "<0.1%", never "0.0%"
  for (const j of measured) {
    const row = page.locator(`[data-testid="controls-table"] tr[data-judge="${j.judge.id}"][data-dataset="all"]`);
    const fg = j.controls!.false_genuine;
    const rec = j.controls!.positive_recall;
    await expect(row.getByTestId('false-genuine')).toHaveText(`${p1(fg.rate)} [${p1(fg.lo)}, ${p1(fg.hi)}]`);
    await expect(row.getByTestId('positive-recall')).toContainText(`${p1(rec.rate)} [${p1(rec.lo)}, ${p1(rec.hi)}]`);
  }
  // A model page names its primary judge with the judge's figures on the controls.
  await page.goto('/');
  const first = page.locator('#leaderboard tbody tr a').first();
  if ((await first.count()) === 0) return;
  await first.click();
  await expect(page.getByTestId('primary-judge').getByTestId('judge-controls')).toContainText(/false-genuine \d+\.\d% \[|not measured/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('home renders the full leaderboard table and its SVG bars', async ({ page }) => {
    await page.goto('/');
    const rows = page.locator('#leaderboard tbody tr');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(S.length);
    if (S.length) await expect(page.locator('#leaderboard tbody svg').first()).toBeVisible();
  });
  for (const c of CHARTS) {
    test(`chart page ${c} renders its SVG chart and data table`, async ({ page }) => {
      test.skip(S.length === 0, 'no results: charts show the empty state');
      await page.goto(c);
      const fig = page.locator('figure.chart-fig');
      await expect(fig.locator('svg.chart').first()).toBeVisible();
      // A graphics document named by its title, its marks named images; without JavaScript the first mark is still a tab stop.
      await expect(fig.locator('svg.chart').first()).toHaveAttribute('role', 'graphics-document');
      await expect(fig.locator('svg.chart').first().locator('[role="img"]').first()).toHaveAttribute('tabindex', '0');
      await expect(fig.locator('figcaption')).toBeVisible();
      await expect(fig.locator('table tbody tr').first()).toBeVisible();
      expect(await fig.locator('svg.chart [data-model]').count()).toBeGreaterThan(0);
    });
  }
});

test('an address the site does not have gets its own "Page not found" page, with status 404 and a way back', async ({ page }) => {
  const problems = watchErrors(page);
  const res = await page.goto('/models/no-such-model/');
  // Chromium logs the document's own 404 as a failed resource; nothing else may fail.
  problems.splice(0, problems.length, ...problems.filter((p) => !/status of 404/.test(p)));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'The leaderboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('h1').first()).toBeVisible();
  await expectNoProblems(problems);
});
