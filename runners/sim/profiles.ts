import { LABELS, type Label } from '../../src/schema/index.ts';
import { PAPER_PROFILES } from './paper-profiles.ts';
import { weights as w, type Profile, type Weights } from './profile-types.ts';

export type { Profile, Weights };

/** Families from the paper's findings: follow-ups rare when greedy, more frequent when sampling, distinct failure modes. */
export const CARICATURE_PROFILES: Record<string, Profile> = {
  aware: { name: 'aware', description: 'Mostly grounded follow-ups; some closings.', cold: w(55, 8, 5, 7, 5, 15, 5), hot: w(65, 6, 6, 6, 4, 9, 4), accuracy: 0.85 },
  restater: { name: 'restater', description: 'Restates the question when greedy; sampling reveals some awareness.', cold: w(2, 60, 15, 10, 5, 6, 2), hot: w(20, 35, 15, 10, 5, 10, 5), accuracy: 0.9 },
  'assistant-leaker': { name: 'assistant-leaker', description: 'Keeps speaking as the assistant.', cold: w(4, 6, 6, 70, 4, 8, 2), hot: w(15, 6, 8, 55, 5, 8, 3), accuracy: 0.75 },
  'meta-planner': { name: 'meta-planner', description: 'Writes analysis about how to respond.', cold: w(3, 5, 5, 12, 65, 5, 5), hot: w(12, 6, 6, 12, 50, 6, 8), accuracy: 0.8 },
  'unrelated-asker': { name: 'unrelated-asker', description: 'Asks a fresh, unrelated question (GSM8K-style).', cold: w(3, 10, 70, 5, 4, 6, 2), hot: w(14, 10, 52, 6, 5, 8, 5), accuracy: 0.6 },
  degenerate: { name: 'degenerate', description: 'Empty turns and repetition loops.', cold: w(1, 5, 4, 5, 5, 10, 70), hot: w(6, 6, 8, 6, 6, 10, 58), accuracy: 0.3 },
};

/** Every profile `userturn sim --profile` knows: the six caricatures (tests) and the paper-regime ones (the demo). */
export const PROFILES: Record<string, Profile> = { ...CARICATURE_PROFILES, ...PAPER_PROFILES };

export const PROFILE_NAMES = Object.keys(PROFILES);

export interface Context {
  temperature: number;
  truncated: boolean;
  endsWithQuestion: boolean;
}

/** Label weights for one request: cold→hot with temperature, shifted by what the prompt shows. */
export function labelWeights(p: Profile, ctx: Context): Weights {
  const s = Math.min(1, Math.max(0, ctx.temperature));
  const out = {} as Weights;
  for (const l of LABELS) out[l] = p.cold[l] * (1 - s) + p.hot[l] * s;
  if (p.perturbations) {
    const add = (extra: Partial<Weights> | undefined) => { for (const l of LABELS) out[l] += extra?.[l] ?? 0; };
    if (ctx.truncated) add(p.perturbations.truncated);
    if (ctx.endsWithQuestion) add(p.perturbations.generic_question);
    return out;
  }
  // A visibly cut-off answer invites "you got cut off" follow-ups; a closing question invites "yes, thanks".
  if (ctx.truncated) out.genuine_followup += 20;
  if (ctx.endsWithQuestion) out.generic_closing += 25;
  return out;
}

export function drawLabel(weights: Weights, rand: () => number): Label {
  const total = LABELS.reduce((s, l) => s + weights[l], 0);
  let x = rand() * total;
  for (const l of LABELS) {
    x -= weights[l];
    if (x < 0) return l;
  }
  return LABELS[LABELS.length - 1]!;
}
