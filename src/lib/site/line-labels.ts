/**
 * Direct labels at the ends of a panel's lines (pure): the temperature panels draw up to 8 lines of one family, which
 * a legend under the panel could not tell apart (8 colours, lines a few units apart). Each line is named at its right
 * end; the names are moved apart vertically, in their lines' order, so that no two overlap.
 */
import { FONT, textWidth } from './chart-text.ts';
import { pointLabels, sharedLead } from './point-label.ts';

/** The words (from a space on) that every name ends with; '' for fewer than two names. */
export function sharedTail(names: readonly string[]): string {
  if (names.length < 2) return '';
  let tail = names[0]!;
  for (const n of names) while (!n.endsWith(tail)) tail = tail.slice(1);
  const cut = tail.indexOf(' ');
  return cut < 0 ? '' : tail.slice(cut);
}

/**
 * Each name's label within `width` units: the name when all fit; else without the words every name of the chart
 * (`all`) starts with ("Sim: ") and, within the panel, the words its names share at either end ("Qwen3.5 …",
 * "… (synthetic)"), so the size is what is left; still too long, shortened as scatter labels are (point-label.ts).
 */
export function lineLabels(names: readonly string[], all: readonly string[], width: number, font = FONT): string[] {
  if (names.every((n) => textWidth(n, font) <= width)) return [...names];
  const lead = sharedLead(all);
  let rest = names.map((n) => n.slice(lead.length));
  const inner = sharedLead(rest); const tail = sharedTail(rest);
  if (rest.every((n) => n.length > inner.length + tail.length)) rest = rest.map((n) => n.slice(inner.length, n.length - tail.length));
  return pointLabels(rest, width, font);
}

/**
 * Baselines for labels wanted at `want` (in any order), at least `gap` apart, within [top, bottom]: each keeps its
 * place when it can and is pushed down, then (at the bottom) up, by as little as keeps them apart; their order is
 * their wanted order. When they cannot all fit, they run on past `bottom`.
 */
export function spreadLabels(want: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = want.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const ys = order.map((o) => o.y);
  const down = () => { for (let k = 0; k < ys.length; k++) ys[k] = Math.max(ys[k]!, k ? ys[k - 1]! + gap : top); };
  down();
  for (let k = ys.length - 1; k >= 0; k--) ys[k] = Math.min(ys[k]!, k === ys.length - 1 ? bottom : ys[k + 1]! - gap);
  down(); // past the top only when they do not fit: then they run on below the bottom
  const out: number[] = new Array(want.length);
  order.forEach((o, k) => { out[o.i] = ys[k]!; });
  return out;
}
