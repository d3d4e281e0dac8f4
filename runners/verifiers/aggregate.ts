import type { ItemScore } from '../../src/schema/index.ts';

/** The four reference aggregates, as fractions from 0 to 1. */
export interface Aggregates {
  n: number;
  prompt_strict: number;
  prompt_loose: number;
  instruction_strict: number;
  instruction_loose: number;
}

/**
 * Prompt-level strict/loose (share of items whose every instruction is followed) and instruction-level strict/loose
 * (share of all instructions followed), as IFEval's and IFBench's evaluation_lib report them.
 * GSM8K has a single check per item (the final number), so all four fields are its accuracy.
 */
export function aggregate(scores: readonly ItemScore[]): Aggregates {
  let ps = 0;
  let pl = 0;
  let is = 0;
  let il = 0;
  let it = 0;
  for (const s of scores) {
    if (s.kind === 'gsm8k') {
      const c = s.correct ? 1 : 0;
      ps += c;
      pl += c;
      is += c;
      il += c;
      it += 1;
    } else {
      if (s.strict) ps++;
      if (s.loose) pl++;
      for (const i of s.instructions) {
        it++;
        if (i.strict) is++;
        if (i.loose) il++;
      }
    }
  }
  const n = scores.length;
  const frac = (x: number, d: number) => (d === 0 ? 0 : x / d);
  return { n, prompt_strict: frac(ps, n), prompt_loose: frac(pl, n), instruction_strict: frac(is, it), instruction_loose: frac(il, it) };
}

/** One `--per-item` line: the prompt, prompt-level strict/loose, and one entry per instruction (GSM8K: the final number). */
export function perItemRecord(prompt: string, s: ItemScore): { prompt: string; strict: boolean; loose: boolean; instructions: unknown[] } {
  if (s.kind === 'gsm8k') {
    const reason = s.correct ? null : s.extracted === null ? `no number found; expected ${s.reference}` : `extracted ${s.extracted} (${s.rule}); expected ${s.reference}`;
    return {
      prompt,
      strict: s.correct,
      loose: s.correct,
      instructions: [{ id: 'gsm8k:final_number', strict: s.correct, loose: s.correct, reason, extracted: s.extracted, rule: s.rule, reference: s.reference }],
    };
  }
  return { prompt, strict: s.strict, loose: s.loose, instructions: s.instructions };
}
