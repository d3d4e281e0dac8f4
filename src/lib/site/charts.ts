/**
 * Chart geometry (pure): d3 computes scales, ticks and paths; Svelte components only write the SVG markup.
 * Everything here runs at build time; no DOM.
 */
import { line, scaleBand, scaleLinear, scaleOrdinal, scaleSqrt } from 'd3';
import { SITE_LABELS } from './labels.ts';

/** Family colours (Tableau 10), stable by sorted family name. */
const FAMILY_PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
export function familyColor(families: readonly string[]): (f: string) => string {
  const sorted = [...new Set(families)].sort();
  const s = scaleOrdinal<string, string>().domain(sorted).range(FAMILY_PALETTE);
  return (f) => s(f);
}

export interface Tick { v: number; pos: number; text: string }
const pctTick = (v: number) => `${Math.round(v * 100)}%`;

// ---------------------------------------------------------------- failure profiles

export interface FpModel { id: string; name: string; family: string; counts: number[] }
export interface FpLayout {
  width: number; height: number; labelWidth: number;
  families: Array<{ family: string; y: number }>;
  rows: Array<{ id: string; name: string; y: number; h: number; total: number; segs: Array<{ label: string; x: number; w: number; n: number; share: number }> }>;
  ticks: Tick[];
}

/** Horizontal 100% stacked bars, one per model, grouped under a header per family. */
export function failureProfileLayout(models: readonly FpModel[], width = 760): FpLayout {
  const labelWidth = Math.min(220, Math.max(120, width * 0.3));
  const bar = 16; const gap = 6; const header = 24; const top = 4;
  const x = scaleLinear().domain([0, 1]).range([labelWidth, width - 20]);
  const byFam = new Map<string, FpModel[]>();
  for (const m of models) byFam.set(m.family, [...(byFam.get(m.family) ?? []), m]);
  const families: FpLayout['families'] = [];
  const rows: FpLayout['rows'] = [];
  let y = top;
  for (const fam of [...byFam.keys()].sort()) {
    families.push({ family: fam, y: y + 15 });
    y += header;
    for (const m of byFam.get(fam)!) {
      const total = m.counts.reduce((s, c) => s + c, 0);
      let acc = 0;
      const segs = SITE_LABELS.map((l, i) => {
        const n = m.counts[i] ?? 0;
        const share = total ? n / total : 0;
        const seg = { label: l, x: x(acc), w: x(acc + share) - x(acc), n, share };
        acc += share;
        return seg;
      }).filter((s) => s.n > 0);
      rows.push({ id: m.id, name: m.name, y, h: bar, total, segs });
      y += bar + gap;
    }
    y += 4;
  }
  const height = y + 22;
  return { width, height, labelWidth, families, rows, ticks: x.ticks(5).map((v) => ({ v, pos: x(v), text: pctTick(v) })) };
}

// ---------------------------------------------------------------- scatter

export interface ScPoint { id: string; name: string; family: string; params: number; acc: { value: number; lo: number; hi: number }; fu: { value: number; lo: number; hi: number } }
export interface ScLayout {
  width: number; height: number; margin: { l: number; r: number; t: number; b: number };
  points: Array<ScPoint & { cx: number; cy: number; r: number; color: string; xlo: number; xhi: number; ylo: number; yhi: number }>;
  xTicks: Tick[]; yTicks: Tick[];
}

/** Follow-up rate (y) against accuracy (x), radius ∝ sqrt(parameters), colour = family, CIs as error bars. */
export function scatterLayout(points: readonly ScPoint[], width = 760, height = 460): ScLayout {
  const margin = { l: 56, r: 16, t: 12, b: 44 };
  const yMax = Math.max(0.05, ...points.map((p) => p.fu.hi));
  const x = scaleLinear().domain([0, 1]).range([margin.l, width - margin.r]);
  const y = scaleLinear().domain([0, Math.min(1, yMax * 1.1)]).nice().range([height - margin.b, margin.t]);
  const r = scaleSqrt().domain([0, Math.max(1, ...points.map((p) => p.params))]).range([3, 16]);
  const color = familyColor(points.map((p) => p.family));
  return {
    width, height, margin,
    points: points.map((p) => ({
      ...p, cx: x(p.acc.value), cy: y(p.fu.value), r: r(p.params), color: color(p.family),
      xlo: x(p.acc.lo), xhi: x(p.acc.hi), ylo: y(p.fu.lo), yhi: y(p.fu.hi),
    })).sort((a, b) => b.r - a.r),
    xTicks: x.ticks(5).map((v) => ({ v, pos: x(v), text: pctTick(v) })),
    yTicks: y.ticks(5).map((v) => ({ v, pos: y(v), text: pctTick(v) })),
  };
}

// ---------------------------------------------------------------- temperature sweep

export interface TsSeries { id: string; name: string; family: string; points: Array<{ t: number; rate: number; lo: number; hi: number }> }
export interface TsPanel {
  family: string; width: number; height: number; margin: { l: number; r: number; t: number; b: number };
  series: Array<TsSeries & { path: string; color: string; dots: Array<{ x: number; y: number; t: number; rate: number }> }>;
  xTicks: Tick[]; yTicks: Tick[];
}

/** Small multiples: one panel per family, one line per model, follow-up rate against temperature. */
export function temperaturePanels(series: readonly TsSeries[], width = 300, height = 200): TsPanel[] {
  const margin = { l: 44, r: 10, t: 10, b: 34 };
  const tMax = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.t)));
  const yMax = Math.max(0.05, ...series.flatMap((s) => s.points.map((p) => p.rate)));
  const x = scaleLinear().domain([0, tMax]).range([margin.l, width - margin.r]);
  const y = scaleLinear().domain([0, Math.min(1, yMax * 1.1)]).nice().range([height - margin.b, margin.t]);
  const mk = line<{ t: number; rate: number }>().x((p) => x(p.t)).y((p) => y(p.rate));
  const families = [...new Set(series.map((s) => s.family))].sort();
  const palette = ['#4e79a7', '#e15759', '#59a14f', '#b07aa1', '#f28e2b', '#76b7b2', '#9c755f', '#edc948'];
  return families.map((family) => {
    const fs = series.filter((s) => s.family === family);
    return {
      family, width, height, margin,
      series: fs.map((s, i) => {
        const pts = [...s.points].sort((a, b) => a.t - b.t);
        return { ...s, points: pts, path: mk(pts) ?? '', color: palette[i % palette.length]!, dots: pts.map((p) => ({ x: x(p.t), y: y(p.rate), t: p.t, rate: p.rate })) };
      }),
      xTicks: x.ticks(4).map((v) => ({ v, pos: x(v), text: String(v) })),
      yTicks: y.ticks(4).map((v) => ({ v, pos: y(v), text: pctTick(v) })),
    };
  });
}

// ---------------------------------------------------------------- perturbation deltas

/** `significant`: the paired interval excludes zero (drawn filled; hollow otherwise). */
export interface PdRow { id: string; name: string; family: string; deltas: Array<{ condition: string; value: number; lo: number; hi: number; significant: boolean } | null> }
export interface PdLayout {
  width: number; height: number; labelWidth: number; conditions: string[];
  panels: Array<{ condition: string; x0: number; x1: number; zero: number; ticks: Tick[] }>;
  rows: Array<{ id: string; name: string; family: string; y: number; marks: Array<{ condition: string; cx: number; lo: number; hi: number; value: number; dlo: number; dhi: number; significant: boolean } | null> }>;
}

/** One panel per perturbation, one row per model: paired delta vs greedy with its CI, on a shared symmetric axis. */
export function perturbationLayout(rows: readonly PdRow[], conditions: readonly string[], width = 760): PdLayout {
  const labelWidth = Math.min(200, Math.max(110, width * 0.26));
  const rowH = 18; const top = 26;
  const ext = Math.max(0.05, ...rows.flatMap((r) => r.deltas.flatMap((d) => (d ? [Math.abs(d.lo), Math.abs(d.hi)] : []))));
  const band = scaleBand<string>().domain(conditions).range([labelWidth, width - 8]).paddingInner(0.12);
  const panels = conditions.map((c) => {
    const x0 = band(c)!; const x1 = x0 + band.bandwidth();
    const x = scaleLinear().domain([-ext, ext]).nice().range([x0 + 4, x1 - 4]);
    return { condition: c, x0, x1, zero: x(0), ticks: x.ticks(3).map((v) => ({ v, pos: x(v), text: `${v > 0 ? '+' : ''}${Math.round(v * 100)}` })), x };
  });
  const out: PdLayout['rows'] = rows.map((r, i) => ({
    id: r.id, name: r.name, family: r.family, y: top + i * rowH + rowH / 2,
    marks: r.deltas.map((d, j) => {
      const p = panels[j];
      if (!d || !p) return null;
      return { condition: d.condition, cx: p.x(d.value), lo: p.x(d.lo), hi: p.x(d.hi), value: d.value, dlo: d.lo, dhi: d.hi, significant: d.significant };
    }),
  }));
  return {
    width, height: top + rows.length * rowH + 30, labelWidth, conditions: [...conditions],
    panels: panels.map(({ x: _x, ...p }) => p), rows: out,
  };
}
