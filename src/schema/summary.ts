import { z } from 'zod';
import { Delta, Estimate, HfRepo, Revision, Sha256, Slug, Timestamp } from './common.ts';
import { DatasetId, IntervalMethods } from './suite.ts';
import { LabelCounts } from './taxonomy.ts';
import { JudgeStamp } from './verdict.ts';
import { PlainText } from './text.ts';

export const SUMMARY_FORMAT = 1;

/** One character per item, in the dataset's `item_ids` order: "1" hit, "0" judged without a hit, "." not judged. */
export const ItemVector = z.string().regex(/^[01.]*$/, 'must hold only "1", "0" and "." (one per item)');

/** Per item, in `item_ids` order, "hits/judged" separated by commas ("0/0": not judged), e.g. "1/4,0/4,0/0". */
export const ItemCounts = z.string().regex(/^(\d+\/\d+(,\d+\/\d+)*)?$/, 'must be "hits/judged" per item, separated by commas (e.g. "1/4,0/4")');

/** The entries of an ItemCounts string (hits and trials per item, in order). */
export function parseItemCounts(s: string): Array<{ hits: number; trials: number }> {
  return s === '' ? [] : s.split(',').map((e) => { const [h, t] = e.split('/'); return { hits: Number(h), trials: Number(t) }; });
}

export const ConditionResult = z.strictObject({
  condition: Slug,
  temperature: z.number().min(0).max(2),
  samples_per_item: z.int().positive(),
  n_samples: z.int().nonnegative().describe('User turns requested.'),
  n_judged: z.int().nonnegative().describe('User turns with a primary-judge label (the denominator of rates).'),
  n_judge_errors: z.int().nonnegative(),
  n_request_errors: z.int().nonnegative(),
  followup: Estimate.nullable().describe('Genuine follow-up rate with 95% item-bootstrap CI; null when nothing was judged.'),
  any_of_k: Estimate.nullable().describe('Share of items with at least one genuine follow-up (sampled conditions only).'),
  labels: LabelCounts.describe('Primary-judge label counts.'),
  delta_vs_greedy: Delta.nullable().describe('Paired difference of follow-up rate vs greedy (perturbation and sampled conditions).'),
  item_hits: ItemVector.optional().describe('Genuine follow-up per item (single-sample conditions, suite v2): the paired rank tests read it.'),
  item_counts: ItemCounts.optional().describe('Genuine follow-ups out of judged user turns per item (sampled conditions, suite v2; absent in older results): the paired rank test on per-item rates reads it.'),
});
export type ConditionResult = z.infer<typeof ConditionResult>;

export const Accuracy = z.strictObject({
  metric: z.enum(['gsm8k_exact', 'prompt_level']),
  strict: Estimate,
  loose: Estimate.nullable(),
  instruction_strict: z.number().min(0).max(1).nullable(),
  instruction_loose: z.number().min(0).max(1).nullable(),
  item_correct: ItemVector.optional().describe('Strict correctness per item (suite v2), for the Spearman bootstrap over items.'),
});
export type Accuracy = z.infer<typeof Accuracy>;

/** Items whose assistant turn was unfinished (suite v2): counted, never probed or scored. */
export const UnfinishedCount = z.strictObject({
  n: z.int().nonnegative().describe('Unfinished items.'),
  of: z.int().nonnegative().describe('Items of the dataset in this run.'),
  length: z.int().nonnegative().describe('Of which the assistant turn hit its token budget.'),
  empty_answer: z.int().nonnegative().describe('Of which nothing was left once reasoning was removed.'),
  rate: Estimate.nullable().describe('n / of with a Wilson interval at the suite confidence; null when there are no items.'),
});
export type UnfinishedCount = z.infer<typeof UnfinishedCount>;

/** What is wrong with a condition's item_counts against its item_ids and its own totals (the first problem found). */
function itemCountsIssue(c: { item_counts?: string | undefined; samples_per_item: number; n_judged: number; labels: { genuine_followup: number } }, n: number): string[] {
  const items = parseItemCounts(c.item_counts ?? '');
  if (items.length !== n) return [`has ${items.length} entries for ${n} item_ids`];
  const bad = items.findIndex((x) => x.hits > x.trials || x.trials > c.samples_per_item);
  if (bad >= 0) return [`entry ${bad + 1} (${items[bad]!.hits}/${items[bad]!.trials}) must have hits ≤ judged ≤ samples_per_item (${c.samples_per_item})`];
  const hits = items.reduce((a, x) => a + x.hits, 0);
  const trials = items.reduce((a, x) => a + x.trials, 0);
  if (trials !== c.n_judged || hits !== c.labels.genuine_followup) return [`sums to ${hits}/${trials}, but the condition has ${c.labels.genuine_followup} genuine follow-ups of ${c.n_judged} judged`];
  return [];
}

export const DatasetResult = z.strictObject({
  dataset: DatasetId,
  n_items: z.int().nonnegative(),
  item_ids: z.array(z.string()).describe('The items used, in order (a seeded subset when capped).'),
  accuracy: Accuracy.nullable().describe('Null for conversation sets: no accuracy, not 0.'),
  conditions: z.array(ConditionResult),
  unfinished: UnfinishedCount.optional().describe('Suite v2: unfinished answers of this model on this dataset (absent for suite v1 results).'),
}).superRefine((d, ctx) => {
  // Per-item vectors are read position by position against item_ids: a length mismatch would pair wrong items.
  const n = d.item_ids.length;
  d.conditions.forEach((c, i) => {
    if (c.item_hits !== undefined && c.item_hits.length !== n) ctx.addIssue({ code: 'custom', message: `has ${c.item_hits.length} characters for ${n} item_ids`, path: ['conditions', i, 'item_hits'] });
    if (c.item_counts !== undefined) itemCountsIssue(c, n).forEach((message) => ctx.addIssue({ code: 'custom', message, path: ['conditions', i, 'item_counts'] }));
  });
  const acc = d.accuracy?.item_correct;
  if (acc !== undefined && acc.length !== n) ctx.addIssue({ code: 'custom', message: `has ${acc.length} characters for ${n} item_ids`, path: ['accuracy', 'item_correct'] });
});
export type DatasetResult = z.infer<typeof DatasetResult>;

export const Agreement = z.strictObject({
  judge_a: z.string(),
  judge_b: z.string(),
  n: z.int().nonnegative(),
  percent: z.number().min(0).max(1).nullable(),
  kappa: z.number().min(-1).max(1).nullable(),
  confusion: z.array(z.array(z.int().nonnegative())).describe('Rows judge_a, columns judge_b, both in taxonomy order.'),
});
export type Agreement = z.infer<typeof Agreement>;

/** `scheme://userinfo@`: the runner writes endpoints without user:password (redactUrl), logs `[redacted]@` in its place. */
const URL_USERINFO = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i;
const carriesCredentials = (s: string): boolean => {
  const m = URL_USERINFO.exec(s);
  return m !== null && m[1] !== '[redacted]';
};

/**
 * Text from an endpoint: a hand-edited or merged summary is published as it is, so a URL with a password in it
 * would reach the site's data (the runner redacts its own, nothing checked the others).
 */
const EndpointText = (max: number) => PlainText(max).refine((s) => !carriesCredentials(s), 'must not carry credentials (user:password@); endpoints are recorded without them');

/** Deterministic provenance: identical on a rerun from the same cache and code. */
export const Provenance = z.strictObject({
  suite_id: Slug,
  suite_version: z.int().positive(),
  taxonomy_version: z.int().positive(),
  submission_sha256: Sha256,
  template_sha256: Sha256.nullable(),
  template_source: PlainText(400).describe('Where the chat template came from, e.g. "hub:<repo>@<revision>/chat_template.jinja".'),
  stop_sequences: z.array(PlainText(1000)).describe('Stop markers sent with the user turn (shown on the model page).'),
  decoding: z.strictObject({
    assistant: z.strictObject({ temperature: z.number(), top_p: z.number(), max_tokens: z.int() }),
    user_turn_max_tokens: z.int(),
    conditions: z.array(z.strictObject({ id: Slug, temperature: z.number(), top_p: z.number(), samples: z.int() })),
  }),
  judges: z.array(JudgeStamp).min(1),
  primary_judge: JudgeStamp.shape.id.describe('Id of the judge whose labels make the rates (one of judges).'),
  endpoint_models: z.array(EndpointText(300)).describe('Model names reported by the endpoints.'),
  answered_models: z
    .array(EndpointText(300))
    .min(1)
    .optional()
    .describe('Other names the answers were given under than the one asked for (endpoint_models), sorted: vLLM served under several names (--served-model-name a b) names every answer with the first, whichever was asked. Absent when every answer carried the asked name, and in older results.'),
  simulated: z.boolean().describe('True when the endpoints were the userturn simulator (demo/test data, not a model): every endpoint_models name, or any answered_models name, is the simulator\'s (userturn-sim/…).'),
  runner_commit: PlainText(64).nullable().describe('Git commit of the runner (shown on the model page); null when unknown.'),
  runner_dirty: z.boolean().nullable(),
  package_versions: z.record(PlainText(214), PlainText(100)).describe('Versions of the packages that can change what is sent or computed (npm names are at most 214 characters).'),
  datasets: z.array(z.strictObject({ id: DatasetId, files: z.array(z.strictObject({ name: z.string(), sha256: Sha256 })) })),
  shards: z.strictObject({ count: z.int().positive(), merged: z.array(z.int().nonnegative()) }).nullable(),
  assistant_budget: z
    .strictObject({
      max_tokens: z.int().positive(),
      source: z.enum(['suite', 'suite_reasoning_mode', 'submission']).describe('Where the budget came from: the suite, its per-reasoning-mode table, or a submission override.'),
      reasoning_mode: z.enum(['none', 'think_tags', 'harmony']),
      reason: z.string().nullable().describe('The submission\'s stated reason for an override (untrusted text, shown escaped).'),
    })
    .optional()
    .describe('The assistant-turn token budget used and why (absent in older results).'),
  engine_settings: z
    .strictObject({
      engine: PlainText(40),
      extra_body: z.record(z.string(), z.union([z.boolean(), z.number(), z.string()])).describe('Engine-specific request fields sent with every completion.'),
      runner_cuts_stops: z.boolean().describe('Whether the runner cut returned turns at the stop markers itself (suite v2).'),
      streamed: z.boolean().optional().describe('Whether completions were asked for streamed (USERTURN_STREAM=0: not). On TGI it decides what the text holds (absent in older results).'),
    })
    .optional()
    .describe('Special-token settings sent to the engine (absent in older results).'),
  intervals: IntervalMethods.optional().describe("Interval methods the summary was computed with (the suite's `intervals`); absent = percentile bootstrap (suite v1)."),
});
export type Provenance = z.infer<typeof Provenance>;

/** The longest engine version a result records (the runner cuts a longer one: runners/client/engine-version.ts). */
export const ENGINE_VERSION_MAX = 100;

/** One version of the engine that served a run, as the engine's own version route reported it. */
export const EngineVersion = z.strictObject({
  engine: PlainText(40).describe('The engine asked (serving.engine, as engine_settings.engine): its version route is the one asked.'),
  version: PlainText(ENGINE_VERSION_MAX)
    .nullable()
    .describe('What the route reported (vLLM "0.11.0", llama.cpp "b6800-1a2b3c4"): untrusted server text, shown escaped. Null: an endpoint answered no version (no such route, an older engine, a failure or a timeout).'),
});
export type EngineVersion = z.infer<typeof EngineVersion>;

/** Run-time facts that differ between runs and are excluded from determinism checks. */
export const RunInfo = z.strictObject({
  started_at: Timestamp,
  finished_at: Timestamp,
  duration_s: z.number().nonnegative(),
  requests_sent: z.int().nonnegative(),
  cache_hits: z.int().nonnegative(),
  request_errors: z.int().nonnegative(),
  endpoints: z
    .array(EndpointText(2000))
    .describe('The base URLs that served the run, without user:password or query string: every one given except those left out of it (never ready, or found serving another model); none when a rerun answered wholly from its cache found no endpoint ready.'),
  engine_versions: z
    .array(EngineVersion)
    .max(64)
    .optional()
    .describe('The distinct engine versions the endpoints reported, each asked when it was taken in (at the start, later, or back from an outage), sorted, a null version last when one reported none. Empty when no endpoint was asked (a rerun answered wholly from its cache with no endpoint ready); absent in older results.'),
});
export type RunInfo = z.infer<typeof RunInfo>;

/** results/<submission-id>/summary.json: everything pages need, nothing per sample. */
export const ResultSummary = z.strictObject({
  format: z.literal(SUMMARY_FORMAT),
  submission: z.strictObject({
    id: Slug,
    display_name: PlainText(80).describe('The submission\'s display_name (the same 80-character limit).'),
    family: Slug,
    hf: z.strictObject({ repo: HfRepo, revision: Revision, pinned: z.boolean() }),
    params: z.strictObject({ total_b: z.number().positive(), active_b: z.number().positive() }),
  }),
  datasets: z.array(DatasetResult),
  agreement: z.array(Agreement),
  provenance: Provenance,
  run: RunInfo,
});
export type ResultSummary = z.infer<typeof ResultSummary>;
