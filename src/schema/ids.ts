/**
 * The taxonomy labels and dataset ids as plain constants. This module imports nothing, so code that ships to
 * the browser (the site's islands) can use the lists without bundling zod; the zod enums are built from them.
 */

/** Label taxonomy v1 (PROBE.md), in its canonical order. */
export const LABELS = [
  'genuine_followup',
  'prompt_restatement',
  'new_unrelated_query',
  'identity_leakage',
  'meta_planning',
  'generic_closing',
  'empty_or_degenerate',
] as const;

/** Datasets of the probe suite. */
export const DATASET_IDS = ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench', 'healthbench'] as const;

/**
 * The baseline condition every suite must have (the suite schema checks it): perturbation deltas, rank groups
 * and the headline leaderboard column are computed on it.
 */
export const BASELINE_CONDITION = 'greedy';
