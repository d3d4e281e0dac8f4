/** Per-model behaviour: accuracy, follow-up rates by condition and which failures a family leans to. */
import type { Condition, DatasetId, Label } from '../../src/schema/index.ts';
import type { ModelSpec } from './models.ts';
import { hashString, rngFrom, type Rng } from './text.ts';

/** Failure-mode weights per family (the rest of the mass after genuine follow-ups). */
function failureWeights(family: string): Record<Exclude<Label, 'genuine_followup'>, number> {
  const base = { prompt_restatement: 1, new_unrelated_query: 1, identity_leakage: 1, meta_planning: 1, generic_closing: 1, empty_or_degenerate: 0.3 };
  const lean: Record<string, Partial<typeof base>> = {
    'qwen3.5': { prompt_restatement: 5, new_unrelated_query: 3 },
    'gpt-oss': { meta_planning: 6, identity_leakage: 2 },
    glm: { identity_leakage: 5, generic_closing: 2 },
    aurora: { generic_closing: 5 }, basalt: { new_unrelated_query: 5 }, cedar: { prompt_restatement: 2, generic_closing: 2 },
    dune: { empty_or_degenerate: 4 }, ember: { meta_planning: 3, identity_leakage: 3 }, fjord: { prompt_restatement: 4 },
    granite: { identity_leakage: 4 }, heron: { new_unrelated_query: 2, meta_planning: 2 },
  };
  const fam = Object.keys(lean).find((k) => family.startsWith(k));
  return { ...base, ...(fam ? lean[fam] : {}) };
}

/** A model's synthetic behaviour: base follow-up rates, accuracy per dataset, weights of its failure labels. */
export interface Profile { greedy: number; latent: number; acc: (d: DatasetId) => number; weights: Array<[Label, number]> }

export function profileFor(m: ModelSpec, seed: number): Profile {
  const rng = rngFrom(hashString(`profile:${m.id}:${seed}`));
  const logSize = Math.log10(m.total_b);
  const famBoost = m.family.startsWith('cedar') ? 0.25 : m.family.startsWith('heron') ? 0.12 : 0;
  const greedy = Math.min(0.6, 0.005 + rng() * 0.04 + famBoost);
  const latent = Math.min(0.5, 0.04 + 0.05 * Math.max(0, logSize) + rng() * 0.05 + famBoost / 2);
  const w = failureWeights(m.family);
  return {
    greedy, latent,
    acc: (d) => {
      const base = d === 'gsm8k' ? 0.45 + 0.2 * logSize : 0.45 + 0.12 * logSize;
      return Math.max(0.05, Math.min(0.98, base + (rng() - 0.5) * 0.06));
    },
    weights: Object.entries(w) as Array<[Label, number]>,
  };
}

/** The share of genuine follow-ups under one condition (higher at temperature, for truncated answers, in chat sets). */
export function conditionRate(p: Profile, c: Condition, dataset: DatasetId): number {
  const conv = dataset === 'mt_bench' || dataset === 'vicuna_bench' ? 1.6 : 1;
  let r = p.greedy + p.latent * (c.temperature / 1.0) * 0.6;
  if (c.perturbation.kind === 'truncate') r += 0.06;
  if (c.perturbation.kind === 'append') r -= p.greedy * 0.5;
  if (c.perturbation.kind === 'reference') r += 0.02;
  return Math.max(0, Math.min(0.95, r * conv));
}

/** One failure label, drawn by the profile's weights. */
export function drawFailure(p: Profile, rng: Rng): Label {
  const total = p.weights.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [l, w] of p.weights) { x -= w; if (x <= 0) return l; }
  return p.weights[0]?.[0] ?? 'generic_closing';
}
