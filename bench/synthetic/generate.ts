/**
 * Synthetic results generator for site development, e2e tests and the site budgets.
 *
 *   node bench/synthetic/generate.ts --out DIR [--models 60] [--full] [--items 12] [--seed 1]
 *
 * Writes DIR/<id>/summary.json and DIR/<id>/samples/<dataset>.jsonl, schema-valid and deterministic (same
 * arguments → same bytes). Every summary is stamped `provenance.simulated: true`. The first models reuse the ids of
 * the committed submissions so their pages show something; the rest are fictional families. Without --full each
 * dataset gets --items items (default 12); with --full the suite's full item counts.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { intFlag, parseScriptArgs } from '../../runners/core/args.ts';
import { UsageError } from '../../runners/core/errors.ts';
import { currentSuitePath } from '../../runners/core/defaults.ts';
import { Suite, type DatasetId, type Sample } from '../../src/schema/index.ts';
import { generateDataset } from './dataset.ts';
import { modelList } from './models.ts';
import { profileFor } from './profile.ts';
import { buildSummary } from './summary.ts';

const USAGE = 'usage: node bench/synthetic/generate.ts --out DIR [--models N] [--full] [--items K] [--seed S]';

interface Args { out: string; models: number; items: number; seed: number; full: boolean }

/** The command line, or exit 2 with the usage for a bad one (unknown flag, missing --out, `--items abc`). */
function readArgs(argv: string[]): Args {
  const { values } = parseScriptArgs(argv, {
    out: { type: 'string' },
    models: { type: 'string' },
    items: { type: 'string' },
    seed: { type: 'string' },
    full: { type: 'boolean', default: false },
  }, USAGE);
  try {
    if (!values.out) throw new UsageError('--out DIR is required');
    return { out: values.out, models: intFlag('models', values.models, 60), items: intFlag('items', values.items, 12), seed: intFlag('seed', values.seed, 1, 0), full: values.full };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n\n${USAGE}`);
    process.exit(2);
  }
}

function main(): void {
  const args = readArgs(process.argv.slice(2));
  // Synthetic results are made "with" the current suite, as a real run today would be.
  const suite = Suite.parse(parse(readFileSync(currentSuitePath(), 'utf8')));
  const datasets = suite.datasets.filter((d) => d.enabled);
  const models = modelList(args.models);
  rmSync(args.out, { recursive: true, force: true });
  mkdirSync(args.out, { recursive: true });
  let totalSamples = 0;
  const t0 = Date.now();

  models.forEach((m, mi) => {
    const profile = profileFor(m, args.seed);
    const dir = join(args.out, m.id);
    mkdirSync(join(dir, 'samples'), { recursive: true });
    const samples = new Map<DatasetId, Sample[]>();
    for (const ds of datasets) {
      const nItems = args.full ? (ds.item_cap ?? ds.items ?? 200) : Math.min(args.items, ds.items ?? args.items);
      const lines = generateDataset({ suite, model: m, profile, seed: args.seed, nItems, xssHere: mi === 0 && ds.id === datasets[0]?.id }, ds);
      totalSamples += lines.length;
      writeFileSync(join(dir, 'samples', `${ds.id}.jsonl`), lines.join('\n') + '\n');
      samples.set(ds.id, lines.map((l) => JSON.parse(l) as Sample));
    }
    const summary = buildSummary({ suite, model: m, index: mi, datasets, samples });
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 1) + '\n');
  });
  console.log(`synthetic results: ${models.length} models, ${datasets.length} datasets, ${totalSamples} samples → ${args.out} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

main();
