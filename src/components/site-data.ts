/** Build-time access to the validated collections, shared by pages (never shipped to the browser). */
import { getCollection } from 'astro:content';
import type { ResultSummary, Submission } from '../schema/index.ts';
import { datasetsOf, type PendingSubmission } from '../lib/site/leaderboard.ts';

let cache: Promise<SiteData> | null = null;

export interface SiteData {
  summaries: ResultSummary[];
  submissions: Array<{ path: string; data: Submission }>;
  datasets: string[];
  simulated: boolean;
  pending: PendingSubmission[];
}

async function load(): Promise<SiteData> {
  const summaries = (await getCollection('results')).map((e) => e.data as ResultSummary)
    .sort((a, b) => a.submission.id.localeCompare(b.submission.id));
  const submissions = (await getCollection('submissions')).map((e) => ({ path: e.filePath ?? `submissions/${(e.data as Submission).id}.yaml`, data: e.data as Submission }));
  const simulated = process.env.USERTURN_SIMULATED === '1' || summaries.some((s) => s.provenance.simulated);
  const pending = submissions.map(({ data: s }) => ({ id: s.id, display_name: s.display_name, family: s.family, total_b: s.params.total_b, active_b: s.params.active_b }));
  return { summaries, submissions, datasets: datasetsOf(summaries), simulated, pending };
}

/** Loaded once per build (every page shares it); reloaded on each call in dev so edits to results show up. */
export function siteData(): Promise<SiteData> {
  if (import.meta.env.DEV) return load();
  cache ??= load();
  return cache;
}

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
