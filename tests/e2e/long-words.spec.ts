import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroBuild } from '../helpers/site-build.ts';
import { serve } from '../helpers/static-server.ts';

/**
 * Hostile long text on a second site built here (two synthetic models, two items per dataset): a 5,000-character word
 * in the question, the answer and the user turn, and a display name and a judge id as long as their schema allows
 * (one unbroken word). A review
 * found such a name made pages 140,000 px wide; every page must still fit the viewport.
 */
const WORD = 'W'.repeat(5000);
const JUDGE = 'llm:gpt-5.4-mini:judge-v1';
const LONG_JUDGE = `llm:${'J'.repeat(116)}`;
const A = 'hostile-gpt-oss-120b';
const B = 'hostile-gpt-oss-20b';
let site: { server: Server; origin: string; tmp: string };
test.describe.configure({ mode: 'serial' });

/**
 * Put the long words into every summary and samples file of `dir`, under ids of their own: a result of a committed
 * submission must name the model as its submission does (the build refuses another display name), and a simulated
 * result of no committed submission may stand alone.
 */
function makeHostile(dir: string): void {
  for (const from of readdirSync(dir)) {
    const id = `hostile-${from}`;
    renameSync(join(dir, from), join(dir, id));
    const summary = join(dir, id, 'summary.json');
    const s = JSON.parse(readFileSync(summary, 'utf8').replaceAll(JUDGE, LONG_JUDGE));
    s.submission.id = id;
    s.submission.display_name = `${'W'.repeat(79 - id.length)} ${id}`; // the schema's 80 characters, one word
    writeFileSync(summary, JSON.stringify(s));
    for (const f of readdirSync(join(dir, id, 'samples'))) {
      const path = join(dir, id, 'samples', f);
      const lines = readFileSync(path, 'utf8').replaceAll(JUDGE, LONG_JUDGE).split('\n').filter(Boolean).map((l) => {
        const x = JSON.parse(l);
        for (const k of ['question', 'response', 'user_turn']) x[k] = `${WORD} ${x[k]}`;
        x.submission_id = id;
        return JSON.stringify(x);
      });
      writeFileSync(path, `${lines.join('\n')}\n`);
    }
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const tmp = mkdtempSync(join(tmpdir(), 'ut-e2e-long-'));
  const results = join(tmp, 'results');
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '2', '--items', '2'], { stdio: 'ignore' });
  makeHostile(results);
  const b = astroBuild({ USERTURN_RESULTS_DIR: results }, tmp);
  expect(b.status, b.text.slice(-2000)).toBe(0);
  site = { ...(await serve(b.out)), tmp };
});
test.afterAll(() => { site?.server.close(); if (site) rmSync(site.tmp, { recursive: true, force: true }); });

test('a 5,000-character word wraps: no page scrolls sideways at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const paths = [`/models/${A}/`, `/examples/?model=${A}&dataset=gsm8k`, `/examples/?model=${A}&dataset=gsm8k&sample=${encodeURIComponent('gsm8k-0~greedy~0')}`,
    `/examples/?view=compare&dataset=gsm8k&item=gsm8k-0&models=${A}%2C${B}&condition=greedy`, '/', '/judges/', '/charts/temperature/'];
  const wide: Record<string, number> = {};
  for (const path of paths) {
    await page.goto(`${site.origin}${path}`);
    await page.waitForLoadState('networkidle');
    // The long word is on the page, so a fit is not an empty page's.
    await expect(page.getByText(WORD.slice(0, 60)).first(), path).toBeAttached(); // the display name's word or the longer one
    const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    if (sw! > cw! + 1) wide[path] = sw!;
  }
  expect(wide, 'scrollWidth of the pages wider than the viewport').toEqual({});
});
