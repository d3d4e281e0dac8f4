/**
 * A forger's (or a rejudge's) rebuild: the summary of a result folder made anew from its samples with buildSummary,
 * its provenance and run kept. Tests use it to edit samples and keep every figure consistent with them, so that only
 * the check under test can tell.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSuites } from '../../src/data/suites.ts';
import { buildSummary } from '../../src/lib/build-summary.ts';
import type { DatasetId, ResultSummary, Sample } from '../../src/schema/index.ts';

export function rebuildSummary(dir: string): void {
  const file = join(dir, 'summary.json');
  const s = JSON.parse(readFileSync(file, 'utf8')) as ResultSummary;
  const suite = loadSuites().find((x) => x.version === s.provenance.suite_version)!;
  const samples = new Map(
    readdirSync(join(dir, 'samples')).map((f) => [f.replace(/\.jsonl$/, '') as DatasetId, readFileSync(join(dir, 'samples', f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Sample)]),
  );
  const b = buildSummary({ suite, submission: s.submission, samples, judges: s.provenance.judges, provenance: s.provenance, run: s.run });
  writeFileSync(file, JSON.stringify({ ...s, datasets: b.datasets, agreement: b.agreement }));
}
