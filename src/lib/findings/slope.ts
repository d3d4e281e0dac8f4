/** The greedy → sampled slope chart: its rows and the sentence under it (pure). */
import { BASELINE_CONDITION, type ResultSummary } from '../../schema/index.ts';
import { excludesZero } from '../metrics/significance.ts';
import { pct, pp } from '../site/format.ts';

export interface SlopeRow {
  id: string; name: string; family: string;
  greedy: number; sampled: number;
  /** Paired difference sampled − greedy with its interval (the condition's delta_vs_greedy). */
  delta: { value: number; lo: number; hi: number } | null;
}

/** Models with a greedy and a `condition` follow-up rate on `dataset`, by family then name. */
export function slopeRows(summaries: readonly ResultSummary[], dataset: string, condition: string): SlopeRow[] {
  return summaries.flatMap((s) => {
    const d = s.datasets.find((x) => x.dataset === dataset);
    const g = d?.conditions.find((c) => c.condition === BASELINE_CONDITION)?.followup;
    const c = d?.conditions.find((x) => x.condition === condition);
    if (!g || !c?.followup) return [];
    return [{ id: s.submission.id, name: s.submission.display_name, family: s.submission.family, greedy: g.value, sampled: c.followup.value, delta: c.delta_vs_greedy }];
  }).sort((a, b) => a.family.localeCompare(b.family) || a.name.localeCompare(b.name));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** "Under t1.0, 7 of 11 models write more genuine follow-ups than greedy …; 4 cannot be told apart (median rate 0.5% greedy, 9.0% under t1.0; median change +8.1 pp)." */
export function slopeSentence(rows: readonly SlopeRow[], condition: string): string {
  const paired = rows.filter((r) => r.delta);
  if (paired.length === 0) return `No model has a paired greedy → ${condition} comparison yet.`;
  const up = paired.filter((r) => excludesZero(r.delta!) && r.delta!.value > 0).length;
  const down = paired.filter((r) => excludesZero(r.delta!) && r.delta!.value < 0).length;
  const undecided = paired.length - up - down;
  // The paper's regime in numbers: greedy near zero, higher when sampled.
  const rates = `median rate ${pct(median(paired.map((r) => r.greedy)))} greedy, ${pct(median(paired.map((r) => r.sampled)))} under ${condition}`;
  const med = `${rates}; median change ${pp(median(paired.map((r) => r.delta!.value)))}`;
  const of = `of ${paired.length} model${paired.length === 1 ? '' : 's'}`;
  if (up === 0 && down === 0) return `Under ${condition}, none ${of} differs from greedy with a paired 95% interval excluding zero (${med}).`;
  return `Under ${condition}, ${up} ${of} write more genuine follow-ups than greedy and ${down} fewer, each with a paired 95% interval excluding zero; ${undecided} cannot be told apart (${med}).`;
}

export interface SlopeLayout {
  width: number; height: number; x0: number; x1: number;
  ticks: Array<{ v: number; y: number; text: string }>;
  lines: Array<SlopeRow & { y0: number; y1: number; dir: 'up' | 'down' | 'none' }>;
}

/** Every model on one axis: greedy on the left, the sampled condition on the right, one line per model. */
export function slopeLayout(rows: readonly SlopeRow[], width = 420, height = 300): SlopeLayout {
  const top = 12; const bottom = height - 28;
  const max = Math.min(1, Math.max(0.05, ...rows.flatMap((r) => [r.greedy, r.sampled])) * 1.05);
  const y = (v: number) => Math.round((bottom - (v / max) * (bottom - top)) * 10) / 10;
  const step = max > 0.5 ? 0.25 : max > 0.2 ? 0.1 : 0.05;
  const ticks = Array.from({ length: Math.floor(max / step + 1e-9) + 1 }, (_, i) => i * step).map((v) => ({ v, y: y(v), text: `${Math.round(v * 100)}%` }));
  const dir = (r: SlopeRow) => (!r.delta || !excludesZero(r.delta) ? 'none' : r.delta.value > 0 ? 'up' : 'down');
  return { width, height, x0: 110, x1: width - 110, ticks, lines: rows.map((r) => ({ ...r, y0: y(r.greedy), y1: y(r.sampled), dir: dir(r) })) };
}
