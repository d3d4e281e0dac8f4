/** From result summaries to the inputs of each chart (pure). */
import { BASELINE_CONDITION, LABELS, type ResultSummary } from '../../schema/index.ts';
import type { FpModel, PdRow, ScPoint, TsSeries } from './charts.ts';
import { excludesZero } from '../metrics/significance.ts';
import { spearmanBootstrap, type RhoInterval, type RhoModel } from '../metrics/spearman-bootstrap.ts';

const byFamilyThenSize = (a: ResultSummary, b: ResultSummary) =>
  a.submission.family.localeCompare(b.submission.family) || a.submission.params.total_b - b.submission.params.total_b || a.submission.id.localeCompare(b.submission.id);

/** Models with their label counts for one dataset × condition, plus one pooled row per family with 2+ models. */
export function failureProfileModels(summaries: readonly ResultSummary[], dataset: string, condition: string): FpModel[] {
  const out: FpModel[] = [];
  const sorted = [...summaries].sort(byFamilyThenSize);
  const fams = new Map<string, number[]>();
  const famCount = new Map<string, number>();
  for (const s of sorted) {
    const c = s.datasets.find((d) => d.dataset === dataset)?.conditions.find((x) => x.condition === condition);
    if (!c) continue;
    const counts = LABELS.map((l) => c.labels[l]);
    const f = s.submission.family;
    fams.set(f, (fams.get(f) ?? LABELS.map(() => 0)).map((v, i) => v + (counts[i] ?? 0)));
    famCount.set(f, (famCount.get(f) ?? 0) + 1);
    out.push({ id: s.submission.id, name: s.submission.display_name, family: f, counts });
  }
  const pooled: FpModel[] = [...fams.entries()].filter(([f]) => (famCount.get(f) ?? 0) > 1)
    .map(([f, counts]) => ({ id: `family:${f}`, name: `All ${f} (pooled)`, family: f, counts }));
  // Pooled row first within its family.
  return [...pooled, ...out].sort((a, b) => a.family.localeCompare(b.family) || (a.id.startsWith('family:') ? -1 : b.id.startsWith('family:') ? 1 : 0));
}

/** Fixed resampling for the site's ρ interval, so a rebuild reproduces every page. */
export const RHO_BOOTSTRAP = { resamples: 2000, seed: 20260402, confidence: 0.95 };

/**
 * Points for the decoupling scatter (models with both an accuracy and a follow-up rate) and Spearman's ρ with its
 * BCa bootstrap interval over models (src/lib/metrics/spearman-bootstrap.ts).
 */
export function scatterPoints(summaries: readonly ResultSummary[], dataset: string, condition = BASELINE_CONDITION): { points: ScPoint[]; rho: number | null; rhoCI: RhoInterval } {
  const points: ScPoint[] = [];
  const models: RhoModel[] = [];
  for (const s of summaries) {
    const d = s.datasets.find((x) => x.dataset === dataset);
    const c = d?.conditions.find((x) => x.condition === condition);
    if (!d?.accuracy || !c?.followup) continue;
    points.push({ id: s.submission.id, name: s.submission.display_name, family: s.submission.family, params: s.submission.params.total_b, acc: d.accuracy.strict, fu: c.followup });
    models.push({ acc: { value: d.accuracy.strict.value, n: d.accuracy.strict.n }, fu: { value: c.followup.value, n: c.followup.n } });
  }
  const rhoCI = spearmanBootstrap(models, RHO_BOOTSTRAP);
  return { points, rho: rhoCI.rho, rhoCI };
}

/** Follow-up rate against temperature: greedy plus every sampled (temperature > 0) condition. */
export function temperatureSeries(summaries: readonly ResultSummary[], dataset: string): TsSeries[] {
  return [...summaries].sort(byFamilyThenSize).flatMap((s) => {
    const d = s.datasets.find((x) => x.dataset === dataset);
    if (!d) return [];
    const points = d.conditions.filter((c) => (c.condition === BASELINE_CONDITION || c.temperature > 0) && c.followup)
      .map((c) => ({ t: c.temperature, rate: c.followup!.value, lo: c.followup!.lo, hi: c.followup!.hi }));
    return points.length ? [{ id: s.submission.id, name: s.submission.display_name, family: s.submission.family, points }] : [];
  });
}

/** Perturbation conditions: greedy-temperature conditions other than greedy that carry a delta. */
export function perturbationConditions(summaries: readonly ResultSummary[], dataset: string): string[] {
  const seen: string[] = [];
  for (const s of summaries) for (const c of s.datasets.find((x) => x.dataset === dataset)?.conditions ?? []) {
    if (c.condition !== BASELINE_CONDITION && c.temperature === 0 && c.delta_vs_greedy && !seen.includes(c.condition)) seen.push(c.condition);
  }
  return seen;
}

export function perturbationRows(summaries: readonly ResultSummary[], dataset: string, conditions: readonly string[]): PdRow[] {
  return [...summaries].sort(byFamilyThenSize).flatMap((s) => {
    const d = s.datasets.find((x) => x.dataset === dataset);
    if (!d) return [];
    const deltas = conditions.map((cid) => {
      const c = d.conditions.find((x) => x.condition === cid);
      return c?.delta_vs_greedy ? { condition: cid, ...c.delta_vs_greedy, significant: excludesZero(c.delta_vs_greedy) } : null;
    });
    return deltas.some(Boolean) ? [{ id: s.submission.id, name: s.submission.display_name, family: s.submission.family, deltas }] : [];
  });
}
