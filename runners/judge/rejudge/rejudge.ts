import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { ResultSummary, Sample, type DatasetId, type JudgeStamp, type Verdict } from '../../../src/schema/index.ts';
import { buildSummary } from '../../../src/lib/build-summary.ts';
import { summaryText, writeResults } from '../../results/write.ts';
import { jsonLine } from '../../../src/lib/io/jsonl.ts';
import type { Judge } from '../../core/judge.ts';
import { StorageError } from '../../io/storage-error.ts';
import { thrownVerdict } from '../thrown-verdict.ts';
import { judgedQuestions } from './judged-questions.ts';
import { loadStoredResult, loadSuite, ResultLoadError } from './load-result.ts';

export type PanelPlace = 'primary' | 'cross-check' | 'keep';

export interface RejudgeOptions {
  resultDir: string;
  suitePath: string;
  judge: Judge;
  /**
   * Where the judge goes in the panel: `primary` (its labels make the rates; other judges stay as cross-checks),
   * `cross-check` (appended), or `keep` (its current place if it is already in the panel, else primary).
   */
  place: PanelPlace;
  /** Drop every other judge's verdicts: the panel becomes this judge alone. */
  only: boolean;
  concurrency: number;
  /**
   * Local datasets laid out as DIR/<dataset>/<file> (--data-dir, USERTURN_DATA_DIR): where the prompts of download-only
   * datasets come from (their samples hold a placeholder). A result with such samples is refused without them.
   */
  dataDir?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface RejudgeReport {
  changed: boolean;
  judged: number;
  judgeErrors: number;
  skippedErrors: number;
  panel: JudgeStamp[];
}

/** Runs `fn` over `items`, `concurrency` at a time; once `stopped()` is true no item is started. */
async function pool<T>(items: T[], concurrency: number, fn: (x: T) => Promise<void>, stopped: () => boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) {
      const i = next++;
      await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

function newPanel(old: JudgeStamp[], stamp: JudgeStamp, place: PanelPlace, only: boolean): JudgeStamp[] {
  if (only) return [stamp];
  const at = old.findIndex((j) => j.id === stamp.id);
  const rest = old.filter((j) => j.id !== stamp.id);
  if (place === 'keep' && at >= 0) return [...old.slice(0, at), stamp, ...old.slice(at + 1)];
  return place === 'cross-check' ? [...rest, stamp] : [stamp, ...rest];
}

/**
 * Relabel the stored samples of a finished result with one judge, without regenerating anything: the user
 * turns are read from samples/*.jsonl, only verdicts change, and the summary is rebuilt from the samples with
 * the runner's own buildSummary and written with its writer (each file atomically, summary last). Running it
 * twice with the same judge changes nothing the second time (the files are then left untouched). A verdict the
 * judge's cache cannot store throws its StorageError, with nothing written.
 */
export async function rejudgeResult(opts: RejudgeOptions): Promise<RejudgeReport> {
  const dir = resolve(opts.resultDir);
  const stored = await loadStoredResult(dir);
  const { summary } = stored;
  if (basename(dir) !== summary.submission.id) {
    throw new ResultLoadError([{ file: `${dir}/summary.json`, field: 'submission.id', message: `is "${summary.submission.id}" but the folder is "${basename(dir)}"` }]);
  }
  const suite = await loadSuite(opts.suitePath);
  if (suite.id !== summary.provenance.suite_id || suite.version !== summary.provenance.suite_version) {
    // Older results (suite v1) are kept and shown: point at the suite file of their version when it is there.
    const sibling = join(dirname(resolve(opts.suitePath)), `v${summary.provenance.suite_version}.yaml`);
    const hint = summary.provenance.suite_id === suite.id && existsSync(sibling) ? `: pass --suite ${relative(process.cwd(), sibling)}` : '';
    throw new ResultLoadError([
      { file: opts.suitePath, field: 'version', message: `is ${suite.id} v${suite.version}, but the result was produced with ${summary.provenance.suite_id} v${summary.provenance.suite_version}${hint}` },
    ]);
  }
  const panel = newPanel(summary.provenance.judges, opts.judge.stamp, opts.place, opts.only);
  const order = new Map(panel.map((j, i) => [j.id, i]));

  const work: Sample[] = [];
  let skippedErrors = 0;
  // Unfinished items (suite v2) have no user turn to judge.
  for (const list of stored.samples.values()) for (const s of list) if (!s.unfinished) (s.error ? skippedErrors++ : work.push(s));
  // The judge sees what the run's judge saw: the real prompts of download-only datasets (before any verdict is asked).
  const questionOf = await judgedQuestions(opts.resultDir, suite, summary, work, opts.dataDir);
  const fresh = new Map<Sample, Verdict>();
  let done = 0;
  // A verdict the judge's cache cannot store fails the command: the judge is stopped, no verdict is started after it,
  // and nothing is written. The first StorageError is the one reported.
  let failure: StorageError | null = null;
  await pool(
    work,
    opts.concurrency,
    async (s) => {
      let v: Verdict;
      try {
        v = await opts.judge.judge({ id: s.id, question: questionOf(s), response: s.response, user_turn: s.user_turn, dataset: s.dataset });
      } catch (e) {
        if (e instanceof StorageError) {
          if (!failure) opts.judge.stop?.((failure = e));
          return;
        }
        v = thrownVerdict(e, opts.judge.stamp);
      }
      if (failure) return;
      fresh.set(s, v);
      opts.onProgress?.(++done, work.length);
    },
    () => failure !== null,
  );
  if (failure) throw failure;

  const samples = new Map<DatasetId, Sample[]>();
  for (const [ds, list] of stored.samples) {
    samples.set(
      ds,
      list.map((s) => {
        const kept = s.verdicts.filter((v) => v.judge !== opts.judge.stamp.id && order.has(v.judge));
        const mine = fresh.get(s);
        const verdicts = (mine ? [...kept, mine] : kept).sort((a, b) => (order.get(a.judge) ?? 0) - (order.get(b.judge) ?? 0));
        return { ...s, verdicts };
      }),
    );
  }
  const { judges: _j, primary_judge: _p, ...provenance } = summary.provenance;
  void _j;
  void _p;
  const next = buildSummary({
    suite,
    submission: { id: summary.submission.id, display_name: summary.submission.display_name, family: summary.submission.family, hf: { repo: summary.submission.hf.repo, revision: summary.submission.hf.revision }, params: summary.submission.params },
    samples,
    judges: panel,
    provenance,
    run: summary.run,
  });
  // Compare exactly what the writer would write (schema-parsed, same serialisation).
  const sampleText = (list: Sample[]) => (list.length > 0 ? `${list.map((x) => jsonLine(Sample.parse(x))).join('\n')}\n` : '');
  let changed = summaryText(ResultSummary.parse(next)) !== stored.summaryText;
  for (const [ds, list] of samples) if (sampleText(list) !== stored.texts.get(ds)) changed = true;
  if (changed) await writeResults(dirname(dir), next, samples);
  const mine = [...fresh.values()];
  return { changed, judged: mine.filter((v) => v.kind === 'label').length, judgeErrors: mine.filter((v) => v.kind === 'judge_error').length, skippedErrors, panel };
}
