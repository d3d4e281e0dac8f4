/** Follow-up rate against accuracy (pure geometry): d3 scales, direct labels, one decimal per coordinate. */
import { scaleLinear, scaleSqrt } from 'd3';
import { FONT, WIDE, isNarrow, pctTick, r1, tick, type Tick } from './chart-text.ts';
import { pointLabels } from './point-label.ts';
import { placeLabels, type PlacedLabel } from './label-placement.ts';
import { categoricalColor } from './palette.ts';

export interface ScPoint { id: string; name: string; family: string; params: number; acc: { value: number; lo: number; hi: number }; fu: { value: number; lo: number; hi: number } }
export interface ScLayout {
  width: number; height: number; margin: { l: number; r: number; t: number; b: number };
  points: Array<ScPoint & { cx: number; cy: number; r: number; color: string; xlo: number; xhi: number; ylo: number; yhi: number }>;
  labels: PlacedLabel[];
  xTicks: Tick[]; yTicks: Tick[];
}

/**
 * Follow-up rate (y) against accuracy (x), radius ∝ sqrt(parameters), colour = family, CIs as error bars, each point
 * labelled with its model's name where there is room. Narrow widths get a squarer plot, fewer ticks, smaller marks.
 */
export function scatterLayout(points: readonly ScPoint[], width = WIDE, height?: number): ScLayout {
  const narrow = isNarrow(width);
  const h = height ?? (narrow ? 340 : 460);
  const margin = narrow ? { l: 48, r: 10, t: 10, b: 44 } : { l: 56, r: 16, t: 12, b: 44 };
  const yMax = Math.max(0.05, ...points.map((p) => p.fu.hi));
  const x = scaleLinear().domain([0, 1]).range([margin.l, width - margin.r]);
  const y = scaleLinear().domain([0, Math.min(1, yMax * 1.1)]).nice().range([h - margin.b, margin.t]);
  const r = scaleSqrt().domain([0, Math.max(1, ...points.map((p) => p.params))]).range(narrow ? [3, 10] : [3, 16]);
  const color = categoricalColor(points.map((p) => p.family));
  const laid = points.map((p) => ({
    ...p, cx: r1(x(p.acc.value)), cy: r1(y(p.fu.value)), r: r1(r(p.params)), color: color(p.family),
    xlo: r1(x(p.acc.lo)), xhi: r1(x(p.acc.hi)), ylo: r1(y(p.fu.lo)), yhi: r1(y(p.fu.hi)),
  })).sort((a, b) => b.r - a.r || a.id.localeCompare(b.id));
  const maxLabel = narrow ? 110 : 180;
  const texts = pointLabels(laid.map((p) => p.name), maxLabel);
  const labels = placeLabels(
    laid.map((p, i) => ({ id: p.id, x: p.cx, y: p.cy, r: p.r, text: texts[i]! })),
    { x0: margin.l + 2, y0: margin.t, x1: width - margin.r, y1: h - margin.b - 2 }, FONT,
  );
  const ticks = narrow ? 4 : 5;
  return {
    width, height: h, margin, points: laid, labels,
    xTicks: x.ticks(ticks).map((v) => tick(v, x(v), pctTick(v), width)),
    yTicks: y.ticks(ticks).map((v) => tick(v, y(v), pctTick(v), h)),
  };
}
