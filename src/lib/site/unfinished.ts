import type { DatasetResult, Provenance } from '../../schema/index.ts';
import { estText } from './format.ts';

/** "3 of 80 · 3.8% [1.3–10.5]" for a dataset's unfinished answers; null for results without the count (suite v1). */
export function unfinishedText(d: Pick<DatasetResult, 'unfinished'>): string | null {
  const u = d.unfinished;
  if (!u) return null;
  return `${u.n} of ${u.of}${u.rate ? ` · ${estText(u.rate)}` : ''}`;
}

/** "16,384 tokens (suite, think_tags)" or "30,000 tokens (submission override: <reason>)"; null for older results. */
export function budgetText(p: Pick<Provenance, 'assistant_budget'>): { text: string; reason: string | null } | null {
  const b = p.assistant_budget;
  if (!b) return null;
  const n = b.max_tokens.toLocaleString('en-US');
  if (b.source === 'submission') return { text: `${n} tokens (submission override)`, reason: b.reason };
  return { text: `${n} tokens (suite${b.source === 'suite_reasoning_mode' ? `, reasoning mode ${b.reasoning_mode}` : ''})`, reason: null };
}
