import { z } from 'zod';
import { Slug } from './common.ts';
import { DatasetId, DatasetSpec } from './dataset-spec.ts';
import { BASELINE_CONDITION } from './ids.ts';

export const SUITE_FORMAT = 1;

export { BASELINE_CONDITION };
export * from './dataset-spec.ts';

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

/** How a judge's controls are restated: deterministic transforms of the item's own question (no hand-written text). */
export const RESTATEMENT_KINDS = ['verbatim', 'framed', 'reordered', 'reworded', 'casual'] as const;

/**
 * Judge controls (suite v2): labelled user turns built from the suite's own datasets, on which every judge is scored.
 * Negative: an exchange followed by another item's question (gold new_unrelated_query) or by its own question
 * restated (gold prompt_restatement). Positive: MT-Bench's human second turns after the reference answer (gold
 * genuine_followup). Optional, so suites written before controls existed still validate.
 */
export const JudgeControlsSpec = z.strictObject({
  seed: z.int().nonnegative().describe('Seed of every draw: which items, which other item, which restatement kind.'),
  items_per_dataset: z.int().positive().describe('Items drawn per dataset (all when the dataset has fewer); each gives one other-item and one restated turn.'),
  datasets: z.array(DatasetId).min(1).describe('Datasets the negative control is built from.'),
  restatement_kinds: z.array(z.enum(RESTATEMENT_KINDS)).min(1).describe('Restatement transforms, one drawn per item.'),
  positive_dataset: z.literal('mt_bench').describe('Source of the positive control: human-written second turns.'),
  confidence: z.number().gt(0.5).lt(1).describe('Confidence level of the Wilson intervals.'),
});
export type JudgeControlsSpec = z.infer<typeof JudgeControlsSpec>;
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
      max_tokens: z.int().positive().describe('Token budget of the assistant turn when max_tokens_by_reasoning does not apply (suite v1: always).'),
      temperature: z.number().min(0).max(2),
      top_p: z.number().gt(0).max(1),
      max_tokens_by_reasoning: z
        .strictObject({ none: z.int().positive(), think_tags: z.int().positive(), harmony: z.int().positive() })
        .optional()
        .describe("Suite v2: the assistant-turn budget per submission reasoning mode (thinking models need far more than a plain answer)."),
      unfinished: z
        .enum(['probe', 'skip'])
        .optional()
        .describe(
          'Suite v2: "skip" means an assistant turn that ended by length, or whose final answer is empty once reasoning is removed, is neither probed nor scored but counted as unfinished; absent or "probe" keeps the v1 behaviour.',
        ),
    }),
    user_turn: z.strictObject({
      max_tokens: z.int().positive(),
      sentinel: z.string().min(8).describe('Placeholder user message: the prompt is cut where it starts (docs/runner.md).'),
      stop_at_role_header: z.boolean().describe('Also stop at the next role header of the template.'),
      cut_at_stops: z
        .boolean()
        .optional()
        .describe('Suite v2: the runner itself cuts the returned user turn at the first stop marker, whatever the engine returned, and records the cut (absent: v1, the text is kept as returned).'),
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
    judge_controls: JudgeControlsSpec.optional().describe('Judge controls (suite v2); absent in suite v1.'),
    site: z
      .strictObject({
        rank_condition: Slug.describe('Condition the leaderboard ranks by and the home page findings lead with, e.g. "t1.0": a sampled one, since greedy follow-up rates sit near zero.'),
      })
      .optional()
      .describe('How the site presents results of this suite; absent (suite v1): rank by the hottest sampled condition present.'),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.conditions.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: 'custom', message: `duplicate condition id "${c.id}"`, path: ['conditions', i, 'id'] });
      seen.add(c.id);
    });
    if (!s.conditions.some((c) => c.id === BASELINE_CONDITION)) ctx.addIssue({ code: 'custom', message: `a "${BASELINE_CONDITION}" condition is required (deltas are computed against it)`, path: ['conditions'] });
    const ds = new Set<string>();
    s.datasets.forEach((d, i) => {
      if (ds.has(d.id)) ctx.addIssue({ code: 'custom', message: `duplicate dataset id "${d.id}"`, path: ['datasets', i, 'id'] });
      ds.add(d.id);
    });
    // Ids are open slugs now, so the suite itself makes sure the controls name its own datasets.
    s.judge_controls?.datasets.forEach((id, i) => {
      if (!ds.has(id)) ctx.addIssue({ code: 'custom', message: `"${id}" is not a dataset of this suite`, path: ['judge_controls', 'datasets', i] });
    });
    if (s.judge_controls && !ds.has(s.judge_controls.positive_dataset)) ctx.addIssue({ code: 'custom', message: `"${s.judge_controls.positive_dataset}" is not a dataset of this suite`, path: ['judge_controls', 'positive_dataset'] });
    if (s.site && !s.conditions.some((c) => c.id === s.site!.rank_condition)) ctx.addIssue({ code: 'custom', message: `names no condition of this suite ("${s.site.rank_condition}")`, path: ['site', 'rank_condition'] });
    if (!s.changelog.some((c) => c.version === s.version)) ctx.addIssue({ code: 'custom', message: `changelog has no entry for version ${s.version}`, path: ['changelog'] });
  })
  .describe('A versioned probe suite: every protocol choice as data (PROBE.md).');
export type Suite = z.infer<typeof Suite>;
