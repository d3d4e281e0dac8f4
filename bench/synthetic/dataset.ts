/** One model's results on one dataset: every condition's samples (JSONL lines) and the dataset's result entry. */
import { BASELINE_CONDITION, LABELS, type ConditionResult, type DatasetResult, type LabelCounts, type Suite } from '../../src/schema/index.ts';
import type { ModelSpec } from './models.ts';
import { conditionRate, type Profile } from './profile.ts';
import { drawSample } from './sample.ts';
import { clamp01, delta, estimate } from './stats.ts';
import { hashString, makeItem, rngFrom, type Item } from './text.ts';

export interface DatasetRun {
  suite: Suite;
  model: ModelSpec;
  profile: Profile;
  seed: number;
  nItems: number;
  /** Where the XSS payload goes: the first model's first dataset, item 2, greedy condition. */
  xssHere: boolean;
  /** The judges' confusion matrix of this model, added to (LABELS × LABELS, primary × secondary). */
  conf: number[][];
}

const emptyCounts = (): LabelCounts => Object.fromEntries(LABELS.map((l) => [l, 0])) as LabelCounts;

export function generateDataset(r: DatasetRun, ds: Suite['datasets'][number]): { lines: string[]; result: DatasetResult } {
  const { model: m, profile: prof, seed } = r;
  const accRate = prof.acc(ds.id);
  const items: Item[] = [];
  for (let i = 0; i < r.nItems; i++) items.push(makeItem(ds.id, i, rngFrom(hashString(`item:${ds.id}:${i}:${seed}`))));
  const correct = items.map((it) => rngFrom(hashString(`acc:${m.id}:${it.item_id}`))() < accRate);
  const lines: string[] = [];
  const condResults: ConditionResult[] = [];
  const greedyPerItem = new Map<string, number>();

  for (const c of r.suite.conditions) {
    const hasRef = ds.id !== 'ifeval' && ds.id !== 'ifbench';
    if (c.perturbation.kind === 'reference' && !hasRef) continue;
    const rate = conditionRate(prof, c, ds.id);
    const labels = emptyCounts();
    const perItemRate: number[] = [];
    const perItemAny: number[] = [];
    const deltas: number[] = [];
    let nSamples = 0; let nJudged = 0; let nJudgeErr = 0; let nReqErr = 0;
    items.forEach((it, ii) => {
      const rng = rngFrom(hashString(`s:${m.id}:${it.item_id}:${c.id}:${seed}`));
      const itemFactor = 0.4 + 1.2 * rngFrom(hashString(`if:${m.id}:${it.item_id}`))();
      let genuine = 0; let judged = 0;
      for (let k = 0; k < c.samples; k++) {
        nSamples++;
        const xss = r.xssHere && ii === 2 && c.id === BASELINE_CONDITION;
        const s = drawSample({ suiteSeed: r.suite.seed, modelId: m.id, profile: prof, dataset: ds, item: it, correct: correct[ii], condition: c, k, rate: rate * itemFactor, xss }, rng);
        if (!s.reqError && !s.judgeErr) {
          judged++; nJudged++; labels[s.label]++;
          if (s.label === 'genuine_followup') genuine++;
          r.conf[LABELS.indexOf(s.label)]![LABELS.indexOf(s.secondLabel)]!++;
        }
        if (s.reqError) nReqErr++;
        if (s.judgeErr) nJudgeErr++;
        lines.push(JSON.stringify(s.sample));
      }
      if (judged > 0) {
        perItemRate.push(genuine / judged);
        perItemAny.push(genuine > 0 ? 1 : 0);
        if (c.id === BASELINE_CONDITION) greedyPerItem.set(it.item_id, genuine / judged);
        else {
          const g = greedyPerItem.get(it.item_id);
          if (g !== undefined) deltas.push(genuine / judged - g);
        }
      }
    });
    condResults.push({
      condition: c.id, temperature: c.temperature, samples_per_item: c.samples, n_samples: nSamples, n_judged: nJudged,
      n_judge_errors: nJudgeErr, n_request_errors: nReqErr, followup: estimate(perItemRate),
      any_of_k: c.samples > 1 ? estimate(perItemAny) : null, labels, delta_vs_greedy: c.id === BASELINE_CONDITION ? null : delta(deltas),
    });
  }
  const accEst = estimate(correct.map((x) => (x ? 1 : 0)));
  const result: DatasetResult = {
    dataset: ds.id, n_items: items.length, item_ids: items.map((i) => i.item_id),
    accuracy: ds.accuracy === null || !accEst ? null : {
      metric: ds.accuracy === 'gsm8k' ? 'gsm8k_exact' : 'prompt_level', strict: accEst,
      loose: ds.accuracy === 'gsm8k' ? null : { ...accEst, value: clamp01(accEst.value + 0.04), hi: clamp01(accEst.hi + 0.04), lo: clamp01(accEst.lo + 0.04) },
      instruction_strict: ds.accuracy === 'gsm8k' ? null : clamp01(accEst.value + 0.08),
      instruction_loose: ds.accuracy === 'gsm8k' ? null : clamp01(accEst.value + 0.11),
    },
    conditions: condResults,
  };
  return { lines, result };
}
