import { formatPath, LABELS, type FieldError, type ResultSummary, type Sample } from '../schema/index.ts';

/** What a condition's counts are made of, read from its samples. */
interface Counts {
  n_samples: number;
  n_request_errors: number;
  n_judge_errors: number;
  n_judged: number;
  labels: Record<string, number>;
}

type DatasetSummary = ResultSummary['datasets'][number];
/** The fields of a sample its summary counts (and recomputes its figures from: summary-figures.ts). */
export type CountedSample = Pick<Sample, 'item_id' | 'condition' | 'sample_index' | 'error' | 'verdicts' | 'accuracy' | 'unfinished'>;

const emptyCounts = (): Counts => ({ n_samples: 0, n_request_errors: 0, n_judge_errors: 0, n_judged: 0, labels: Object.fromEntries(LABELS.map((l) => [l, 0])) });

/**
 * One dataset's samples counted as buildSummary counts them, and read against its summary entry: its items (in the
 * order they first appear, unfinished ones too) and, per condition, samples, request errors, judge errors, judged and
 * the primary judge's labels; the figures are recomputed once these agree (summary-figures.ts). `userturn validate`
 * and the site build both use it, so a result folder one refuses the other refuses too.
 */
export function sampleTally(primaryJudge: string) {
  const items = new Set<string>();
  const byCondition = new Map<string, Counts>();
  /** Sample indexes per item and condition: a condition's samples are 0 … samples_per_item − 1, each once. */
  const indexes = new Map<string, { item: string; condition: string; seen: Set<number>; twice: number | null }>();
  /** Every judge a verdict names, and the first sample whose verdicts do not start with the primary judge's. */
  const judges = new Set<string>();
  let notPrimaryFirst: string | null = null;
  let anyError = false;
  return {
    /** Judges named by the verdicts added (read against the summary's panel: summary-provenance.ts). */
    judges,
    /** Whether a sample added holds a request error. */
    get anyError() {
      return anyError;
    },
    add(s: CountedSample): void {
      items.add(s.item_id);
      for (const v of s.verdicts) judges.add(v.judge);
      // The example browser shows verdicts[0] as the primary judge's label.
      if (s.verdicts.length > 0 && s.verdicts[0]!.judge !== primaryJudge) notPrimaryFirst ??= `item "${s.item_id}", ${s.condition} sample ${s.sample_index}`;
      if (s.error !== null) anyError = true;
      // An unfinished item's record is in no condition's counts, only in `unfinished`.
      if (s.unfinished) return;
      const key = `${s.item_id}\u0000${s.condition}`;
      const at = indexes.get(key) ?? indexes.set(key, { item: s.item_id, condition: s.condition, seen: new Set(), twice: null }).get(key)!;
      if (at.seen.has(s.sample_index)) at.twice ??= s.sample_index;
      at.seen.add(s.sample_index);
      const c = byCondition.get(s.condition) ?? byCondition.set(s.condition, emptyCounts()).get(s.condition)!;
      c.n_samples++;
      if (s.error !== null) {
        c.n_request_errors++;
        return;
      }
      const v = s.verdicts.find((x) => x.judge === primaryJudge);
      if (!v) return;
      if (v.kind === 'label') {
        c.n_judged++;
        c.labels[v.label] = (c.labels[v.label] ?? 0) + 1;
      } else c.n_judge_errors++;
    },
    /** Where summary entry `d` (datasets.`i` of `display`) disagrees with the samples added. */
    errors(display: string, i: number, d: DatasetSummary): FieldError[] {
      const errors: FieldError[] = [];
      const inSamples = [...items];
      if (inSamples.join('\n') !== d.item_ids.join('\n')) {
        const at = d.item_ids.findIndex((id, k) => inSamples[k] !== id);
        const where = at < 0 ? `${inSamples.length - d.item_ids.length} more` : `item ${at + 1} is "${inSamples[at] ?? '(none)'}" there`;
        errors.push({ file: display, field: formatPath(['datasets', i, 'item_ids']), message: `lists ${d.item_ids.length} items, which samples/${d.dataset}.jsonl does not hold in that order (${inSamples.length} items, ${where})` });
      }
      for (const [j, c] of d.conditions.entries()) {
        const got = byCondition.get(c.condition) ?? emptyCounts();
        for (const k of ['n_samples', 'n_request_errors', 'n_judge_errors', 'n_judged'] as const) {
          if (c[k] !== got[k]) errors.push({ file: display, field: formatPath(['datasets', i, 'conditions', j, k]), message: `is ${c[k]} but samples/${d.dataset}.jsonl gives ${got[k]}` });
        }
        for (const l of LABELS) {
          if (c.labels[l] !== got.labels[l]) errors.push({ file: display, field: formatPath(['datasets', i, 'conditions', j, 'labels', l]), message: `is ${c.labels[l]} but samples/${d.dataset}.jsonl gives ${got.labels[l]}` });
        }
      }
      // More samples than the protocol draws (best of n) would raise any-of-k and the rates' precision unseen.
      for (const at of indexes.values()) {
        const j = d.conditions.findIndex((c) => c.condition === at.condition);
        const spi = d.conditions[j]?.samples_per_item;
        if (spi === undefined) continue;
        const beyond = [...at.seen].find((k) => k >= spi);
        if (beyond !== undefined || at.twice !== null) {
          errors.push({ file: display, field: formatPath(['datasets', i, 'conditions', j, 'samples_per_item']), message: beyond !== undefined ? `is ${spi} but samples/${d.dataset}.jsonl holds sample ${beyond} of item "${at.item}"` : `samples/${d.dataset}.jsonl holds sample ${at.twice} of item "${at.item}" twice` });
          break;
        }
      }
      if (notPrimaryFirst) errors.push({ file: display, field: 'provenance.primary_judge', message: `is "${primaryJudge}" but the verdicts of ${notPrimaryFirst} in samples/${d.dataset}.jsonl do not start with its verdict` });
      // Samples of a condition the summary does not list would be published in the example browser, counted nowhere.
      for (const [condition, got] of byCondition) {
        if (!d.conditions.some((c) => c.condition === condition)) errors.push({ file: display, field: formatPath(['datasets', i, 'conditions']), message: `does not list condition "${condition}", of which samples/${d.dataset}.jsonl holds ${got.n_samples} samples` });
      }
      return errors;
    },
  };
}

/** A summary's dataset whose samples file is missing from a result folder that has a samples folder. */
export const missingSamplesError = (display: string, i: number, dataset: string): FieldError => ({ file: display, field: formatPath(['datasets', i]), message: `its samples file samples/${dataset}.jsonl is missing` });

/** A samples file in a result folder whose summary does not list its dataset (its samples would be published uncounted). */
export const unlistedSamplesError = (display: string, dataset: string): FieldError => ({ file: display, field: 'datasets', message: `does not list "${dataset}", whose samples file samples/${dataset}.jsonl is in the folder` });
