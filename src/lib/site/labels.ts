/**
 * Zod-free copies of the taxonomy and dataset ids for code that ships to the browser (islands must not bundle zod).
 * tests/unit/site/labels.test.ts checks that they equal the schema's lists.
 */
export const SITE_LABELS = [
  'genuine_followup',
  'prompt_restatement',
  'new_unrelated_query',
  'identity_leakage',
  'meta_planning',
  'generic_closing',
  'empty_or_degenerate',
] as const;
export type SiteLabel = (typeof SITE_LABELS)[number];

export const SITE_DATASETS = ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench', 'healthbench'] as const;

export type SizeBucket = 'small' | 'medium' | 'large';
export const SIZE_BUCKETS: Array<{ id: SizeBucket; label: string; test: (b: number) => boolean }> = [
  { id: 'small', label: 'under 10B', test: (b) => b < 10 },
  { id: 'medium', label: '10B to 100B', test: (b) => b >= 10 && b < 100 },
  { id: 'large', label: '100B and more', test: (b) => b >= 100 },
];
