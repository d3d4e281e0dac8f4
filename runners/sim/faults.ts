import { mulberry32 } from '../../src/lib/metrics/prng.ts';

/**
 * stall_first, stall_mid and no_done are stream faults (stall before the first chunk, stall mid-stream, a stream that
 * ends without `data: [DONE]`); on a non-streamed answer they are a hang, half a body then silence, and a truncated
 * body. gen_error is vLLM's failed generation (fault-apply.ts GENERATION_ERROR): in a stream, half the chunks, then the
 * error as an event and `data: [DONE]`, the status 200 already sent; not streamed, a 500.
 * New kinds go at the end: the draw of the older ones for a given seed and rates stays the same.
 */
export const FAULT_KINDS = ['500', '429', 'reset', 'hang', 'malformed', 'truncated', 'stall_first', 'stall_mid', 'no_done', 'gen_error'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultRates = Partial<Record<FaultKind, number>>;

/** Parse `500=0.1,429=0.05,reset=0.02,hang=0.02,malformed=0.01,truncated=0.01,stall_first=0.01`. */
export function parseFaults(spec: string | undefined): FaultRates {
  const rates: FaultRates = {};
  if (!spec) return rates;
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [k, v] = part.split('=');
    if (!FAULT_KINDS.includes(k as FaultKind)) throw new Error(`unknown fault "${k}" (one of ${FAULT_KINDS.join(', ')})`);
    const r = Number(v);
    if (!Number.isFinite(r) || r < 0 || r > 1) throw new Error(`fault rate for ${k} must be between 0 and 1, got "${v}"`);
    rates[k as FaultKind] = r;
  }
  const total = Object.values(rates).reduce((s, x) => s + x, 0);
  if (total > 1) throw new Error(`fault rates add up to ${total} > 1`);
  return rates;
}

/** Draws the fault (or none) of each arriving request from a seeded stream. */
export function faultPicker(rates: FaultRates, seed: number): () => FaultKind | null {
  const rand = mulberry32(seed ^ 0x5eed);
  return () => {
    let x = rand();
    for (const k of FAULT_KINDS) {
      const r = rates[k] ?? 0;
      if (x < r) return k;
      x -= r;
    }
    return null;
  };
}
