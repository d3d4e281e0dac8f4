import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir, summaries } from './helpers.ts';

const S = summaries();

test('at 360 px no model page scrolls sideways: the weights pill (repo@revision) wraps inside the page', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no model pages');
  await page.setViewportSize({ width: 360, height: 800 });
  const wide: Record<string, number> = {};
  for (const s of S) {
    await page.goto(`/models/${s.submission.id}/`);
    const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    if (sw > cw) wide[s.submission.id] = sw;
  }
  expect(wide, 'scrollWidth of the model pages wider than 360 px').toEqual({});
});

test('the provenance card names the engine the run was served by, with the request fields it was sent', async ({ page }) => {
  test.skip(S.length === 0, 'no results: no model pages');
  const id = S[0]!.submission.id;
  const full = JSON.parse(readFileSync(join(resultsDir(), id, 'summary.json'), 'utf8')) as { provenance: { engine_settings?: { engine: string; extra_body: Record<string, unknown> } } };
  const settings = full.provenance.engine_settings;
  test.skip(!settings, 'a result without engine settings (older format)');
  await page.goto(`/models/${id}/`);
  const engine = page.getByTestId('provenance').getByTestId('engine');
  await expect(engine).toContainText(settings!.engine);
  for (const [k, v] of Object.entries(settings!.extra_body)) await expect(engine).toContainText(`${k}=${String(v)}`);
});

test('the Engine row of a simulated run says the simulator served it, standing in for the configured engine', async ({ page }) => {
  const s = S.find((x) => x.provenance.simulated);
  test.skip(!s, 'no simulated result');
  const full = JSON.parse(readFileSync(join(resultsDir(), s!.submission.id, 'summary.json'), 'utf8')) as { provenance: { engine_settings?: { engine: string } } };
  test.skip(!full.provenance.engine_settings, 'a result without engine settings (older format)');
  await page.goto(`/models/${s!.submission.id}/`);
  await expect(page.getByTestId('provenance').getByTestId('engine')).toContainText(`simulator (standing in for ${full.provenance.engine_settings!.engine})`);
});

test('the Engine row gives the engine version the run recorded, as the engine reported it', async ({ page }) => {
  type Full = { provenance: { engine_settings?: { engine: string } }; run: { engine_versions?: Array<{ engine: string; version: string | null }> } };
  const full = S.map((s) => JSON.parse(readFileSync(join(resultsDir(), s.submission.id, 'summary.json'), 'utf8')) as Full & { submission: { id: string } });
  const withVersion = full.find((f) => f.provenance.engine_settings && f.run.engine_versions?.some((v) => v.version !== null));
  test.skip(!withVersion, 'no result records an engine version (written before runs asked for it)');
  const version = withVersion!.run.engine_versions!.find((v) => v.version !== null)!.version!;
  await page.goto(`/models/${withVersion!.submission.id}/`);
  await expect(page.getByTestId('provenance').getByTestId('engine')).toContainText(version);
});

test('the reproduce section names the revision to serve, and says when it is a branch rather than a pinned commit', async ({ page }) => {
  // Every committed submission has a model page, with results or not; the demo's are all unpinned ("main").
  await page.goto('/');
  const hrefs = await page.locator('a[href^="/models/"]').evaluateAll((as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).pathname))]);
  test.skip(hrefs.length === 0, 'no model pages');
  for (const href of hrefs.slice(0, 3)) {
    await page.goto(href);
    const pill = (await page.locator('h1 + p .pill.wrap').textContent())!;
    const [, revision] = /@(\S+)/.exec(pill)!;
    const lead = page.getByTestId('reproduce-lead');
    if (pill.includes('(unpinned)')) {
      await expect(lead, href).toContainText(`revision ${revision}`);
      await expect(lead, href).toContainText('a branch');
      await expect(lead, href).not.toContainText('pinned revision');
    } else await expect(lead, href).toContainText(`pinned revision ${revision}`);
  }
});
