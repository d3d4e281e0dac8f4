/**
 * Scatter labels that fit `width` units and still tell the points apart. clip() keeps a name's head, and the demo's
 * names share theirs ("Sim: Qwen3.5 …"), so the narrow variant's 15 characters read "Sim: Qwen3.5 1…" for 122B and
 * 1xxB alike. When a name does not fit, the words every name starts with are left out of every label, and a name still
 * too long keeps its head and its last word (the size, in most names) around an ellipsis. The full names are in each
 * point's tooltip, each shortened label's tooltip and the data table.
 */
import { FONT, charWidth, clip, textWidth } from './chart-text.ts';

/** The words (up to and including a space) that every name starts with; '' for fewer than two names. */
export function sharedLead(names: readonly string[]): string {
  if (names.length < 2) return '';
  let lead = names[0]!;
  for (const n of names) while (!n.startsWith(lead)) lead = lead.slice(0, -1);
  const cut = lead.lastIndexOf(' ');
  return cut < 0 ? '' : lead.slice(0, cut + 1);
}

/** Shorten one name to `n` characters, keeping its last word when that leaves a head of at least 3 characters. */
function middle(name: string, n: number, font: number): string {
  const last = name.slice(name.lastIndexOf(' ') + 1);
  const head = n - 1 - last.length;
  if (last.length === name.length || head < 3) return clip(name, n * charWidth(font), font);
  return `${name.slice(0, head).trimEnd()}…${last}`;
}

/** Each name's label, in order: the names as they are when all fit. */
export function pointLabels(names: readonly string[], width: number, font = FONT): string[] {
  if (names.every((n) => textWidth(n, font) <= width)) return [...names];
  const lead = sharedLead(names);
  const n = Math.max(4, Math.floor(width / charWidth(font)));
  return names.map((name) => {
    const rest = name.slice(lead.length);
    return rest.length <= n ? rest : middle(rest, n, font);
  });
}
