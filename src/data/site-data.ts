/** Build-time access to the validated collections, shared by pages (never shipped to the browser). */
import { getCollection } from 'astro:content';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CalibrationReport, formatFieldError, parseWith, type ResultSummary, type Submission } from '../schema/index.ts';
import { resultsDir } from './paths.ts';
import { loadApprovedJudges } from './approved-judges.ts';
import { loadSuites } from './suites.ts';
import { policyFrom, verifyResult, type ControlThresholds, type VerifiedResult } from '../lib/verified.ts';
import { datasetsOf, type PendingSubmission } from '../lib/site/leaderboard.ts';
import { DataFileError } from './data-file-error.ts';

let cache: Promise<SiteData> | null = null;

export interface SiteData {
  summaries: ResultSummary[];
  submissions: Array<{ path: string; data: Submission }>;
  datasets: string[];
  simulated: boolean;
  pending: PendingSubmission[];
  /** The verified rule (src/lib/verified.ts) applied to each result, by submission id. */
  verified: Map<string, VerifiedResult>;
  /** <results>/calibration.json (written by `userturn calibrate`), when present. */
  calibration: CalibrationReport | null;
  /** The current suite version (the highest in SUITES_DIR); results of other versions are labelled with theirs. */
  currentSuiteVersion: number;
  /** The current suite's `site.rank_condition` (null when it names none: the table ranks by the hottest condition). */
  rankCondition: string | null;
  /** Thresholds on the judge controls (approved-judges.yaml), null when none are set. */
  controlThresholds: ControlThresholds | null;
}

/** The judges' calibration report; a broken file fails the build naming the file and field. */
function loadCalibration(): CalibrationReport | null {
  const file = join(resultsDir(), 'calibration.json');
  if (!existsSync(file)) return null;
  let data: unknown;
  try { data = JSON.parse(readFileSync(file, 'utf8')); } catch (e) { throw new DataFileError(`${file}: (root): invalid JSON: ${(e as Error).message}`); }
  const r = parseWith(CalibrationReport, data, file);
  if (!r.ok) throw new DataFileError(`invalid calibration report\n${r.errors.map(formatFieldError).join('\n')}`);
  return r.value;
}

async function load(): Promise<SiteData> {
  const suites = loadSuites();
  const summaries = (await getCollection('results')).map((e) => e.data as ResultSummary)
    .sort((a, b) => a.submission.id.localeCompare(b.submission.id));
  const submissions = (await getCollection('submissions')).map((e) => ({ path: e.filePath ?? `submissions/${(e.data as Submission).id}.yaml`, data: e.data as Submission }));
  const simulated = process.env.USERTURN_SIMULATED === '1' || summaries.some((s) => s.provenance.simulated);
  const pending = submissions.map(({ data: s }) => ({ id: s.id, display_name: s.display_name, family: s.family, total_b: s.params.total_b, active_b: s.params.active_b }));
  const calibration = loadCalibration();
  const policy = policyFrom(suites, loadApprovedJudges(), calibration);
  const verified = new Map(summaries.map((s) => [s.submission.id, verifyResult(s, policy)]));
  return {
    summaries, submissions, datasets: datasetsOf(summaries, [...suites].reverse().flatMap((x) => x.datasets.map((d) => d.id))), simulated, pending, verified, calibration,
    currentSuiteVersion: policy.currentSuiteVersion, rankCondition: suites.at(-1)?.site?.rank_condition ?? null, controlThresholds: policy.controlThresholds ?? null,
  };
}

/** Loaded once per build (every page shares it); reloaded on each call in dev so edits to results show up. */
export function siteData(): Promise<SiteData> {
  if (import.meta.env.DEV) return load();
  cache ??= load();
  return cache;
}

/** Ids of the results that pass the verified rule. */
export const verifiedIds = (d: SiteData): Set<string> => new Set([...d.verified].filter(([, v]) => v.verified).map(([id]) => id));

/** Path of the submission file of an id, when committed. */
export function submissionPath(d: SiteData, id: string): string | null {
  return d.submissions.find((s) => s.data.id === id)?.path ?? null;
}

/** Paths of a per-dataset chart page: the bare page shows the first dataset, `<page>/<dataset>/` each one. */
export function perDatasetPaths<P extends object>(datasets: readonly string[], extra: P = {} as P) {
  return [
    { params: { sel: undefined }, props: { dataset: datasets[0] ?? 'gsm8k', ...extra } },
    ...datasets.map((ds) => ({ params: { sel: ds }, props: { dataset: ds, ...extra } })),
  ];
}
