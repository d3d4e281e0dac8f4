/**
 * Cross-model search timing for bench/site-budgets.ts: serves the built site from a small static server (with
 * Cache-Control, so a second visit is a warm HTTP cache), opens the example browser in Chromium on "all models ×
 * <label> × <words>", and reads the marks the browser sets (ut-search-start → ut-search-first: first results shown;
 * → ut-search-done: every model's index evaluated and the page shown). The first visit warms the cache; the median of
 * the warm visits is reported. Also measures the search index on disk.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { median } from './median.ts';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

export interface SearchTiming { url: string; models: number; matches: string; firstMs: number; doneMs: number; runs: number }

/** Serves `root` on 127.0.0.1 (files are immutable for the run: max-age, so warm fetches come from Chromium's cache). */
function serve(root: string): Promise<{ port: number; close: () => void }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let file = join(root, path);
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=3600' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, close: () => server.close() })));
}


export async function measureSearch(root: string, opts: { dataset: string; label: string; query: string; runs?: number }): Promise<SearchTiming> {
  const { port, close } = await serve(root);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const url = `http://127.0.0.1:${port}/examples/?models=*&dataset=${opts.dataset}&label=${opts.label}&q=${encodeURIComponent(opts.query)}`;
    const firsts: number[] = []; const dones: number[] = [];
    let status = '';
    const runs = opts.runs ?? 5;
    for (let i = 0; i <= runs; i++) {
      await page.goto(url);
      await page.locator('[data-testid="ex-status"][data-state="done"]').waitFor({ timeout: 120_000 });
      const [start, first, done] = await page.evaluate(() => ['ut-search-start', 'ut-search-first', 'ut-search-done']
        .map((n) => performance.getEntriesByName(n)[0]?.startTime ?? Number.NaN));
      status = await page.getByTestId('ex-status').innerText();
      if (i === 0) continue; // the cold visit fills the cache
      dones.push(done! - start!);
      firsts.push(Number.isNaN(first!) ? done! - start! : first! - start!);
    }
    return { url: url.replace(/^http:\/\/[^/]+/, ''), models: Number(/of (\d+) models/.exec(status)?.[1] ?? 0), matches: /of ([\d,]+) matching/.exec(status)?.[1] ?? '?', firstMs: median(firsts), doneMs: median(dones), runs };
  } finally {
    await browser.close();
    close();
  }
}

/** Size of the search index: raw total, and the largest file gzip (what one model's search fetches). */
export function indexStats(root: string): { files: number; rawBytes: number; maxGzip: number; maxFile: string } {
  const dir = join(root, 'data', 'index');
  const files = existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => f.endsWith('.json')) : [];
  const sized = files.map((f) => ({ f, raw: statSync(f).size })).sort((a, b) => b.raw - a.raw);
  let maxGzip = 0; let maxFile = '';
  for (const s of sized.slice(0, 20)) { const g = gzipSync(readFileSync(s.f), { level: 6 }).length; if (g > maxGzip) { maxGzip = g; maxFile = s.f.slice(root.length + 1); } }
  return { files: files.length, rawBytes: sized.reduce((s, x) => s + x.raw, 0), maxGzip, maxFile };
}
