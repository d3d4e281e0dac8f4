import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild } from '../helpers/site-build.ts';
import { serve } from '../helpers/static-server.ts';
import { summaries } from './helpers.ts';

const FINDINGS = ['decoupling', 'slope', 'perturbations', 'failures'];
const S = summaries();

/** The visible sentence under each findings chart on `/`, after checking the chart is there. */
async function sentences(page: Page, origin = ''): Promise<string[]> {
  await page.goto(`${origin}/`);
  const out: string[] = [];
  for (const f of FINDINGS) {
    const card = page.locator(`[data-finding="${f}"]`);
    await expect(card.locator('svg.chart').filter({ visible: true }).first(), f).toBeVisible();
    const sentence = card.getByTestId('finding-sentence').filter({ visible: true });
    await expect(sentence, f).toHaveCount(1);
    const text = (await sentence.textContent())!.trim();
    // Computed from the data: it carries numbers (a count, a share or ρ with its interval), not a slogan.
    expect(text, f).toMatch(/\d/);
    out.push(text);
  }
  return out;
}

test('/ opens with four findings charts, each with a computed sentence; the condition toggle works without JavaScript', async ({ browser }) => {
  test.skip(S.length === 0, 'no results: the home page shows the empty state');
  const page = await browser.newPage({ javaScriptEnabled: false });
  await sentences(page);
  const dc = page.locator('[data-finding="decoupling"]');
  const shown = () => dc.getByTestId('finding-sentence').filter({ visible: true }).textContent();
  // It opens on greedy decoding, where the paper states the decoupling; a sampled condition is one click away.
  const before = await shown();
  expect(before).toMatch(/under greedy/);
  const sampled = dc.locator('input[type="radio"]').nth(1);
  const label = await sampled.getAttribute('value');
  await sampled.check();
  await expect.poll(shown).not.toBe(before);
  expect(await shown()).toContain(`under ${label}`);
  await page.close();
});

test('the sentences change when the data change: a site built from a second result set says something else', async ({ page }) => {
  test.skip(S.length === 0, 'no results: the home page shows the empty state');
  test.setTimeout(300_000);
  const first = await sentences(page);
  // A second, different result set: synthetic, another seed and another number of models than the served one.
  const results = mkdtempSync(join(tmpdir(), 'ut-findings-results-'));
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', String(S.length === 5 ? 4 : 5), '--items', '8', '--seed', '99'], { stdio: 'ignore' });
  const b = astroBuild({ USERTURN_RESULTS_DIR: results });
  const { server, origin } = await serve(b.out);
  try {
    expect(b.status, b.text.slice(-2000)).toBe(0);
    const second = await sentences(page, origin);
    FINDINGS.forEach((f, i) => expect(second[i], `${f}: the sentence follows the data`).not.toBe(first[i]));
  } finally {
    server.close();
    rmSync(results, { recursive: true, force: true });
    rmSync(b.tmp, { recursive: true, force: true });
  }
});

test('each findings chart has its values in a "Show values" table, and its description points to it', async ({ page }) => {
  test.skip(S.length === 0, 'no results: the home page shows the empty state');
  for (const path of ['/', `/leaderboard/${S[0]!.datasets[0]!.dataset}/`]) {
    await page.goto(path);
    for (const f of FINDINGS) {
      const card = page.locator(`[data-finding="${f}"]`);
      const descs = await card.locator('svg.chart desc').allTextContents();
      expect(descs.length, `${path} ${f}`).toBeGreaterThan(0);
      for (const d of descs) {
        expect(d, `${path} ${f}`).toContain('the table under “Show values” below the chart');
        expect(d, `${path} ${f}`).toContain(path === '/' ? 'pooled values' : 'linked below');
      }
      // One table per drawn chart (the decoupling card draws one per condition), a row per drawn model or family.
      const tables = card.locator('details.data:not([open]) table');
      await expect(tables, `${path} ${f}`).toHaveCount(descs.length);
      const drawn = await card.locator('svg.chart').first().locator('g[data-model]').count();
      await expect(tables.first().locator('tbody tr'), `${path} ${f}`).toHaveCount(drawn);
    }
  }
});

test('the greedy-versus-sampled sentence states both levels, as the paper does (near zero greedy, higher sampled), not only the change', async ({ page }) => {
  test.skip(S.length === 0, 'no results: the home page shows the empty state');
  await page.goto('/');
  const sentence = page.locator('[data-finding="slope"]').getByTestId('finding-sentence');
  await expect(sentence).toHaveText(/median rate [<>]?\d+(\.\d)?% greedy, [<>]?\d+(\.\d)?% under \S+; median change /);
});

test('the greedy-versus-sampled chart names its axis and, for screen readers, what it draws and where its values are', async ({ page }) => {
  test.skip(S.length === 0, 'no results: the home page shows the empty state');
  await page.goto('/');
  const svg = page.locator('[data-finding="slope"] svg.chart');
  await expect(svg.locator('text', { hasText: /^Genuine follow-up rate$/ })).toHaveCount(1);
  const desc = (await svg.locator('desc').textContent()) ?? '';
  expect(desc).toMatch(/greedy .*left.* t\d\.\d .*right/);
  expect(desc).toContain('“Show values”');
  expect((await svg.getAttribute('aria-labelledby'))!.split(' ')).toContain(await svg.locator('desc').getAttribute('id'));
});
