/** Everything the home page's findings section shows for one dataset or the pool of all: chart inputs + sentences (pure). */
import { BASELINE_CONDITION, type ResultSummary } from '../../schema/index.ts';
import { failureProfileModels, perturbationConditions, perturbationRows, scatterPoints } from '../site/chart-data.ts';
import type { FpModel, PdRow, ScPoint } from '../site/charts.ts';
import { decouplingSentence } from './decoupling.ts';
import { dominantFailures, failureSentence, familyProfiles } from './failures.ts';
import { perturbationSentence } from './perturbations.ts';
import { ALL_DATASETS, pooledSummaries } from './pool.ts';
import { slopeRows, slopeSentence, type SlopeRow } from './slope.ts';
import { extremes } from '../site/home-scale.ts';

/**
 * `points` / `rows` are what the chart draws: every model up to HOME_CHART_MODELS, else the extremes
 * (src/lib/site/home-scale.ts); `total` counts every model, and every sentence is computed from all of them.
 */
export interface DecouplingView { key: string; label: string; points: ScPoint[]; total: number; sentence: string }
export interface Findings {
  decoupling: DecouplingView[];
  slope: { condition: string | null; rows: SlopeRow[]; total: number; sentence: string };
  perturbations: { conditions: string[]; rows: PdRow[]; total: number; sentence: string };
  failures: { condition: string; models: FpModel[]; sentence: string };
}

/** Sampled (temperature > 0, no perturbation delta-only) conditions present on `dataset`, coolest first. */
export function sampledConditions(summaries: readonly ResultSummary[], dataset: string): string[] {
  const temps = new Map<string, number>();
  for (const s of summaries) for (const c of s.datasets.find((d) => d.dataset === dataset)?.conditions ?? []) if (c.temperature > 0) temps.set(c.condition, c.temperature);
  return [...temps].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

/** The summaries with `condition`'s follow-up replaced by its any-of-k (one unit per item), for the scatter. */
function anyOfKView(summaries: readonly ResultSummary[], condition: string): ResultSummary[] {
  return summaries.map((s) => ({
    ...s,
    datasets: s.datasets.map((d) => ({
      ...d,
      conditions: d.conditions.map((c) => (c.condition === condition ? { ...c, followup: c.any_of_k, item_hits: undefined, item_counts: undefined } : c)),
    })),
  }));
}

/** Many models: the highest and lowest follow-up and accuracy. */
const drawnPoints = (points: ScPoint[]) => extremes(points, [(p) => p.fu.value, (p) => p.acc.value]);
/** Many models: the largest paired rises and falls, and the highest and lowest sampled rates. */
const drawnSlope = (rows: SlopeRow[]) => extremes(rows, [(r) => r.delta?.value ?? null, (r) => r.sampled]);
/** Many models: per perturbation, the largest rises and falls of follow-up against greedy. */
const drawnPerturbations = (rows: PdRow[], conditions: readonly string[]) => extremes(rows, conditions.map((_, j) => (r: PdRow) => r.deltas[j]?.value ?? null));

function decouplingViews(summaries: readonly ResultSummary[], dataset: string, sampled: readonly string[], hot: string | null): DecouplingView[] {
  // At most four sampled conditions (the hottest), so the toggle stays one line and the CSS covers every panel.
  const views: DecouplingView[] = ['greedy', ...sampled.slice(-4)].map((c) => {
    const { points, rhoCI } = scatterPoints(summaries, dataset, c);
    return { key: c, label: c, points: drawnPoints(points), total: points.length, sentence: decouplingSentence(rhoCI, points.length, c) };
  });
  if (hot) {
    const { points, rhoCI } = scatterPoints(anyOfKView(summaries, hot), dataset, hot);
    views.push({ key: 'any-of-k', label: `any-of-k (${hot})`, points: drawnPoints(points), total: points.length, sentence: decouplingSentence(rhoCI, points.length, `any-of-k at ${hot}`) });
  }
  return views;
}

/**
 * Findings for `dataset`, or for the pool of `datasets` when dataset is ALL_DATASETS (the follow-up vs accuracy
 * chart then pools only the datasets with an accuracy). `rankCondition` is the sampled condition of the slope chart.
 */
export function findings(summaries: readonly ResultSummary[], dataset: string, datasets: readonly string[], rankCondition: string | null): Findings {
  const all = dataset === ALL_DATASETS;
  const withAcc = datasets.filter((ds) => summaries.some((s) => s.datasets.find((d) => d.dataset === ds)?.accuracy));
  const main = all ? pooledSummaries(summaries, datasets) : summaries;
  const accSet = all ? pooledSummaries(summaries, withAcc) : summaries;
  const sampled = sampledConditions(main, dataset);
  const hot = rankCondition && sampled.includes(rankCondition) ? rankCondition : sampled.at(-1) ?? null;
  const slope = hot ? slopeRows(main, dataset, hot) : [];
  const conditions = perturbationConditions(main, dataset).filter((c) => !sampled.includes(c));
  const rows = perturbationRows(main, dataset, conditions);
  const fp = failureProfileModels(main, dataset, BASELINE_CONDITION);
  return {
    decoupling: decouplingViews(accSet, dataset, sampled, hot),
    slope: { condition: hot, rows: drawnSlope(slope), total: slope.length, sentence: hot ? slopeSentence(slope, hot) : 'No sampled condition has results yet.' },
    perturbations: { conditions, rows: drawnPerturbations(rows, conditions), total: rows.length, sentence: perturbationSentence(rows, conditions) },
    failures: { condition: BASELINE_CONDITION, models: familyProfiles(fp), sentence: failureSentence(dominantFailures(fp), BASELINE_CONDITION) },
  };
}

export { ALL_DATASETS };
