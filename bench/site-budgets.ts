/**
 * Site budgets (npm run bench:site). Builds the site from a large synthetic results set (by default 60 models, all
 * datasets, every condition, full item counts) under /usr/bin/time -v, then checks (issue 14):
 *   - home page total transfer (HTML + CSS + JS it loads, gzip)    ≤ 50 KB up to 60 models, ≤ 80 KB up to 500
 *   - JavaScript on any page (gzip, including dynamic island code)   ≤ 60 KB
 *   - a sample shard (gzip)                                          ≤ 200 KB
 *   - the build: under 5 minutes, peak memory under 2 GB
 *   - cross-model search in Chromium, warm cache (bench/site-search.ts): first results < 300 ms, complete < 1.5 s
 * and prints build time, peak memory, page count, output size, shard count and search index size. Exit 1 when a
 * budget fails.
 *
 *   npm run bench:site -- [--results DIR] [--models 60] [--items K] [--out DIR] [--reuse]
 *                         [--search-dataset gsm8k] [--search-label identity_leakage] [--search-query "here to help"]
 * --items K generates K items per dataset instead of the full counts (the 500-model scale check:
 * `--models 500 --items 6`); --results uses an existing results folder instead of generating one; --reuse keeps a
 * previously generated set. The default query is the synthetic generator's identity-leakage phrase (real runs: e.g.
 * "as an AI").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { indexStats, measureSearch } from './site-search.ts';

const KB = 1024;
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const models = Number(arg('--models') ?? 60);
const items = arg('--items');
/** The home page may grow with the number of models: 50 KB covers 60 of them, 80 KB 500. */
const BUDGET = { homeTransfer: (models <= 60 ? 50 : 80) * KB, pageJs: 60 * KB, shard: 200 * KB, buildSeconds: 300, peakBytes: 2 * 1024 ** 3, searchFirstMs: 300, searchDoneMs: 1500 };
const out = resolve(arg('--out') ?? '.demo/bench-dist');
let results = arg('--results');

const fmt = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`);
const gz = (file: string) => gzipSync(readFileSync(file), { level: 6 }).length;

// 1. Results: generate the synthetic set unless one is given.
if (!results) {
  results = resolve(items ? `.demo/bench-${models}x${items}` : '.demo/bench-full');
  const marker = join(results, `.complete-${models}`);
  if (!(process.argv.includes('--reuse') && existsSync(marker))) {
    const t0 = Date.now();
    const size = items ? ['--items', items] : ['--full'];
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', String(models), ...size], { stdio: 'inherit' });
    writeFileSync(marker, '');
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}
const resultsBytes = Number(execFileSync('du', ['-sb', results], { encoding: 'utf8' }).split('\t')[0]);

// 2. Build under /usr/bin/time -v (node directly, so the measured process is the build itself).
// A private Astro cache, so a build running in parallel elsewhere in the tree cannot share the content data store.
const astroBin = resolve('node_modules/astro/bin/astro.mjs');
const cache = resolve('.demo/bench-cache');
mkdirSync(cache, { recursive: true });
const config = join(cache, 'astro.config.mjs');
writeFileSync(config, `import base from ${JSON.stringify(pathToFileURL(resolve('astro.config.mjs')).href)};\nexport default { ...base, cacheDir: ${JSON.stringify(join(cache, 'astro'))} };\n`);
const timed = spawnSync('/usr/bin/time', ['-v', process.execPath, astroBin, 'build', '--root', resolve('.'), '--config', relative(resolve('.'), config), '--outDir', out], {
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', USERTURN_RESULTS_DIR: results }, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024,
});
const log = `${timed.stdout}\n${timed.stderr}`;
if (timed.status !== 0) { console.error(log.slice(-4000)); throw new Error(`build failed (exit ${timed.status})`); }
const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(log)?.[1] ?? '';
const wallSeconds = wall.split(':').reduce((s, p) => s * 60 + Number(p), 0);
const peakKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(log)?.[1] ?? 0);
const shardLine = log.split('\n').find((l) => l.includes('[userturn-sample-shards]'))?.replace(/^.*\[userturn-sample-shards\]\s*/, '') ?? '';

// 3. Walk the output.
function walk(dir: string, acc: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, acc); else acc.push(p);
  }
  return acc;
}
const files = walk(out);
const pages = files.filter((f) => f.endsWith('.html'));
const outBytes = files.reduce((s, f) => s + statSync(f).size, 0);
const shards = files.filter((f) => /\/data\/samples\/[^/]+\/[a-z0-9_]+-\d+\.json$/.test(f));
const manifests = files.filter((f) => /\/data\/samples\/[^/]+\/[a-z0-9_]+\.json$/.test(f));

/** Files a page loads: stylesheets, scripts, island component/renderer modules and their static imports. */
function pageAssets(html: string): { css: string[]; js: string[] } {
  const text = readFileSync(html, 'utf8');
  const css = new Set<string>(); const js = new Set<string>();
  const toFile = (url: string) => join(out, url.replace(/^\//, '').split('?')[0]!);
  for (const m of text.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(toFile(m[1]!));
  for (const m of text.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(toFile(m[1]!));
  for (const m of text.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) if (m[1]) js.add(toFile(m[1]));
  for (const m of text.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(toFile(m[1]!));
  // Follow static and dynamic imports of the modules.
  const queue = [...js];
  while (queue.length) {
    const f = queue.pop()!;
    if (!existsSync(f)) continue;
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const dep = resolve(dirname(f), m[1]!);
      if (!js.has(dep)) { js.add(dep); queue.push(dep); }
    }
  }
  return { css: [...css].filter(existsSync), js: [...js].filter(existsSync) };
}

const home = join(out, 'index.html');
const homeAssets = pageAssets(home);
const homeHtml = gz(home);
const homeCss = homeAssets.css.reduce((s, f) => s + gz(f), 0);
const homeJs = homeAssets.js.reduce((s, f) => s + gz(f), 0);
const homeTotal = homeHtml + homeCss + homeJs;

let maxJs = 0; let maxJsPage = '';
const jsCache = new Map<string, number>();
for (const p of pages) {
  const { js } = pageAssets(p);
  const total = js.reduce((s, f) => { if (!jsCache.has(f)) jsCache.set(f, gz(f)); return s + jsCache.get(f)!; }, 0);
  if (total > maxJs) { maxJs = total; maxJsPage = relative(out, p); }
}

// Shards: gzip the 300 largest (raw) and take the maximum; report the median raw size too.
const shardSizes = shards.map((f) => ({ f, raw: statSync(f).size })).sort((a, b) => b.raw - a.raw);
let maxShard = 0; let maxShardFile = '';
for (const s of shardSizes.slice(0, 300)) { const g = gz(s.f); if (g > maxShard) { maxShard = g; maxShardFile = relative(out, s.f); } }
const medianShardRaw = shardSizes[Math.floor(shardSizes.length / 2)]?.raw ?? 0;
const maxManifest = manifests.reduce((m, f) => Math.max(m, gz(f)), 0);

const search = await measureSearch(out, { dataset: arg('--search-dataset') ?? 'gsm8k', label: arg('--search-label') ?? 'identity_leakage', query: arg('--search-query') ?? 'here to help' });
const ix = indexStats(out);

const rows: Array<[string, string, string, boolean]> = [
  ['home transfer (HTML+CSS+JS, gzip)', `${fmt(homeTotal)} (HTML ${fmt(homeHtml)}, CSS ${fmt(homeCss)}, JS ${fmt(homeJs)})`, `≤ ${fmt(BUDGET.homeTransfer)}`, homeTotal <= BUDGET.homeTransfer],
  ['JS on any page (gzip, max)', `${fmt(maxJs)} on ${maxJsPage}`, `≤ ${fmt(BUDGET.pageJs)}`, maxJs <= BUDGET.pageJs],
  ['sample shard (gzip, max of 300 largest)', `${fmt(maxShard)} (${maxShardFile}); raw median ${fmt(medianShardRaw)}, max ${fmt(shardSizes[0]?.raw ?? 0)}`, `≤ ${fmt(BUDGET.shard)}`, maxShard <= BUDGET.shard],
  ['build wall time', `${wallSeconds.toFixed(1)} s`, `< ${BUDGET.buildSeconds} s`, wallSeconds < BUDGET.buildSeconds],
  ['build peak memory (max RSS)', fmt(peakKb * 1024), `< ${fmt(BUDGET.peakBytes)}`, peakKb * 1024 < BUDGET.peakBytes],
  ['search, all models: first results (warm)', `${search.firstMs.toFixed(0)} ms (median of ${search.runs})`, `< ${BUDGET.searchFirstMs} ms`, search.firstMs < BUDGET.searchFirstMs],
  ['search, all models: complete (warm)', `${search.doneMs.toFixed(0)} ms (${search.models} models, ${search.matches} matches)`, `< ${BUDGET.searchDoneMs} ms`, search.doneMs < BUDGET.searchDoneMs],
];
console.log('');
console.log(`results: ${relative(process.cwd(), results) || results} (${fmt(resultsBytes)}; ${models} models, ${items ? `${items} items per dataset` : 'full item counts'})`);
console.log(`build: ${shardLine}`);
console.log(`output: ${pages.length} pages, ${shards.length} shards, ${manifests.length} manifests (max ${fmt(maxManifest)} gzip), ${files.length} files, ${fmt(outBytes)} in ${relative(process.cwd(), out)}`);
console.log(`search index: ${ix.files} files, ${fmt(ix.rawBytes)} raw, largest ${fmt(ix.maxGzip)} gzip (${ix.maxFile}); query ${search.url}`);
console.log('');
for (const [name, value, budget, ok] of rows) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(42)} ${value.padEnd(60)} ${budget}`);
if (rows.some((r) => !r[3])) process.exitCode = 1;
