/**
 * Perturbation deltas (pure geometry): paired change in follow-up rate vs greedy with its CI, one panel per
 * perturbation, rows grouped under a header per family. Wide: panels side by side after one label column. Narrow:
 * panels stacked, each with its own label column, so every panel gets the full width of a phone.
 */
import { scaleLinear } from 'd3';
import { FONT, WIDE, clip, isNarrow, r1, textWidth, tick, type Tick } from './chart-text.ts';
import { pointLabels } from './point-label.ts';

/** `significant`: the paired interval excludes zero (drawn filled; hollow otherwise). */
export interface PdRow { id: string; name: string; family: string; deltas: Array<{ condition: string; value: number; lo: number; hi: number; significant: boolean } | null> }
export interface PdMark { condition: string; y: number; cx: number; lo: number; hi: number; value: number; dlo: number; dhi: number; significant: boolean }
/** `full`: the whole name, when `text` is a shortened model name (shown on hover). */
export interface PdText { x: number; y: number; text: string; anchor: 'start' | 'end' | 'middle'; bold: boolean; full?: string }
export interface PdLayout {
  width: number; height: number; conditions: string[];
  panels: Array<{ condition: string; x0: number; x1: number; y0: number; y1: number; zero: number; tickY: number; ticks: Tick[] }>;
  /** Panel titles, family headers and model names. */
  texts: PdText[];
  rows: Array<{ id: string; name: string; family: string; marks: Array<PdMark | null> }>;
}

const label = (v: number): string => `${v > 0 ? '+' : ''}${Math.round(v * 100)}`;
const ROW = 20; const HEADER = 20; const TITLE = 22; const AXIS = 28; const AXIS_TITLE = 18;
/** The unit of every panel's axis, once under the chart. */
export const PD_AXIS_TITLE = 'change vs greedy, percentage points';

/** Rows grouped by family (families in name order, rows in their given order within a family). */
function byFamily(rows: readonly PdRow[]): Array<[string, PdRow[]]> {
  const m = new Map<string, PdRow[]>();
  for (const r of rows) m.set(r.family, [...(m.get(r.family) ?? []), r]);
  return [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

export function perturbationLayout(rows: readonly PdRow[], conditions: readonly string[], width = WIDE): PdLayout {
  const narrow = isNarrow(width);
  const labelWidth = narrow ? 140 : Math.min(200, Math.max(110, width * 0.26));
  const ext = Math.max(0.05, ...rows.flatMap((r) => r.deltas.flatMap((d) => (d ? [Math.abs(d.lo), Math.abs(d.hi)] : []))));
  const groups = byFamily(rows);
  const groupHeight = groups.reduce((s, [, rs]) => s + HEADER + rs.length * ROW, 0);
  const texts: PdText[] = [];
  // Shortened as the scatter's labels are: the shared lead ("Sim: ") first, then the middle, so the size stays.
  const labels = pointLabels(rows.map((r) => r.name), labelWidth - 12);
  const shown = new Map(rows.map((r, i) => [r.id, labels[i]!]));
  const marks = new Map<string, Array<PdMark | null>>(rows.map((r) => [r.id, conditions.map(() => null)]));
  const panels: PdLayout['panels'] = [];
  const plotW = narrow ? width - labelWidth - 8 : (width - labelWidth - 8) / Math.max(1, conditions.length);
  const gap = narrow ? 0 : plotW * 0.12;

  /** One label column of family headers and model names from y0; returns each row's centre. */
  const labelColumn = (y0: number): Map<string, number> => {
    const ys = new Map<string, number>();
    let y = y0;
    for (const [fam, rs] of groups) {
      texts.push({ x: 0, y: r1(y + 14), text: clip(fam, labelWidth + plotW), anchor: 'start', bold: true });
      y += HEADER;
      for (const r of rs) {
        ys.set(r.id, y + ROW / 2);
        const text = shown.get(r.id)!;
        texts.push({ x: r1(labelWidth - 8), y: r1(y + ROW / 2 + FONT * 0.35), text, anchor: 'end', bold: false, ...(text === r.name ? {} : { full: r.name }) });
        y += ROW;
      }
    }
    return ys;
  };

  let y = 0;
  const shared = narrow ? null : labelColumn(TITLE);
  conditions.forEach((c, j) => {
    const x0 = narrow ? labelWidth : labelWidth + j * plotW + gap / 2;
    const x1 = narrow ? width - 8 : labelWidth + (j + 1) * plotW - gap / 2;
    const top = narrow ? y : 0;
    // The edge ticks' labels stay inside their panel: side by side, '+40' of one panel and '-40' of the next were
    // 12 px apart, closer than the ticks of one axis.
    const x = scaleLinear().domain([-ext, ext]).nice();
    const values = x.ticks(narrow ? 4 : 3);
    const pad = Math.max(4, ...values.map((v) => textWidth(label(v)) / 2 + 2));
    x.range([x0 + pad, x1 - pad]);
    texts.push({ x: r1(narrow ? 0 : (x0 + x1) / 2), y: top + 15, text: c, anchor: narrow ? 'start' : 'middle', bold: true });
    const ys = shared ?? labelColumn(top + TITLE);
    const y1 = top + TITLE + groupHeight;
    panels.push({
      condition: c, x0: r1(x0), x1: r1(x1), y0: top + TITLE, y1, zero: r1(x(0)), tickY: y1 + 16,
      ticks: values.map((v) => tick(v, x(v), label(v), width)),
    });
    for (const r of rows) {
      const d = r.deltas[j];
      if (!d) continue;
      marks.get(r.id)![j] = { condition: d.condition, y: r1(ys.get(r.id)!), cx: r1(x(d.value)), lo: r1(x(d.lo)), hi: r1(x(d.hi)), value: d.value, dlo: d.lo, dhi: d.hi, significant: d.significant };
    }
    y = y1 + AXIS + 8;
  });
  const plotsBottom = narrow ? Math.max(y - 8, TITLE + AXIS) : TITLE + groupHeight + AXIS;
  const height = plotsBottom + AXIS_TITLE;
  texts.push({ x: r1(narrow ? width / 2 : (labelWidth + width - 8) / 2), y: height - 5, text: PD_AXIS_TITLE, anchor: 'middle', bold: false });
  return {
    width, height, conditions: [...conditions], panels, texts,
    rows: rows.map((r) => ({ id: r.id, name: r.name, family: r.family, marks: marks.get(r.id)! })),
  };
}
