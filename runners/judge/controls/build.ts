import { hashSeed, mulberry32 } from '../../../src/lib/metrics/prng.ts';
import type { DatasetId, JudgeControlsSpec } from '../../../src/schema/index.ts';
import type { DatasetItem } from '../../core/items.ts';
import { seededSubset } from '../../datasets/subset.ts';
import type { CalibrationItem } from '../labelled/load.ts';
import { controlAnswer } from './answer.ts';
import { restate } from './restate.ts';
import type { ControlItem, ControlSet } from './types.ts';

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The negative control of one dataset: `items_per_dataset` items drawn by seed; each gives two exchanges
 * (q, a) followed by (1) the question of another item of the same dataset, drawn by seed (gold
 * new_unrelated_query) and (2) its own question restated by a seeded transform (gold prompt_restatement).
 */
export function negativeControls(spec: JudgeControlsSpec, dataset: DatasetId, all: readonly DatasetItem[]): ControlItem[] {
  if (all.length < 2) throw new Error(`judge controls: dataset ${dataset} has ${all.length} item(s); another item needs at least 2`);
  const chosen = seededSubset(all, spec.items_per_dataset, hashSeed(spec.seed, dataset, 'items'));
  const rand = mulberry32(hashSeed(spec.seed, dataset, 'draws'));
  const out: ControlItem[] = [];
  for (const item of chosen) {
    const response = controlAnswer(item, spec.seed);
    // Another item whose question differs from this one (datasets may repeat a prompt).
    let other: DatasetItem | undefined;
    for (let tries = 0; tries < 50 && !other; tries++) {
      const cand = all[Math.floor(rand() * all.length)]!;
      if (cand.id !== item.id && norm(cand.question) !== norm(item.question)) other = cand;
    }
    if (!other) throw new Error(`judge controls: dataset ${dataset}: no other item with a different question for ${item.id}`);
    const kind = spec.restatement_kinds[Math.floor(rand() * spec.restatement_kinds.length)]!;
    const restated = restate(kind, item.question, rand);
    const base = { dataset, question: item.question, response };
    out.push({ ...base, id: `${dataset}/${item.id}/other_item`, kind: 'other_item', transform: null, gold: 'new_unrelated_query', user_turn: other.question });
    out.push({ ...base, id: `${dataset}/${item.id}/restatement`, kind: 'restatement', transform: restated.kind, gold: 'prompt_restatement', user_turn: restated.text });
  }
  return out;
}

/** The positive control: MT-Bench's human second turns after the reference answer (gold genuine_followup). */
export function positiveControls(secondTurns: readonly CalibrationItem[]): ControlItem[] {
  return secondTurns.map((it) => ({
    id: `mt_bench/${it.id.replace(/^mt_bench#/, '')}/second_turn`,
    dataset: 'mt_bench',
    kind: 'second_turn',
    transform: null,
    gold: 'genuine_followup',
    question: it.question,
    response: it.response,
    user_turn: it.user_turn,
  }));
}

/** Both controls, in the suite's dataset order. Pure: the same spec and data give the same set. */
export function buildControls(spec: JudgeControlsSpec, datasets: ReadonlyMap<DatasetId, readonly DatasetItem[]>, secondTurns: readonly CalibrationItem[]): ControlSet {
  const negative: ControlItem[] = [];
  for (const id of spec.datasets) {
    const items = datasets.get(id);
    if (!items) throw new Error(`judge controls: dataset ${id} was not loaded`);
    negative.push(...negativeControls(spec, id, items));
  }
  return { negative, positive: positiveControls(secondTurns) };
}
