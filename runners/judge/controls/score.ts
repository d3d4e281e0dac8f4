import { createHash } from 'node:crypto';
import { wilsonInterval } from '../../../src/lib/metrics/wilson.ts';
import type { ControlRate, DatasetId, JudgeControlsScore, Label } from '../../../src/schema/index.ts';
import type { Judge } from '../../core/judge.ts';
import type { ControlItem, ControlSet } from './types.ts';

export interface LabelledControl {
  item: ControlItem;
  /** null: the judge failed on this item (judge_error), left out of every rate. */
  label: Label | null;
  rule: string | null;
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Share of `items` labelled genuine_followup, with a Wilson interval; n = 0 gives rate 0 over [0, 1]. */
export function genuineRate(items: readonly LabelledControl[], confidence: number): ControlRate {
  const judged = items.filter((x) => x.label !== null);
  const hits = judged.filter((x) => x.label === 'genuine_followup').length;
  const n = judged.length;
  if (n === 0) return { n, hits, rate: 0, lo: 0, hi: 1 };
  const { lo, hi } = wilsonInterval(hits, n, confidence);
  return { n, hits, rate: round4(hits / n), lo: round4(lo), hi: round4(hi) };
}

/** Every control through the judge, in order (sequential: LLM judges have their own concurrency and cache). */
export async function labelControls(judge: Judge, set: ControlSet): Promise<LabelledControl[]> {
  const out: LabelledControl[] = [];
  for (const item of [...set.negative, ...set.positive]) {
    const v = await judge.judge({ id: item.id, question: item.question, response: item.response, user_turn: item.user_turn, dataset: item.dataset });
    out.push({ item, label: v.kind === 'label' ? v.label : null, rule: v.kind === 'label' ? v.rule : null });
  }
  return out;
}

export function controlsHash(set: ControlSet): string {
  const h = createHash('sha256');
  for (const i of [...set.negative, ...set.positive]) h.update(JSON.stringify([i.id, i.gold, i.question, i.response, i.user_turn]));
  return h.digest('hex');
}

export interface ControlsMeta {
  suite_id: string;
  suite_version: number;
  seed: number;
  confidence: number;
}

/** The judge's figures on the controls: false-genuine rate (negative) and recall (positive), overall and per dataset. */
export function summarizeControls(labelled: readonly LabelledControl[], set: ControlSet, meta: ControlsMeta): JudgeControlsScore {
  const neg = labelled.filter((x) => x.item.kind !== 'second_turn');
  const pos = labelled.filter((x) => x.item.kind === 'second_turn');
  const datasets = [...new Set(neg.map((x) => x.item.dataset))] as DatasetId[];
  return {
    ...meta,
    items_sha256: controlsHash(set),
    judge_errors: labelled.filter((x) => x.label === null).length,
    false_genuine: genuineRate(neg, meta.confidence),
    positive_recall: genuineRate(pos, meta.confidence),
    negative_by_dataset: datasets.map((dataset) => {
      const rows = neg.filter((x) => x.item.dataset === dataset);
      const judged = rows.filter((x) => x.label !== null);
      return {
        dataset,
        false_genuine: genuineRate(rows, meta.confidence),
        other_item: genuineRate(rows.filter((x) => x.item.kind === 'other_item'), meta.confidence),
        restatement: genuineRate(rows.filter((x) => x.item.kind === 'restatement'), meta.confidence),
        gold_accuracy: judged.length === 0 ? 0 : round4(judged.filter((x) => x.label === x.item.gold).length / judged.length),
      };
    }),
  };
}

/** Label and summarise in one step. */
export async function scoreControls(judge: Judge, set: ControlSet, meta: ControlsMeta): Promise<JudgeControlsScore> {
  return summarizeControls(await labelControls(judge, set), set, meta);
}
