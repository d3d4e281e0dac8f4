import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { ResultSummary, Sample, type DatasetId, type JudgeStamp, type Verdict } from '../../../src/schema/index.ts';
import { buildSummary } from '../../../src/lib/build-summary.ts';
import { summaryText, writeResults } from '../../results/write.ts';
import { jsonLine } from '../../../src/lib/io/jsonl.ts';
import type { Judge } from '../../core/judge.ts';
import { StorageError } from '../../io/storage-error.ts';
import { isFailure, type Failure } from '../../core/errors.ts';
import { shownPath } from '../../core/terminal-text.ts';
import { unreachable } from '../llm/unreachable.ts';
import { judgeFailed, JudgeUnreachable } from './judge-failed.ts';
import { thrownVerdict } from '../thrown-verdict.ts';
import { judgedQuestions } from './judged-questions.ts';
import { loadStoredResult, loadSuite, ResultLoadError } from './load-result.ts';

export type PanelPlace = 'primary' | 'cross-check' | 'keep';

/** One judge of the panel a rejudge applies, and where it goes. */
export interface PanelJudge {
  judge: Judge;
  /** How a failure names it: its config file, or "heuristic". */
  name: string;
  /**
   * Where the judge goes in the panel: `primary` (its labels make the rates; other judges stay as cross-checks),
   * `cross-check` (appended), or `keep` (its current place if it is already in the panel, else primary).
   */
  place: PanelPlace;
  /** Drop every other judge's verdicts: the panel becomes this judge alone. */
  only: boolean;
  concurrency: number;
}

export interface RejudgeOptions {
  resultDir: string;
  suitePath: string;
  /** Applied in order, each as if after the one before it; every verdict is asked before anything is written. */
  judges: PanelJudge[];
  /**
   * Local datasets laid out as DIR/<dataset>/<file> (--data-dir, USERTURN_DATA_DIR): where the prompts of download-only
   * datasets come from (their samples hold a placeholder). A result with such samples is refused without them.
   */
  dataDir?: string;
}

export interface JudgeReport {
  stamp: JudgeStamp;
  judged: number;
  judgeErrors: number;
}

export interface RejudgeReport {
  changed: boolean;
  /** Per judge, in the order given. */
  judges: JudgeReport[];
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
 * The verdicts of one judge on `work`, in its order. A verdict its cache cannot store stops the judge: it is stopped,
 * no verdict is started after it, and its StorageError is thrown (the first one). So is a verdict whose endpoint could
 * not be reached (JudgeUnreachable): a dead server would otherwise write a judge error over every verdict it had.
 * Verdicts obtained before stay in the cache.
 */
async function askJudge(j: PanelJudge, work: Sample[], questionOf: (s: Sample) => string): Promise<Verdict[]> {
  const verdicts = new Array<Verdict>(work.length);
  let failure: Failure | null = null;
  const fail = (e: Failure) => {
    if (!failure) j.judge.stop?.((failure = e));
  };
  await pool(
    [...work.keys()],
    j.concurrency,
    async (i) => {
      const s = work[i]!;
      let v: Verdict;
      try {
        v = await j.judge.judge({ id: s.id, question: questionOf(s), response: s.response, user_turn: s.user_turn, dataset: s.dataset });
      } catch (e) {
        if (e instanceof StorageError) return fail(e);
        v = thrownVerdict(e, j.judge.stamp);
      }
      if (unreachable(v)) fail(new JudgeUnreachable(`cannot use its endpoint (sample ${s.id}): ${v.kind === 'judge_error' ? v.reason : ''}; start its server or correct base_url, model or api_key_env, then rerun`));
      verdicts[i] = v;
    },
    () => failure !== null,
  );
  if (failure) throw failure;
  return verdicts;
}

/**
 * Relabel the stored samples of a finished result with a judge, or a panel of judges applied one after the other,
 * without regenerating anything: the user turns are read from samples/*.jsonl, only verdicts change, and the summary
 * is rebuilt from the samples with the runner's own buildSummary and written with its writer (each file atomically,
 * summary last). Every judge's verdicts are asked before anything is written, so a judge that fails (its verdict
 * cache cannot be written, or its endpoint cannot be reached) leaves the result as it was. Running it
 * twice with the same judges changes nothing the second time (the files are then left untouched).
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
  // The panel after each judge in turn, as if each rewrote the result after the one before it.
  const panels: JudgeStamp[][] = [];
  for (const j of opts.judges) panels.push(newPanel(panels.at(-1) ?? summary.provenance.judges, j.judge.stamp, j.place, j.only));
  const panel = panels.at(-1) ?? summary.provenance.judges;

  const work: Sample[] = [];
  let skippedErrors = 0;
  // Unfinished items (suite v2) have no user turn to judge.
  for (const list of stored.samples.values()) for (const s of list) if (!s.unfinished) (s.error ? skippedErrors++ : work.push(s));
  // The judge sees what the run's judge saw: the real prompts of download-only datasets (before any verdict is asked).
  const questionOf = await judgedQuestions(opts.resultDir, suite, summary, work, opts.dataDir);
  // Each judge's verdicts, by the sample's place in `work`; a panel is all or nothing: a judge that fails is named.
  const fresh: Verdict[][] = [];
  const panelOf = opts.judges.length;
  for (const [k, j] of opts.judges.entries()) {
    try {
      fresh.push(await askJudge(j, work, questionOf));
    } catch (e) {
      if (!isFailure(e) || (panelOf === 1 && !(e instanceof JudgeUnreachable))) throw e;
      throw judgeFailed(e, { name: j.name, id: j.judge.stamp.id }, k + 1, panelOf, shownPath(opts.resultDir));
    }
  }

  const at = new Map(work.map((s, i) => [s, i]));
  const orders = panels.map((p) => new Map(p.map((j, i) => [j.id, i])));
  const samples = new Map<DatasetId, Sample[]>();
  for (const [ds, list] of stored.samples) {
    samples.set(
      ds,
      list.map((s) => {
        const i = at.get(s);
        let verdicts = s.verdicts;
        for (const [k, j] of opts.judges.entries()) verdicts = placed(verdicts, j.judge.stamp.id, orders[k]!, i === undefined ? undefined : fresh[k]![i]);
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
  // Compare exactly what the writer would write (schema-parsed, same serialisation), a line at a time into its hash.
  const sampleHash = (list: Sample[]) => list.reduce((h, x) => h.update(`${jsonLine(Sample.parse(x))}\n`), createHash('sha256')).digest('hex');
  let changed = summaryText(ResultSummary.parse(next)) !== stored.summaryText;
  for (const [ds, list] of samples) if (sampleHash(list) !== stored.sha256s.get(ds)) changed = true;
  if (changed) await writeResults(dirname(dir), next, samples);
  const reports = opts.judges.map((j, k) => ({
    stamp: j.judge.stamp,
    judged: fresh[k]!.filter((v) => v.kind === 'label').length,
    judgeErrors: fresh[k]!.filter((v) => v.kind === 'judge_error').length,
  }));
  return { changed, judges: reports, skippedErrors, panel };
}

/** A sample's verdicts once judge `id` gave `mine` (none for a sample it did not judge), in the panel's `order`. */
function placed(verdicts: Verdict[], id: string, order: Map<string, number>, mine: Verdict | undefined): Verdict[] {
  const kept = verdicts.filter((v) => v.judge !== id && order.has(v.judge));
  return (mine ? [...kept, mine] : kept).sort((a, b) => (order.get(a.judge) ?? 0) - (order.get(b.judge) ?? 0));
}
