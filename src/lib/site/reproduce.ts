/**
 * The command that reproduces a result (pure): the committed submission file and the suite file the result ran,
 * as repository paths, and the scope the result was run with (`--datasets`, `--limit`, read off its item counts
 * against the suite's). Without either file there is no command (never a placeholder path), only why not.
 */
import { isAbsolute, relative } from 'node:path';
import { SUITES_DIR } from '../data-paths.ts';
import { itemsRunByDataset, standardRunIds } from '../suite-items.ts';

export interface Reproduce {
  command: string | null;
  missing: string | null;
  /** What the command cannot carry: a template file given on the command line (`--template`), by its name. */
  note: string | null;
}

/** What a result ran on, as its summary says: each dataset and its item count, and where its template came from. */
export interface RunScope {
  datasets: ReadonlyArray<{ dataset: string; n_items: number }>;
  templateSource: string;
}

/** A suite's datasets as the scope reads them: the standard run's, and how many items the suite runs of each. */
export interface SuiteScope {
  datasets: ReadonlyArray<{ id: string; enabled: boolean; items: number | null; item_cap: number | null }>;
}

/**
 * The flags that give a result's scope: `--datasets` when it ran other datasets than the suite's standard run, and
 * `--limit N` when some dataset has fewer items than the suite runs of it (N: the largest such count, since --limit
 * caps every dataset alike). Empty for a full run.
 */
export function scopeFlags(run: RunScope, suite: SuiteScope): string[] {
  const standard = standardRunIds(suite.datasets);
  const ran = run.datasets.map((d) => d.dataset);
  const flags: string[] = [];
  if (ran.length !== standard.length || ran.some((d) => !standard.includes(d))) flags.push(`--datasets ${ran.join(',')}`);
  const expected = itemsRunByDataset(suite.datasets);
  const short = run.datasets.filter((d) => expected.has(d.dataset) && d.n_items < expected.get(d.dataset)!).map((d) => d.n_items);
  if (short.length > 0) flags.push(`--limit ${Math.max(...short)}`);
  return flags;
}

/** Paths are made relative to the repository root so the command runs from a clone. */
export function reproduceCommand(o: { submissionPath: string | null; suitePath: string | null; root: string; id: string; suiteVersion: number; run?: RunScope; suite?: SuiteScope }): Reproduce {
  const rel = (p: string) => (isAbsolute(p) ? relative(o.root, p) : p).split('\\').join('/');
  if (!o.submissionPath) return { command: null, missing: `No submission file for ${o.id} is committed in submissions/, so there is no command to reproduce it from this repository.`, note: null };
  if (!o.suitePath) return { command: null, missing: `The suite file of v${o.suiteVersion} is not in ${SUITES_DIR}/, so this result cannot be rerun from this repository.`, note: null };
  const scope = o.run && o.suite ? scopeFlags(o.run, o.suite) : [];
  const override = o.run?.templateSource.startsWith('override:') ? o.run.templateSource.slice('override:'.length) : null;
  return {
    command: [`npx userturn run ${rel(o.submissionPath)} --suite ${rel(o.suitePath)}`, ...scope, '--base-url http://HOST:8000/v1 --out results/'].join(' '),
    missing: null,
    note: override === null ? null : `This result was run with a chat template file given on the command line (${override}), not the submission's: add --template with that file.`,
  };
}
