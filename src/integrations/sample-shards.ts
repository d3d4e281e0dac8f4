/**
 * Astro integration: as the build starts, split results/<id>/samples/<dataset>.jsonl into small JSON shards
 * (`data/samples/<model>/<dataset>-<n>.json`) plus one manifest per model × dataset
 * (`data/samples/<model>/<dataset>.json`) that the example browser fetches lazily. Every line is validated
 * with the Sample schema; a bad line fails the build naming the file, the line and the field. Every shard and
 * manifest is checked against its schema (src/schema/shards.ts) before it is written, and so is the search index of
 * each dataset built from the same shards (`data/index/<dataset>/`: a directory, facets files, term files).
 */
import type { AstroIntegration } from 'astro';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonlLines } from '../lib/io/jsonl.ts';
import type { z } from 'zod';
import { DatasetId, INDEX_DIR, Manifest, ResultSummary, SAMPLES_DIR, Sample, SearchDirectory, SearchFacets, SearchTerms, Shard, directoryPath, facetsPath, formatFieldError, manifestPath, parseWith, shardPath, termsPath } from '../schema/index.ts';
import { groupByItem, manifestEntry, splitShards } from '../lib/site/shards.ts';
import { buildIndex, combineIndexes } from '../lib/site/search-index.ts';
import type { ModelIndex } from '../lib/site/search.ts';
import { resultsDir } from '../data/paths.ts';
import { isLink } from '../data/links.ts';
import { DataFileError } from '../data/data-file-error.ts';
import { MAX_DOCUMENT_BYTES } from '../lib/io/parse-document.ts';
import { loadSuites } from '../data/suites.ts';
import { samplesFileErrors, suiteDatasets } from '../lib/result-datasets.ts';
import { missingSamplesError, unlistedSamplesError } from '../lib/summary-tally.ts';
import { summaryAgainstSamples } from '../lib/summary-check.ts';
import type { FieldError, Suite } from '../schema/index.ts';

/** validate's limit for one JSONL line. */
const MAX_LINE_CHARS = MAX_DOCUMENT_BYTES;

/** Every file the browser fetches is checked against its schema here: a file the loader's tests would refuse fails the build. */
function writeChecked<S extends z.ZodType>(root: string, path: string, what: string, schema: S, value: z.infer<S>): number {
  const r = parseWith(schema, value, path);
  if (!r.ok) throw new DataFileError(`invalid ${what}\n${r.errors.slice(0, 5).map(formatFieldError).join('\n')}`);
  const text = JSON.stringify(value);
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  return text.length;
}

export interface ShardStats { files: number; samples: number; shards: number; bytes: number; indexBytes: number; indexFiles: number }

async function readSamples(abs: string, file: string, model: string, dataset: string): Promise<Sample[]> {
  const out: Sample[] = [];
  // The same rules as `userturn validate` applies to a samples file, checked before any shard is written.
  const ids = new Map<string, number>();
  for await (const { line, text } of jsonlLines(createReadStream(abs))) {
    if (text.length > MAX_LINE_CHARS) throw new DataFileError(`${file}:${line}: (line): line longer than 1 MiB`);
    let data: unknown;
    try { data = JSON.parse(text); } catch (e) { throw new DataFileError(`${file}:${line}: (root): invalid JSON: ${(e as Error).message}`); }
    const r = parseWith(Sample, data, `${file}:${line}`);
    if (!r.ok) throw new DataFileError(`invalid sample\n${r.errors.slice(0, 5).map(formatFieldError).join('\n')}`);
    if (r.value.submission_id !== model) throw new DataFileError(`${file}:${line}: submission_id: "${r.value.submission_id}" does not match its folder "${model}"`);
    if (r.value.dataset !== dataset) throw new DataFileError(`${file}:${line}: dataset: "${r.value.dataset}" does not match the file name "${dataset}.jsonl"`);
    const first = ids.get(r.value.id);
    if (first !== undefined) throw new DataFileError(`${file}:${line}: id: duplicate sample id "${r.value.id}" (first on line ${first})`);
    ids.set(r.value.id, line);
    out.push(r.value);
  }
  return out;
}

/**
 * Write every shard and manifest of resultsDir into outDir/data/samples; returns counts. Shards go to a staging
 * folder first and are moved into place only after every sample file passed validate's checks, so a bad file
 * anywhere (a duplicate id, an over-long line) leaves no shard of any model published.
 */
export async function writeShards(resultsDir: string, outDir: string): Promise<ShardStats> {
  const staging = join(outDir, `.samples-staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    const stats = await writeShardsInto(resultsDir, staging);
    for (const sub of [SAMPLES_DIR, INDEX_DIR]) {
      const finalDir = join(outDir, sub);
      rmSync(finalDir, { recursive: true, force: true });
      if (existsSync(join(staging, sub))) { mkdirSync(dirname(finalDir), { recursive: true }); renameSync(join(staging, sub), finalDir); }
    }
    return stats;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Writes under siteRoot at the paths the browser fetches (shardPath, manifestPath). */
async function writeShardsInto(resultsDir: string, siteRoot: string): Promise<ShardStats> {
  let suites: Suite[] | null = null;
  const allSuites = () => (suites ??= loadSuites());
  let datasets: ReturnType<typeof suiteDatasets> | null = null;
  const known = () => (datasets ??= suiteDatasets(allSuites()));
  const stats: ShardStats = { files: 0, samples: 0, shards: 0, bytes: 0, indexBytes: 0, indexFiles: 0 };
  const indices = new Map<Manifest['dataset'], ModelIndex[]>();
  if (!existsSync(resultsDir)) return stats;
  const models = readdirSync(resultsDir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name).sort();
  for (const model of models) {
    const sdir = join(resultsDir, model, 'samples');
    const summaryAbs = join(resultsDir, model, 'summary.json');
    const summaryFile = relative(process.cwd(), summaryAbs) || summaryAbs;
    // As validate: a link is never read (a review linked samples/ to a folder elsewhere and it was published).
    for (const p of [sdir, summaryAbs]) if (isLink(p)) throw new DataFileError(`${relative(process.cwd(), p) || p}: (file): is a symbolic link: the site reads no link`);
    // Samples are published with the summary that counts them (a review published a folder of samples alone).
    if (existsSync(sdir) && !existsSync(summaryAbs)) throw new DataFileError(`${relative(process.cwd(), sdir) || sdir}: (file): has no summary.json beside it: samples are published only with the summary their figures are read against`);
    if (!existsSync(sdir)) {
      // The site publishes a summary only beside the samples its figures are read against (a review removed samples/
      // and an edited summary was published).
      if (existsSync(summaryAbs)) throw new DataFileError(`${summaryFile}: (file): has no samples/ folder beside it: a result is published with its samples, which its figures are read against`);
      continue;
    }
    let conditionOrder: string[] = [];
    let suiteVersion: number | null = null;
    let checked: ResultSummary | null = null;
    try {
      const summary = JSON.parse(readFileSync(summaryAbs, 'utf8'));
      conditionOrder = summary?.provenance?.decoding?.conditions?.map((c: { id: string }) => c.id) ?? [];
      if (Number.isInteger(summary?.provenance?.suite_version)) suiteVersion = summary.provenance.suite_version;
      const r = ResultSummary.safeParse(summary);
      if (r.success) checked = r.data;
    } catch { /* the summary is validated by the content loader; order falls back to names */ }
    const files = readdirSync(sdir).filter((f) => f.endsWith('.jsonl')).sort();
    const linked = files.find((f) => isLink(join(sdir, f)));
    if (linked) throw new DataFileError(`${relative(process.cwd(), join(sdir, linked))}: (file): is a symbolic link: the site reads no link`);
    const read = new Map<Manifest['dataset'], Sample[]>();
    // The published counts are the summary's: they must be what its samples give, as validate reads them (a summary
    // edited or left from another run would show figures no browsable sample supports).
    const mismatch: FieldError[] = [];
    checked?.datasets.forEach((d, i) => {
      if (!files.includes(`${d.dataset}.jsonl`)) mismatch.push(missingSamplesError(summaryFile, i, d.dataset));
    });
    for (const f of files) {
      const dataset = f.slice(0, -'.jsonl'.length);
      const abs = join(sdir, f);
      const file = relative(process.cwd(), abs) || abs;
      if (!DatasetId.safeParse(dataset).success) throw new DataFileError(`${file}: (root): unknown dataset "${dataset}" (file names are <dataset>.jsonl)`);
      // Only datasets of the result's suite version (the content loader checked its summary the same way);
      // without a readable summary, of any suite.
      const unlisted = samplesFileErrors(known(), suiteVersion, dataset, file, '(root)');
      if (unlisted.length > 0) throw new DataFileError(formatFieldError(unlisted[0]!));
      const samples = await readSamples(abs, file, model, dataset);
      const listed = checked?.datasets.findIndex((d) => d.dataset === dataset) ?? -1;
      if (checked && listed < 0) mismatch.push(unlistedSamplesError(summaryFile, dataset));
      if (checked && listed >= 0) read.set(dataset as Manifest['dataset'], samples);
      const parts = splitShards(groupByItem(samples, conditionOrder));
      const manifest: Manifest = { model, dataset: dataset as Manifest['dataset'], samples: samples.length, shards: [] };
      parts.forEach((items, n) => {
        stats.bytes += writeChecked(siteRoot, shardPath(model, dataset, n), 'shard', Shard, { model, dataset: manifest.dataset, n, items });
        manifest.shards.push(manifestEntry(n, items));
      });
      writeChecked(siteRoot, manifestPath(model, dataset), 'manifest', Manifest, manifest);
      indices.set(manifest.dataset, [...(indices.get(manifest.dataset) ?? []), buildIndex(model, dataset, parts)]);
      stats.files++;
      stats.samples += samples.length;
      stats.shards += parts.length;
    }
    // Counts, then every figure, read against the samples (an unknown suite version is the loader's error).
    if (checked) summaryAgainstSamples(summaryFile, checked, allSuites().find((x) => x.version === checked!.provenance.suite_version), read, mismatch);
    if (mismatch.length > 0) throw new DataFileError(`result summary does not match its samples\n${mismatch.slice(0, 5).map(formatFieldError).join('\n')}`);
  }
  // Per dataset, across every model (models in folder order): the directory, the facets files, the term files.
  for (const [dataset, list] of indices) {
    const { directory, facets, terms } = combineIndexes(dataset, list);
    stats.indexBytes += writeChecked(siteRoot, directoryPath(dataset), 'search directory', SearchDirectory, directory);
    for (const f of facets) stats.indexBytes += writeChecked(siteRoot, facetsPath(dataset, f.group), 'search facets', SearchFacets, f);
    for (const t of terms) stats.indexBytes += writeChecked(siteRoot, termsPath(dataset, t.bucket), 'search terms', SearchTerms, t);
    stats.indexFiles += 1 + facets.length + terms.length;
  }
  return stats;
}

/**
 * The shards are written, and every result read against its samples, when the build starts, into a folder of their
 * own; they move into the site when it is done. A result refused here fails the build before any page is written: a
 * review's refused result left a complete site (its figures included) in the output folder when this ran at the end.
 */
export default function sampleShards(): AstroIntegration {
  let prepared: { dir: string; stats: ShardStats; ms: number } | null = null;
  return {
    name: 'userturn-sample-shards',
    hooks: {
      'astro:build:start': async () => {
        const t0 = Date.now();
        const dir = mkdtempSync(join(tmpdir(), 'userturn-shards-'));
        // A build that fails after this never reaches build:done; its shards go with the process.
        process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
        try {
          prepared = { dir, stats: await writeShards(resultsDir(), dir), ms: Date.now() - t0 };
        } catch (e) {
          rmSync(dir, { recursive: true, force: true });
          throw e;
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!prepared) return;
        const { dir: from, stats: s, ms } = prepared;
        prepared = null;
        try {
          for (const sub of [SAMPLES_DIR, INDEX_DIR]) {
            const to = join(fileURLToPath(dir), sub);
            rmSync(to, { recursive: true, force: true });
            if (existsSync(join(from, sub))) { mkdirSync(dirname(to), { recursive: true }); moveDir(join(from, sub), to); }
          }
        } finally {
          rmSync(from, { recursive: true, force: true });
        }
        logger.info(`${s.samples} samples from ${s.files} files → ${s.shards} shards (${(s.bytes / 1e6).toFixed(1)} MB), search index ${(s.indexBytes / 1e6).toFixed(1)} MB in ${s.indexFiles} files, in ${(ms / 1000).toFixed(1)} s`);
      },
    },
  };
}

/** A rename, or a copy where the temporary folder is on another file system (EXDEV). */
function moveDir(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    cpSync(from, to, { recursive: true });
  }
}
