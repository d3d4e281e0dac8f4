/**
 * Chart geometry (pure): d3 computes scales, ticks and paths; Svelte components only write the SVG markup.
 * Everything here runs at build time; no DOM. Coordinates are rounded to one decimal (chart-text.ts).
 */
import { line, scaleLinear } from 'd3';
import { SITE_LABELS } from './labels.ts';
import { FONT, WIDE, clip, isNarrow, pctTick, r1, textWidth, tick, type Tick } from './chart-text.ts';
import { lineLabels, spreadLabels } from './line-labels.ts';
import { CATEGORICAL, categoricalColor } from './palette.ts';

export type { Tick } from './chart-text.ts';
export { scatterLayout, type ScLayout, type ScPoint } from './chart-scatter.ts';
export { perturbationLayout, type PdLayout, type PdMark, type PdRow, type PdText } from './chart-perturbations.ts';

/** Family colours (colour-blind-safe palette, src/lib/site/palette.ts), stable by sorted family name. */
export const familyColor = categoricalColor;

// ---------------------------------------------------------------- failure profiles

/** `tip`: the row's name in its tooltips, when the drawn name is read under its family's header ("1 model"). */
export interface FpModel { id: string; name: string; family: string; counts: number[]; tip?: string }
export interface FpLayout {
  width: number; height: number; barX: number;
  families: Array<{ family: string; y: number }>;
  rows: Array<{
    id: string; name: string; tip: string; y: number; h: number; total: number;
    label: { x: number; y: number; anchor: 'start' | 'end'; text: string };
    segs: Array<{ label: string; x: number; w: number; n: number; share: number }>;
  }>;
  ticks: Tick[];
}

/**
 * Horizontal 100% stacked bars, one per model, grouped under a header per family. Wide: names in a column left of
 * the bars. Narrow: each name on its own line above its bar, so bars get the full width.
 */
export function failureProfileLayout(models: readonly FpModel[], width = WIDE): FpLayout {
  const narrow = isNarrow(width);
  const barX = narrow ? 4 : Math.min(220, Math.max(120, width * 0.3));
  const bar = narrow ? 14 : 16; const gap = 6; const header = 24; const top = 4;
  const x = scaleLinear().domain([0, 1]).range([barX, width - (narrow ? 12 : 20)]);
  const byFam = new Map<string, FpModel[]>();
  for (const m of models) byFam.set(m.family, [...(byFam.get(m.family) ?? []), m]);
  const families: FpLayout['families'] = [];
  const rows: FpLayout['rows'] = [];
  let y = top;
  for (const fam of [...byFam.keys()].sort()) {
    families.push({ family: clip(fam, width), y: y + 15 });
    y += header;
    for (const m of byFam.get(fam)!) {
      const total = m.counts.reduce((s, c) => s + c, 0);
      const label = narrow
        ? { x: barX, y: y + FONT, anchor: 'start' as const, text: clip(m.name, width - barX) }
        : { x: barX - 6, y: y + bar - 4, anchor: 'end' as const, text: clip(m.name, barX - 10) };
      if (narrow) y += FONT + 4;
      // Rounded ends of cumulative shares, so the rounded segments still tile the bar exactly.
      let acc = 0;
      const segs = SITE_LABELS.map((l, i) => {
        const n = m.counts[i] ?? 0;
        const share = total ? n / total : 0;
        const x0 = r1(x(acc)); const x1 = r1(x(acc + share));
        acc += share;
        return { label: l, x: x0, w: r1(x1 - x0), n, share };
      }).filter((s) => s.n > 0);
      rows.push({ id: m.id, name: m.name, tip: m.tip ?? m.name, y, h: bar, total, label, segs });
      y += bar + gap;
    }
    y += 4;
  }
  const height = y + 22;
  return { width, height, barX, families, rows, ticks: x.ticks(narrow ? 4 : 5).map((v) => tick(v, x(v), pctTick(v), width)) };
}

// ---------------------------------------------------------------- temperature sweep

export interface TsSeries { id: string; name: string; family: string; points: Array<{ t: number; rate: number; lo: number; hi: number }> }
/** A drawn point with its interval bar: `x` already offset for its line, `yLo`/`yHi` the bar's ends. */
export interface TsDot { x: number; y: number; yLo: number; yHi: number; t: number; rate: number; lo: number; hi: number }
/** A line's name at its right end (its baseline moved clear of the others'), joined to its last point by a leader. */
export interface TsLabel { text: string; x: number; y: number; leader: { x1: number; y1: number; x2: number; y2: number } }
export interface TsPanel {
  family: string; width: number; height: number; margin: { l: number; r: number; t: number; b: number };
  series: Array<TsSeries & { path: string; color: string; dots: TsDot[]; label: TsLabel | null }>;
  xTicks: Tick[]; yTicks: Tick[];
}

/** Side-by-side offset between a family's lines, and their widest spread, in user units (so bars do not cover each other). */
const DODGE = 4;
const DODGE_SPREAD = 28;
/** The widest line label, in user units, and the distance between label baselines (a text box is about 1.2 em tall). */
const LABEL_MAX = 80;
const LABEL_GAP = FONT + 3;

/**
 * Small multiples: one panel per family, one line per model, follow-up rate against temperature, each point with its
 * 95% interval as a bar. The lines of a panel are offset side by side (at most 28 units in all, well inside the gap
 * between 0.7 and 1.0) so that bars at one temperature stay apart, and each is named at its right end (line-labels.ts:
 * the names moved apart so none overlaps another; a panel of 8 lines had only a legend of 8 colours under it). Every
 * panel keeps the same scales and label column, so panels compare side by side. A panel is 320 user units wide (280
 * before the labels) and shown at least 20rem (320 px) wide, or the whole width of a narrower screen (296 px on a
 * 320 px phone: 11.1 px text), so its text stays above 11 px without a narrow variant; it grows taller when its labels
 * need the room.
 */
export function temperaturePanels(series: readonly TsSeries[], width = 320, height = 200): TsPanel[] {
  const families = [...new Set(series.map((s) => s.family))].sort();
  const byFamily = new Map(families.map((f) => [f, series.filter((s) => s.family === f)]));
  const names = series.map((s) => s.name);
  const labels = new Map(families.map((f) => [f, lineLabels(byFamily.get(f)!.map((s) => s.name), names, LABEL_MAX)]));
  const labelW = Math.min(LABEL_MAX, Math.max(0, ...[...labels.values()].flat().map((t) => textWidth(t))));
  // l: the y axis's name (rotated, 16 units) and tick labels up to '100%'; r: the line labels.
  const margin = { l: 54, r: 12 + (labelW > 0 ? labelW + 8 : 0), t: 10, b: 34 };
  const most = Math.max(0, ...families.map((f) => byFamily.get(f)!.length));
  const h = Math.max(height, Math.ceil(margin.t + margin.b + FONT + most * LABEL_GAP));
  const tMax = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.t)));
  const yMax = Math.max(0.05, ...series.flatMap((s) => s.points.map((p) => p.hi)));
  const pad = DODGE_SPREAD / 2;
  const x = scaleLinear().domain([0, tMax]).range([margin.l + pad, width - margin.r - pad]);
  const y = scaleLinear().domain([0, Math.min(1, yMax * 1.05)]).nice().range([h - margin.b, margin.t]);
  const labelX = width - margin.r + 8;
  // A tick label per 50 units at most: '0.2' and '0.4' ran together once the labels took their column.
  const xTickCount = Math.max(2, Math.floor((width - margin.l - margin.r) / 50));
  return families.map((family) => {
    const fs = byFamily.get(family)!;
    const step = fs.length > 1 ? Math.min(DODGE, DODGE_SPREAD / (fs.length - 1)) : 0;
    const drawn = fs.map((s, i) => {
      const dx = (i - (fs.length - 1) / 2) * step;
      const pts = [...s.points].sort((a, b) => a.t - b.t);
      const path = line<{ t: number; rate: number }>().x((p) => x(p.t) + dx).y((p) => y(p.rate)).digits(1)(pts) ?? '';
      const dots = pts.map((p) => ({ x: r1(x(p.t) + dx), y: r1(y(p.rate)), yLo: r1(y(p.lo)), yHi: r1(y(p.hi)), t: p.t, rate: p.rate, lo: p.lo, hi: p.hi }));
      return { ...s, points: pts, path, color: CATEGORICAL[i % CATEGORICAL.length]!, dots };
    });
    const mid = FONT * 0.35;
    const ys = spreadLabels(drawn.map((s) => (s.dots.at(-1)?.y ?? 0) + mid), LABEL_GAP, margin.t + FONT * 0.8, h - margin.b);
    const text = labels.get(family)!;
    return {
      family, width, height: h, margin,
      series: drawn.map((s, i) => {
        const last = s.dots.at(-1);
        const label = last && text[i] ? { text: text[i]!, x: r1(labelX), y: r1(ys[i]!), leader: { x1: r1(last.x + 4.5), y1: last.y, x2: r1(labelX - 2), y2: r1(ys[i]! - mid) } } : null;
        return { ...s, label };
      }),
      xTicks: x.ticks(xTickCount).map((v) => tick(v, x(v), String(v), width)),
      yTicks: y.ticks(4).map((v) => tick(v, y(v), pctTick(v), h)),
    };
  });
}
