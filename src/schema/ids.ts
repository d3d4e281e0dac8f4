/**
 * The taxonomy labels as plain constants. This module imports nothing, so code that ships to the browser (the
 * site's islands) can use the list without bundling zod; the zod enum is built from it. Dataset ids are not listed
 * here: they are slugs whose list is the suite's (src/schema/dataset-spec.ts).
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

/**
 * The baseline condition every suite must have (the suite schema checks it): perturbation deltas, rank groups
 * and the headline leaderboard column are computed on it.
 */
export const BASELINE_CONDITION = 'greedy';
