/** Formatting helpers shared by pages and islands (pure). */
import type { Estimate, Label } from '../../schema/index.ts';
import { SITE_LABELS } from './labels.ts';

/**
 * 0.1234 → "12.3%"; null → "—". A share strictly between 0 and 1 never reads as 0% or 100%: 1 of 5,276 sampled turns is
 * "<0.1%" (toFixed gave "0.0%", the same as no genuine follow-up at all, in the near-zero regime the probe is about).
 */
export function pct(x: number | null | undefined, digits = 1): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  const step = 10 ** -digits;
  const text = (x * 100).toFixed(digits);
  if (x > 0 && Number(text) === 0) return `<${step.toFixed(digits)}%`;
  if (x < 1 && Number(text) === 100) return `>${(100 - step).toFixed(digits)}%`;
  return `${text}%`;
}

/** A label distribution in words, for a failure bar's text alternative: "Prompt restatement 62%, Identity leakage <1%, …". */
export function profileText(counts: readonly number[]): string {
  const total = counts.reduce((s, c) => s + c, 0);
  if (!total) return 'no judged samples';
  return SITE_LABELS.flatMap((l, i) => ((counts[i] ?? 0) > 0 ? [`${LABEL_NAMES[l]} ${pct((counts[i] ?? 0) / total, 0)}`] : [])).join(', ');
}

/** Signed percentage points: 0.031 → "+3.1 pp". */
export function pp(x: number | null | undefined, digits = 1): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  const v = x * 100;
  return `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(digits)} pp`;
}

/** "12.3% [9.8–15.0]" */
export function estText(e: Estimate | null | undefined): string {
  if (!e) return '—';
  return `${pct(e.value)} [${(e.lo * 100).toFixed(1)}–${(e.hi * 100).toFixed(1)}]`;
}

/** "+8.3 pp [−20.8, +37.5]" for a paired delta with its CI. */
/** "12.3% (5 of 41)": a label's share of a bar with its count, in the failure-profile tooltip and table alike. */
export function shareText(n: number, total: number): string {
  return total > 0 ? `${pct(n / total)} (${n} of ${total})` : '—';
}

export function deltaText(d: { value: number; lo: number; hi: number } | null | undefined): string {
  if (!d) return '—';
  const n = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x * 100).toFixed(1)}`;
  return `${n(d.value)} pp [${n(d.lo)}, ${n(d.hi)}]`;
}

export function paramsText(total: number, active: number): string {
  const f = (x: number) => (x >= 10 ? x.toFixed(0) : String(+x.toFixed(2)));
  return total === active ? `${f(total)}B` : `${f(total)}B (${f(active)}B active)`;
}

export const LABEL_NAMES: Record<Label, string> = {
  genuine_followup: 'Genuine follow-up',
  prompt_restatement: 'Prompt restatement',
  new_unrelated_query: 'New unrelated query',
  identity_leakage: 'Identity leakage',
  meta_planning: 'Meta-planning',
  generic_closing: 'Generic closing',
  empty_or_degenerate: 'Empty or degenerate',
};

/** Fill colours per label: src/lib/site/palette.ts (colour-blind-safe, ≥ 3:1 on both themes). */
export { LABEL_COLORS } from './palette.ts';

export const DATASET_NAMES: Record<string, string> = {
  gsm8k: 'GSM8K', ifeval: 'IFEval', ifbench: 'IFBench', mt_bench: 'MT-Bench', vicuna_bench: 'Vicuna Bench', healthbench: 'HealthBench',
};
export const datasetName = (d: string): string => DATASET_NAMES[d] ?? d;

export const LABELS = SITE_LABELS;

/** "2026-11-21" from an ISO timestamp. */
export const day = (iso: string): string => iso.slice(0, 10);

/** Total size of a byte count: "1.2 MB". */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
