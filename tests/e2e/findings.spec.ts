import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { astroBuild } from '../helpers/site-build.ts';
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

/** Serves a built site folder (directory URLs → index.html) on a free port. */
function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
  const server = createServer((req, res) => {
    let file = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(dir) || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    ok({ server, origin: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
  }));
}

test('/ opens with four findings charts, each with a computed sentence; the condition toggle works without JavaScript', async ({ browser }) => {
  test.skip(S.length === 0, 'no results: the home page shows the empty state');
  const page = await browser.newPage({ javaScriptEnabled: false });
  await sentences(page);
  const dc = page.locator('[data-finding="decoupling"]');
  const shown = () => dc.getByTestId('finding-sentence').filter({ visible: true }).textContent();
  const before = await shown();
  await dc.getByLabel('greedy', { exact: true }).check();
  await expect.poll(shown).not.toBe(before);
  expect(await shown()).toMatch(/under greedy/);
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
