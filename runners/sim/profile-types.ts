import type { Label } from '../../src/schema/index.ts';

export type Weights = Record<Label, number>;

/** A simulated model family: label mixtures for greedy (cold) and T=1 (hot) user turns, and its task accuracy. */
export interface Profile {
  name: string;
  description: string;
  /**
   * Weights added when the prompt shows a perturbation (the answer visibly cut off; the answer ending in a question),
   * per profile. Without it, every profile gets the same shift (+20 follow-up when cut, +25 closing on a question).
   */
  perturbations?: { truncated?: Partial<Weights>; generic_question?: Partial<Weights> };
  cold: Weights;
  hot: Weights;
  /** Probability that a GSM8K answer ends in the right number (when the simulator knows it). */
  accuracy: number;
  /** Share of assistant turns that reason until max_tokens without a final answer (default 0). */
  unfinishedRate?: number;
}

/** Label weights in taxonomy order: genuine, restatement, unrelated, leakage, meta, closing, degenerate. */
export const weights = (genuine: number, restate: number, unrelated: number, leak: number, meta: number, closing: number, degenerate: number): Weights => ({
  genuine_followup: genuine,
  prompt_restatement: restate,
  new_unrelated_query: unrelated,
  identity_leakage: leak,
  meta_planning: meta,
  generic_closing: closing,
  empty_or_degenerate: degenerate,
});
