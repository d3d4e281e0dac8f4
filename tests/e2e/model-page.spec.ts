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
