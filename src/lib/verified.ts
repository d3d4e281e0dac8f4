import { z } from 'zod';
import { isPinnedRevision } from '../schema/common.ts';
import { itemsRunByDataset, standardRunIds } from './suite-items.ts';
import type { ResultSummary } from '../schema/summary.ts';
import type { CalibrationReport, ControlRate } from '../schema/calibration.ts';

/**
 * "Verified" is computed from a result's provenance, never granted by hand. A result is verified iff every
 * check below passes; the model page lists the failed ones with their `detail`.
 *
 * 1. current_suite   — run with the suite's current version (same suite id).
 * 2. pinned_revision — the Hugging Face revision is a full commit sha.
 * 3. clean_runner    — the runner's git commit is known (a full sha) and its working tree was clean.
 * 4. approved_judge  — the primary judge is an LLM judge on the approved list, with an approved prompt version.
 * 5. real_endpoint   — not produced by the userturn simulator (simulated results are demo data, never verified).
 * 6. judge_controls  — the primary judge was scored on the suite's judge controls (results/calibration.json) and
 *                      its false-genuine rate is at most, and its positive recall at least, the thresholds of
 *                      approved-judges.yaml. A judge that calls new problems follow-ups cannot make the headline.
 * 7. complete_items  — the result has every dataset of the current suite's standard run (`enabled`; one the suite leaves
 *                      out, as HealthBench, need not be run) and each dataset has all the items the suite runs for it (its
 *                      item_cap, or the whole split): a run with --datasets or --limit is a partial result, its rates (and
 *                      the home page's, pooled over a model's datasets) not comparable with full runs.
 */

/** One approved judge: an LLM judge model and the judge prompt versions it is approved with. */
export const ApprovedJudge = z.strictObject({
  kind: z.literal('llm'),
  model: z.string().min(1).max(120),
  prompt_versions: z.array(z.string().min(1)).min(1),
  family: z.string().regex(/^[a-z0-9-]+$/).optional().describe('Model family of the judge (the panel spans at least two).'),
  serving: z.enum(['openai-api', 'vllm']).optional().describe('How the judge is reached: a hosted OpenAI-compatible API, or open weights served with vLLM.'),
  role: z.enum(['primary', 'cross-check']).default('primary').describe('cross-check: in the panel, but cannot be the primary judge of a verified result (yet).'),
});
export type ApprovedJudge = z.infer<typeof ApprovedJudge>;

/** Error rates on the judge controls above/below which a judge cannot be primary for a verified result. */
export const ControlThresholds = z.strictObject({
  max_false_genuine: z.number().min(0).max(1).describe('Highest false-genuine rate on the negative control (point estimate).'),
  min_positive_recall: z.number().min(0).max(1).describe('Lowest recall on the positive control (point estimate).'),
});
export type ControlThresholds = z.infer<typeof ControlThresholds>;

/** The approved-judges data file (APPROVED_JUDGES_FILE in data-paths.ts). */
export const ApprovedJudgesFile = z.strictObject({
  format: z.literal(1),
  approved_judges: z.array(ApprovedJudge),
  judge_controls: ControlThresholds.optional().describe('Thresholds on the judge controls; absent means no control gate.'),
});
export type ApprovedJudgesFile = z.infer<typeof ApprovedJudgesFile>;

export interface VerifiedPolicy {
  /** Id of the suite results must have been run with (the suite file's `id`). */
  suiteId: string;
  /** The suite's current version: the highest `version` among the suite files with `suiteId`. */
  currentSuiteVersion: number;
  approvedJudges: readonly ApprovedJudge[];
  /** Control thresholds (approved-judges.yaml judge_controls); null or absent: no control gate. */
  controlThresholds?: ControlThresholds | null;
  /** Each judge's figures on the judge controls, by judge id (from results/calibration.json). */
  judgeControls?: ReadonlyMap<string, JudgeControlFigures>;
  /** Items the current suite runs per dataset (datasets whose split size is fixed); absent: completeness is not checked. */
  expectedItems?: ReadonlyMap<string, number>;
  /** The datasets of the current suite's standard run (`enabled`), in suite order; absent: not checked. */
  standardDatasets?: readonly string[];
}

/** The two figures of a judge on the controls. */
export interface JudgeControlFigures {
  false_genuine: ControlRate;
  positive_recall: ControlRate;
}

const pct1 = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Whether figures on the controls pass the thresholds, and if not, why (one sentence). */
export function controlsGate(c: JudgeControlFigures, t: ControlThresholds): { ok: boolean; reason: string } {
  const fg = c.false_genuine;
  const rec = c.positive_recall;
  const why: string[] = [];
  if (fg.n === 0 || fg.rate > t.max_false_genuine) why.push(`false-genuine rate ${pct1(fg.rate)} [${pct1(fg.lo)}, ${pct1(fg.hi)}] on the negative control is above ${pct1(t.max_false_genuine)}`);
  if (rec.n === 0 || rec.rate < t.min_positive_recall) why.push(`recall ${pct1(rec.rate)} [${pct1(rec.lo)}, ${pct1(rec.hi)}] on the positive control is below ${pct1(t.min_positive_recall)}`);
  return why.length === 0
    ? { ok: true, reason: `false-genuine ${pct1(fg.rate)} ≤ ${pct1(t.max_false_genuine)} and positive recall ${pct1(rec.rate)} ≥ ${pct1(t.min_positive_recall)} on the judge controls` }
    : { ok: false, reason: `${why.join('; ')}.` };
}

export type VerifiedCheckId = 'current_suite' | 'pinned_revision' | 'clean_runner' | 'approved_judge' | 'real_endpoint' | 'judge_controls' | 'complete_items';

export interface VerifiedCheck {
  id: VerifiedCheckId;
  /** Short name of the condition, for a checklist on the model page. */
  label: string;
  ok: boolean;
  /** Why it passed or failed, in one sentence, safe to show as text. */
  detail: string;
}

export interface VerifiedResult {
  verified: boolean;
  checks: VerifiedCheck[];
  /** The checks that failed, in the order above (empty when verified). */
  failed: VerifiedCheck[];
}

/** The parts of a summary the rule reads; a full ResultSummary fits. */
export type VerifiableSummary = {
  submission: Pick<ResultSummary['submission'], 'hf'>;
  provenance: Pick<ResultSummary['provenance'], 'suite_id' | 'suite_version' | 'judges' | 'primary_judge' | 'runner_commit' | 'runner_dirty' | 'simulated'>;
  datasets: ReadonlyArray<Pick<ResultSummary['datasets'][number], 'dataset' | 'n_items'>>;
};

/** The pure rule. Same input, same output; no I/O. */
export function verifyResult(summary: VerifiableSummary, policy: VerifiedPolicy): VerifiedResult {
  const p = summary.provenance;
  const checks: VerifiedCheck[] = [];

  const suiteOk = p.suite_id === policy.suiteId && p.suite_version === policy.currentSuiteVersion;
  checks.push({
    id: 'current_suite',
    label: 'Current suite version',
    ok: suiteOk,
    detail: suiteOk
      ? `Run with suite ${p.suite_id} v${p.suite_version}, the current version.`
      : p.suite_id !== policy.suiteId
        ? `Run with suite "${p.suite_id}", not "${policy.suiteId}".`
        : `Run with suite v${p.suite_version}; the current version is v${policy.currentSuiteVersion}.`,
  });

  const rev = summary.submission.hf.revision;
  const pinnedOk = isPinnedRevision(rev);
  checks.push({
    id: 'pinned_revision',
    label: 'Pinned model revision',
    ok: pinnedOk,
    detail: pinnedOk ? `Weights pinned at commit ${rev.slice(0, 12)}.` : `Revision "${rev}" is a branch or tag, not a commit sha: the weights behind it can change.`,
  });

  const commitKnown = typeof p.runner_commit === 'string' && /^[0-9a-f]{40}$/.test(p.runner_commit);
  const cleanOk = commitKnown && p.runner_dirty === false;
  checks.push({
    id: 'clean_runner',
    label: 'Clean runner commit',
    ok: cleanOk,
    detail: cleanOk
      ? `Runner at commit ${p.runner_commit!.slice(0, 12)} with a clean working tree.`
      : !commitKnown
        ? 'The runner commit is unknown, so the code that produced the result cannot be identified.'
        : p.runner_dirty === true
          ? 'The runner had uncommitted changes when it ran.'
          : 'Whether the runner had uncommitted changes is unknown.',
  });

  const primary = p.judges.find((j) => j.id === p.primary_judge);
  const approved = primary
    ? policy.approvedJudges.find((a) => a.role === 'primary' && primary.kind === a.kind && primary.model === a.model && a.prompt_versions.includes(primary.prompt_version))
    : undefined;
  checks.push({
    id: 'approved_judge',
    label: 'Approved judge',
    ok: approved !== undefined,
    detail: approved
      ? `Judged by ${primary!.model} with prompt ${primary!.prompt_version}, an approved judge.`
      : !primary
        ? `The primary judge "${p.primary_judge}" is not among the judges stamped on the result.`
        : primary.kind !== 'llm'
          ? `The primary judge is the ${primary.kind} judge; only approved LLM judges count.`
          : `Judge ${primary.model ?? '(unknown model)'} with prompt ${primary.prompt_version} is not on the approved list.`,
  });

  checks.push({
    id: 'real_endpoint',
    label: 'Real model endpoint',
    ok: p.simulated === false,
    detail: p.simulated === false ? 'Generated by a real model endpoint.' : 'Generated by the userturn simulator: demo data, not a model.',
  });

  const t = policy.controlThresholds ?? null;
  const figures = primary ? policy.judgeControls?.get(primary.id) : undefined;
  const gate = t && figures ? controlsGate(figures, t) : null;
  checks.push({
    id: 'judge_controls',
    label: 'Judge passes the controls',
    ok: t === null || gate?.ok === true,
    detail:
      t === null
        ? 'No thresholds on the judge controls are set.'
        : !figures
          ? `The primary judge "${p.primary_judge}" has no figures on the judge controls (userturn calibrate --data-dir DIR --out results/calibration.json), so its false-genuine rate is unknown.`
          : gate!.ok
            ? `The primary judge passes: ${gate!.reason}.`
            : `The primary judge cannot make a verified result: ${gate!.reason}`,
  });

  checks.push(completeItemsCheck(summary.datasets, policy));

  const failed = checks.filter((c) => !c.ok);
  return { verified: failed.length === 0, checks, failed };
}

const count = (n: number) => n.toLocaleString('en-US');

/** Check 7: every dataset of the standard run is in the result, each with every item the suite runs of it. */
function completeItemsCheck(datasets: VerifiableSummary['datasets'], policy: VerifiedPolicy): VerifiedCheck {
  const expected = policy.expectedItems;
  const standard = policy.standardDatasets;
  const ran = new Set(datasets.map((d) => d.dataset));
  const missing = (standard ?? []).filter((id) => !ran.has(id));
  const short = expected ? datasets.filter((d) => expected.has(d.dataset) && d.n_items !== expected.get(d.dataset)) : [];
  const gaps = [
    ...missing.map((id) => `${id}: not run`),
    ...short.map((d) => `${d.dataset}: ${count(d.n_items)} of ${count(expected!.get(d.dataset)!)} items`),
  ];
  const flags = [...(missing.length > 0 ? ['--datasets'] : []), ...(short.length > 0 ? ['--limit'] : [])].join(', ');
  return {
    id: 'complete_items',
    label: 'Every dataset and item of the suite',
    ok: gaps.length === 0,
    detail: !expected && !standard
      ? 'The suite\'s datasets and item counts were not given, so completeness was not checked.'
      : gaps.length === 0
        ? 'The result has every dataset of the suite\'s standard run, each with all the items the suite runs for it.'
        : `${gaps.join('; ')}: a partial run (${flags}), whose rates are not comparable with full runs.`,
  };
}

/** A suite's datasets as the policy reads them: whether the standard run includes each, its split size and cap. */
export interface SuiteItems {
  id: string;
  version: number;
  /** `enabled` absent means true, as in the suite schema. */
  datasets?: ReadonlyArray<{ id: string; enabled?: boolean; items: number | null; item_cap: number | null }>;
}

const datasetsOf = (suites: ReadonlyArray<SuiteItems>, suiteId: string, version: number) =>
  suites.find((s) => s.id === suiteId && s.version === version)?.datasets;

/** Items per dataset of the current suite version (min of split and cap), for datasets whose split size is fixed. */
export function expectedItemsOf(suites: ReadonlyArray<SuiteItems>, suiteId: string, version: number): Map<string, number> | undefined {
  const datasets = datasetsOf(suites, suiteId, version);
  return datasets ? itemsRunByDataset(datasets) : undefined;
}

/** The datasets the current suite version's standard run includes (`enabled`), in suite order. */
export function standardDatasetsOf(suites: ReadonlyArray<SuiteItems>, suiteId: string, version: number): string[] | undefined {
  const datasets = datasetsOf(suites, suiteId, version);
  return datasets ? standardRunIds(datasets) : undefined;
}

/** Parse the approved-judges data (already loaded from YAML/JSON); throws a zod error naming the field. */
export function parseApprovedJudges(data: unknown): ApprovedJudge[] {
  return ApprovedJudgesFile.parse(data).approved_judges;
}

/** The current version of a suite id among loaded suites (the highest), or null when none has that id. */
export function currentSuiteVersion(suites: ReadonlyArray<{ id: string; version: number }>, suiteId: string): number | null {
  const versions = suites.filter((s) => s.id === suiteId).map((s) => s.version);
  return versions.length > 0 ? Math.max(...versions) : null;
}

/**
 * The verified policy from the repository's data: the suites (their ids and versions) and the parsed
 * approved-judges file. Pure, so the PR report and the site derive the policy the same way.
 */
export function policyFrom(suites: ReadonlyArray<SuiteItems>, approvedJudgesData: unknown, calibration: CalibrationReport | null = null): VerifiedPolicy {
  const suiteId = suites[0]?.id ?? 'userturn';
  const file = ApprovedJudgesFile.parse(approvedJudgesData);
  const version = currentSuiteVersion(suites, suiteId) ?? 0;
  const expectedItems = expectedItemsOf(suites, suiteId, version);
  const standardDatasets = standardDatasetsOf(suites, suiteId, version);
  return {
    suiteId,
    currentSuiteVersion: version,
    approvedJudges: file.approved_judges,
    controlThresholds: file.judge_controls ?? null,
    judgeControls: judgeControlsFrom(calibration),
    ...(expectedItems ? { expectedItems } : {}),
    ...(standardDatasets ? { standardDatasets } : {}),
  };
}

/** Each judge's control figures from a calibration report (judges scored without controls are absent). */
export function judgeControlsFrom(calibration: CalibrationReport | null): Map<string, JudgeControlFigures> {
  const out = new Map<string, JudgeControlFigures>();
  for (const j of calibration?.judges ?? []) if (j.controls) out.set(j.judge.id, { false_genuine: j.controls.false_genuine, positive_recall: j.controls.positive_recall });
  return out;
}
