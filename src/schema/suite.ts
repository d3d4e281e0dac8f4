import { z } from 'zod';
import { Sha256, Slug } from './common.ts';
import { DATASET_IDS } from './ids.ts';

export const SUITE_FORMAT = 1;

export { DATASET_IDS };
export const DatasetId = z.enum(DATASET_IDS);
export type DatasetId = z.infer<typeof DatasetId>;

/** How the assistant answer `a` is changed before the user turn is generated. */
export const Perturbation = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({
      kind: z.literal('truncate'),
      fraction: z.number().gt(0).lt(1).describe('Keep this fraction of the characters of `a`…'),
      boundary: z.enum(['word', 'char']).describe('…cut back to the last word boundary (or exactly at the character).'),
    }),
    z.strictObject({
      kind: z.literal('append'),
      text: z.string().min(1).describe('Fixed text appended to `a`, e.g. a generic closing question.'),
      separator: z.string().default('\n\n').describe('Inserted between `a` and the text.'),
    }),
    z.strictObject({
      kind: z.literal('reference').describe('Replace `a` by the dataset reference response; items without one are skipped for this condition.'),
    }),
  ])
  .describe('Perturbation of the assistant turn.');
export type Perturbation = z.infer<typeof Perturbation>;

export const Condition = z.strictObject({
  id: Slug.describe('Condition id, e.g. "greedy", "t0.7", "truncated".'),
  description: z.string().min(1).describe('One sentence for the site.'),
  temperature: z.number().min(0).max(2),
  top_p: z.number().gt(0).max(1),
  samples: z.int().min(1).max(64).describe('User turns sampled per item.'),
  perturbation: Perturbation,
});
export type Condition = z.infer<typeof Condition>;

export const DatasetSpec = z.strictObject({
  id: DatasetId,
  kind: z.enum(['math', 'instruction_following', 'conversation']),
  accuracy: z.enum(['gsm8k', 'ifeval', 'ifbench']).nullable().describe('Verifier used for task accuracy; null for conversation sets (accuracy is null, not 0).'),
  items: z.int().positive().nullable().describe('Items in the full split (null when not fixed, e.g. a download-only subset).'),
  item_cap: z.int().positive().nullable().describe('Cap on items per run: a fixed seeded subset; null runs every item.'),
  subset_seed: z.int().nonnegative().describe('Seed of the subset draw when item_cap applies.'),
  split: z.string().min(1),
  license: z.string().min(1),
  download_only: z.boolean().default(false).describe('Fetched at run time only and never redistributed (e.g. HealthBench).'),
  enabled: z.boolean().default(true).describe('Whether the standard run includes this dataset.'),
  source: z.strictObject({
    repo: z.string().min(1).describe('Canonical source repository (provenance).'),
    files: z
      .array(
        z.strictObject({
          name: z.string().regex(/^[A-Za-z0-9._-]+$/).describe('File name inside the dataset folder of --data-dir.'),
          url: z.url({ protocol: /^https$/ }).describe('Canonical download URL.'),
          sha256: Sha256.nullable().describe('Expected checksum; null when not yet pinned (recorded on first download).'),
        }),
      )
      .min(1),
  }),
});
export type DatasetSpec = z.infer<typeof DatasetSpec>;

/** How rate intervals are computed (PROBE.md, Metrics). Absent from a suite means v1's percentile bootstrap. */
export const IntervalMethod = z
  .enum(['percentile_bootstrap', 'wilson_deff'])
  .describe('percentile_bootstrap: item bootstrap (suite v1); wilson_deff: Wilson score interval on n_eff = trials / design effect of the item clusters.');
export type IntervalMethod = z.infer<typeof IntervalMethod>;

/** How the paired delta vs greedy gets its interval. */
export const DeltaMethod = z
  .enum(['paired_bootstrap', 'mover_wilson'])
  .describe('paired_bootstrap: percentile bootstrap over paired items (suite v1); mover_wilson: MOVER from both sides\' clustered Wilson intervals and their correlation (Newcombe 1998; Zou & Donner 2008).');
export type DeltaMethod = z.infer<typeof DeltaMethod>;

/** The interval methods of a suite, stamped on every summary computed with them. */
export const IntervalMethods = z.strictObject({
  rate: IntervalMethod.describe('Intervals of follow-up rates, any-of-k and accuracy.'),
  delta: DeltaMethod.default('paired_bootstrap').describe('Interval of the paired delta vs greedy; an effect is called only when it excludes zero.'),
});
export type IntervalMethods = z.infer<typeof IntervalMethods>;

export const Suite = z
  .strictObject({
    $schema: z.string().optional(),
    format: z.literal(SUITE_FORMAT),
    id: Slug,
    version: z.int().positive().describe('Bump on any change that can move a score (prompts, conditions, caps, judge prompt).'),
    changelog: z.array(z.strictObject({ version: z.int().positive(), date: z.iso.date(), changes: z.string().min(1) })).min(1),
    taxonomy_version: z.int().positive(),
    judge_prompt_version: z.string().min(1),
    assistant_turn: z.strictObject({
      max_tokens: z.int().positive(),
      temperature: z.number().min(0).max(2),
      top_p: z.number().gt(0).max(1),
    }),
    user_turn: z.strictObject({
      max_tokens: z.int().positive(),
      sentinel: z.string().min(8).describe('Placeholder user message: the prompt is cut where it starts (STACK.md).'),
      stop_at_role_header: z.boolean().describe('Also stop at the next role header of the template.'),
    }),
    seed: z.int().nonnegative().describe('Base seed; per-sample seeds derive from it, the item and the condition.'),
    bootstrap: z.strictObject({
      resamples: z.int().min(100).max(100_000),
      seed: z.int().nonnegative(),
      confidence: z.number().gt(0.5).lt(1),
    }),
    intervals: IntervalMethods.optional().describe('Interval methods; absent = percentile bootstrap everywhere (suite v1).'),
    datasets: z.array(DatasetSpec).min(1),
    conditions: z.array(Condition).min(1),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.conditions.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: 'custom', message: `duplicate condition id "${c.id}"`, path: ['conditions', i, 'id'] });
      seen.add(c.id);
    });
    if (!s.conditions.some((c) => c.id === 'greedy')) ctx.addIssue({ code: 'custom', message: 'a "greedy" condition is required (deltas are computed against it)', path: ['conditions'] });
    const ds = new Set<string>();
    s.datasets.forEach((d, i) => {
      if (ds.has(d.id)) ctx.addIssue({ code: 'custom', message: `duplicate dataset id "${d.id}"`, path: ['datasets', i, 'id'] });
      ds.add(d.id);
    });
    if (!s.changelog.some((c) => c.version === s.version)) ctx.addIssue({ code: 'custom', message: `changelog has no entry for version ${s.version}`, path: ['changelog'] });
  })
  .describe('A versioned probe suite: every protocol choice as data (PROBE.md).');
export type Suite = z.infer<typeof Suite>;
