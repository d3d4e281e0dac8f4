/**
 * Direct labels for scatter points (pure): greedy placement with nudging, no force simulation. Each point, in the given
 * order, takes the first candidate position whose box stays inside the plot and overlaps neither a point nor a label
 * placed before it: right, left, above, below, then right/left shifted up or down by whole lines (with a leader line
 * back to the point). A point with no free position stays unlabelled; its name is in its tooltip and the data table.
 */
import { FONT, r1, textWidth } from './chart-text.ts';

export interface LabelPoint { id: string; x: number; y: number; r: number; text: string }
export interface Box { x0: number; y0: number; x1: number; y1: number }
export interface PlacedLabel {
  id: string; x: number; y: number; anchor: 'start' | 'end' | 'middle'; text: string;
  box: Box; leader: { x1: number; y1: number; x2: number; y2: number } | null;
}

export const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (a: Box, b: Box): boolean => a.x0 >= b.x0 && a.x1 <= b.x1 && a.y0 >= b.y0 && a.y1 <= b.y1;

/** The box of a text at baseline (x, y) with the given anchor: cap height above the baseline, descenders below. */
export function textBox(x: number, y: number, anchor: PlacedLabel['anchor'], text: string, font = FONT): Box {
  const w = textWidth(text, font);
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  return { x0, y0: y - font * 0.8, x1: x0 + w, y1: y + font * 0.25 };
}

function candidates(p: LabelPoint, font: number, nudges: number): Array<Omit<PlacedLabel, 'box' | 'id' | 'text'>> {
  const pad = 3; const mid = p.y + font * 0.35; const line = font + 2;
  const out: Array<Omit<PlacedLabel, 'box' | 'id' | 'text'>> = [
    { x: p.x + p.r + pad, y: mid, anchor: 'start', leader: null },
    { x: p.x - p.r - pad, y: mid, anchor: 'end', leader: null },
    { x: p.x, y: p.y - p.r - pad - font * 0.25, anchor: 'middle', leader: null },
    { x: p.x, y: p.y + p.r + pad + font * 0.8, anchor: 'middle', leader: null },
  ];
  for (let k = 1; k <= nudges; k++) {
    for (const dy of [-k * line, k * line]) {
      for (const side of [1, -1] as const) {
        const x = p.x + side * (p.r + pad + 4);
        out.push({ x, y: mid + dy, anchor: side === 1 ? 'start' : 'end', leader: { x1: p.x + side * p.r, y1: p.y, x2: x, y2: mid + dy - font * 0.35 } });
      }
    }
  }
  return out;
}

export function placeLabels(points: readonly LabelPoint[], bounds: Box, font = FONT, nudges = 3): PlacedLabel[] {
  const marks = points.map((p) => ({ id: p.id, box: { x0: p.x - p.r, y0: p.y - p.r, x1: p.x + p.r, y1: p.y + p.r } }));
  const placed: PlacedLabel[] = [];
  for (const p of points) {
    for (const c of candidates(p, font, nudges)) {
      const box = textBox(c.x, c.y, c.anchor, p.text, font);
      if (!inside(box, bounds)) continue;
      if (marks.some((m) => m.id !== p.id && overlaps(box, m.box))) continue;
      if (placed.some((l) => overlaps(box, l.box))) continue;
      const leader = c.leader && { x1: r1(c.leader.x1), y1: r1(c.leader.y1), x2: r1(c.leader.x2), y2: r1(c.leader.y2) };
      placed.push({ id: p.id, x: r1(c.x), y: r1(c.y), anchor: c.anchor, text: p.text, box, leader });
      break;
    }
  }
  return placed;
}
