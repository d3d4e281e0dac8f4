import {
  BASELINE_CONDITION,
  LABELS,
  SUMMARY_FORMAT,
  isPinnedRevision,
  type Accuracy,
  type Agreement,
  type ConditionResult,
  type DatasetId,
  type DatasetResult,
  type JudgeStamp,
  type IntervalMethod,
  type Label,
  type LabelCounts,
  type Provenance,
  type ResultSummary,
  type RunInfo,
  type Sample,
  type Submission,
  type Suite,
  type UnfinishedCount,
} from '../schema/index.ts';
import { pairedDelta, type BootstrapOptions, type ItemCount, type PairedItem } from './metrics/bootstrap.ts';
import { moverWilsonDelta } from './metrics/mover-delta.ts';
import { anyOfKEstimate, rateEstimate } from './metrics/rate-interval.ts';
import { panelAgreement } from './agreement/panel.ts';
import { hashSeed } from './metrics/prng.ts';
import { round6 } from './metrics/quantile.ts';
import { wilsonInterval } from './metrics/wilson.ts';

/** What buildSummary reads of a sample (a run keeps only this in memory while the samples stream to disk). */
export type SummarySample = Pick<Sample, 'item_id' | 'condition' | 'error' | 'verdicts' | 'accuracy' | 'unfinished'>;

export interface SummaryInput {
  suite: Suite;
  submission: Pick<Submission, 'id' | 'display_name' | 'family' | 'hf' | 'params'>;
  /** Samples of each dataset, in item order (datasets appear in suite order in the summary). */
  samples: ReadonlyMap<DatasetId, readonly SummarySample[]> | Readonly<Partial<Record<DatasetId, readonly SummarySample[]>>>;
  /** The judge panel; the first is the primary judge whose labels make the rates. */
  judges: JudgeStamp[];
  provenance: Omit<Provenance, 'judges' | 'primary_judge' | 'intervals'>;
  run: RunInfo;
}

const emptyCounts = (): LabelCounts => Object.fromEntries(LABELS.map((l) => [l, 0])) as LabelCounts;

function primaryLabel(s: SummarySample, judge: string): Label | 'judge_error' | null {
  if (s.error) return null;
  const v = s.verdicts.find((x) => x.judge === judge);
  if (!v) return null;
  return v.kind === 'label' ? v.label : 'judge_error';
}

/** Per item: genuine follow-ups out of judged samples (the resampling unit of the bootstrap). */
function itemCounts(samples: readonly SummarySample[], judge: string): Map<string, ItemCount> {
  const m = new Map<string, ItemCount>();
  for (const s of samples) {
    const c = m.get(s.item_id) ?? { hits: 0, trials: 0 };
    const l = primaryLabel(s, judge);
    if (l !== null && l !== 'judge_error') {
      c.trials++;
      if (l === 'genuine_followup') c.hits++;
    }
    m.set(s.item_id, c);
  }
  return m;
}

function bootOpts(suite: Suite, ...parts: string[]): BootstrapOptions {
  return { resamples: suite.bootstrap.resamples, confidence: suite.bootstrap.confidence, seed: hashSeed(suite.bootstrap.seed, ...parts) };
}

/** The suite's rate-interval method; a suite without `intervals` (v1) keeps the percentile bootstrap. */
const intervalMethod = (suite: Suite): IntervalMethod => suite.intervals?.rate ?? 'percentile_bootstrap';

/** The paired delta vs greedy by the suite's method (v1: percentile bootstrap). */
function delta(suite: Suite, pairs: readonly PairedItem[], opts: BootstrapOptions) {
  return suite.intervals?.delta === 'mover_wilson' ? moverWilsonDelta(pairs, opts.confidence) : pairedDelta(pairs, opts);
}

/** One character per item in `itemIds` order: "1" hit, "0" judged without a hit, "." not judged. */
function itemVector(itemIds: readonly string[], get: (id: string) => ItemCount | undefined): string {
  return itemIds.map((id) => { const c = get(id); return !c || c.trials === 0 ? '.' : c.hits > 0 ? '1' : '0'; }).join('');
}

/** "hits/judged" per item in `itemIds` order, comma-separated ("0/0": not judged); the summary's ItemCounts. */
function itemCountsText(itemIds: readonly string[], get: (id: string) => ItemCount | undefined): string {
  return itemIds.map((id) => { const c = get(id); return `${c?.hits ?? 0}/${c?.trials ?? 0}`; }).join(',');
}

function conditionResults(suite: Suite, dataset: DatasetId, samples: readonly SummarySample[], judge: string, itemIds: readonly string[]): ConditionResult[] {
  const method = intervalMethod(suite);
  const byCond = new Map<string, SummarySample[]>();
  for (const s of samples) (byCond.get(s.condition) ?? byCond.set(s.condition, []).get(s.condition)!).push(s);
  const greedy = itemCounts(byCond.get(BASELINE_CONDITION) ?? [], judge);
  return suite.conditions.map((c) => {
    const list = byCond.get(c.id) ?? [];
    const labels = emptyCounts();
    let judged = 0;
    let judgeErrors = 0;
    let requestErrors = 0;
    for (const s of list) {
      if (s.error !== null) requestErrors++;
      const l = primaryLabel(s, judge);
      if (l === 'judge_error') judgeErrors++;
      else if (l !== null) {
        judged++;
        labels[l]++;
      }
    }
    const items = itemCounts(list, judge);
    const counts = [...items.values()];
    const pairs: PairedItem[] = [];
    for (const [id, a] of items) {
      const b = greedy.get(id);
      if (b) pairs.push({ a, b });
    }
    const result: ConditionResult = {
      condition: c.id,
      temperature: c.temperature,
      samples_per_item: c.samples,
      n_samples: list.length,
      n_judged: judged,
      n_judge_errors: judgeErrors,
      n_request_errors: requestErrors,
      followup: rateEstimate(counts, method, bootOpts(suite, dataset, c.id, 'followup')),
      any_of_k: c.samples > 1 ? anyOfKEstimate(counts, method, bootOpts(suite, dataset, c.id, 'any_of_k')) : null,
      labels,
      delta_vs_greedy: c.id === BASELINE_CONDITION ? null : delta(suite, pairs, bootOpts(suite, dataset, c.id, 'delta')),
    };
    // Suite v2: per-item hits (greedy) or counts (sampled), so the site can compare models on the items they share.
    if (suite.intervals && c.id === BASELINE_CONDITION && c.samples === 1) result.item_hits = itemVector(itemIds, (id) => items.get(id));
    if (suite.intervals && c.samples > 1) result.item_counts = itemCountsText(itemIds, (id) => items.get(id));
    return result;
  });
}

/** Accuracy over items with a verifier outcome (one per item: every sample of an item carries the same score). */
function accuracy(suite: Suite, dataset: DatasetId, samples: readonly SummarySample[], itemIds: readonly string[]): Accuracy | null {
  const spec = suite.datasets.find((d) => d.id === dataset);
  if (!spec?.accuracy) return null;
  const perItem = new Map<string, NonNullable<Sample['accuracy']>>();
  for (const s of samples) if (s.accuracy && !perItem.has(s.item_id)) perItem.set(s.item_id, s.accuracy);
  const scores = [...perItem.values()];
  if (scores.length === 0) return null;
  const method = intervalMethod(suite);
  const est = (xs: ItemCount[], what: string) => rateEstimate(xs, method, bootOpts(suite, dataset, 'accuracy', what));
  const as = (ok: boolean): ItemCount => ({ hits: ok ? 1 : 0, trials: 1 });
  const strictOk = (s: NonNullable<Sample['accuracy']>): boolean => (s.kind === 'gsm8k' ? s.correct : s.strict);
  // Suite v2: strict correctness per item, for the Spearman bootstrap over items.
  const withVector = (a: Accuracy): Accuracy =>
    suite.intervals ? { ...a, item_correct: itemVector(itemIds, (id) => { const s = perItem.get(id); return s && as(strictOk(s)); }) } : a;
  if (spec.accuracy === 'gsm8k') {
    const strict = est(scores.map((s) => as(s.kind === 'gsm8k' && s.correct)), 'strict')!;
    return withVector({ metric: 'gsm8k_exact', strict, loose: null, instruction_strict: null, instruction_loose: null });
  }
  const inst = scores.flatMap((s) => (s.kind === 'instructions' ? s.instructions : []));
  const mean = (xs: boolean[]) => (xs.length === 0 ? null : round6(xs.filter(Boolean).length / xs.length));
  return withVector({
    metric: 'prompt_level',
    strict: est(scores.map((s) => as(s.kind === 'instructions' && s.strict)), 'strict')!,
    loose: est(scores.map((s) => as(s.kind === 'instructions' && s.loose)), 'loose'),
    instruction_strict: mean(inst.map((i) => i.strict)),
    instruction_loose: mean(inst.map((i) => i.loose)),
  });
}

/** Suite v2: items whose assistant turn was unfinished, with a Wilson interval (the rate can be 0 or 1). */
function unfinishedCount(suite: Suite, samples: readonly SummarySample[], items: number): UnfinishedCount {
  const marked = samples.filter((s) => s.unfinished);
  const n = new Set(marked.map((s) => s.item_id)).size;
  const ci = items > 0 ? wilsonInterval(n, items, suite.bootstrap.confidence) : null;
  return {
    n,
    of: items,
    length: marked.filter((s) => s.unfinished!.reason === 'length').length,
    empty_answer: marked.filter((s) => s.unfinished!.reason === 'empty_answer').length,
    rate: ci ? { value: round6(n / items), lo: round6(ci.lo), hi: round6(ci.hi), n: items } : null,
  };
}

/** Agreement of every pair of judges of the panel (primary first) over the samples both labelled. */
function agreements(verdictLists: ReadonlyArray<SummarySample['verdicts']>, judges: JudgeStamp[]): Agreement[] {
  return panelAgreement(judges.map((j) => j.id), verdictLists).map((a) => ({
    ...a,
    percent: a.percent === null ? null : round6(a.percent),
    kappa: a.kappa === null ? null : round6(a.kappa),
  }));
}

/** Input provenance without a method stamp carried over from an earlier summary (rejudge, merge): the suite decides. */
function provenanceBase(p: SummaryInput['provenance'] & { intervals?: unknown }): SummaryInput['provenance'] {
  const { intervals: _stale, ...rest } = p;
  void _stale;
  return rest;
}

/**
 * The thin summary of a run, computed from samples only. Pure: the same inputs give the same output, so a
 * rerun from a full cache reproduces summary.json apart from `run`, and re-judging only needs new verdicts.
 */
export function buildSummary(input: SummaryInput): ResultSummary {
  const { suite, submission, judges } = input;
  const primary = judges[0];
  if (!primary) throw new Error('buildSummary: at least one judge is required');
  const get = (id: DatasetId): readonly SummarySample[] | undefined =>
    input.samples instanceof Map ? input.samples.get(id) : (input.samples as Partial<Record<DatasetId, readonly SummarySample[]>>)[id];
  const datasets: DatasetResult[] = [];
  // The verdicts of every sample without a request error, for agreement between judges (none with one judge).
  // Built without intermediate copies of the sample lists: at 100k samples each copy is a few MB of the run's
  // peak, which comes here at its end.
  const verdictLists: Array<SummarySample['verdicts']> = [];
  for (const spec of suite.datasets) {
    const withUnfinished = get(spec.id);
    if (!withUnfinished) continue;
    // Unfinished items (suite v2) are in no rate and no accuracy: only counted.
    const samples = withUnfinished.some((s) => s.unfinished) ? withUnfinished.filter((s) => !s.unfinished) : withUnfinished;
    if (judges.length > 1) for (const s of samples) if (!s.error) verdictLists.push(s.verdicts);
    const ids = new Set<string>();
    for (const s of withUnfinished) ids.add(s.item_id);
    const itemIds = [...ids];
    datasets.push({
      dataset: spec.id,
      n_items: itemIds.length,
      item_ids: itemIds,
      accuracy: accuracy(suite, spec.id, samples, itemIds),
      conditions: conditionResults(suite, spec.id, samples, primary.id, itemIds),
      ...(suite.assistant_turn.unfinished === 'skip' ? { unfinished: unfinishedCount(suite, withUnfinished, itemIds.length) } : {}),
    });
  }
  return {
    format: SUMMARY_FORMAT,
    submission: {
      id: submission.id,
      display_name: submission.display_name,
      family: submission.family,
      hf: { repo: submission.hf.repo, revision: submission.hf.revision, pinned: isPinnedRevision(submission.hf.revision) },
      params: { total_b: submission.params.total_b, active_b: submission.params.active_b },
    },
    datasets,
    agreement: agreements(verdictLists, judges),
    provenance: { ...provenanceBase(input.provenance), ...(suite.intervals ? { intervals: { ...suite.intervals } } : {}), judges, primary_judge: primary.id },
    run: input.run,
  };
}
