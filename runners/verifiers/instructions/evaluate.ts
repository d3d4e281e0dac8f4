import type { ItemScore } from '../../../src/schema/index.ts';
import { strip } from '../text/py.ts';
import { IFBENCH_CHECKS } from './ifbench/registry.ts';
import { IFEVAL_CHECKS } from './ifeval/registry.ts';
import type { CheckContext, CheckOutcome, InstructionCheck, Kwargs } from './types.ts';

type InstructionsScore = Extract<ItemScore, { kind: 'instructions' }>;

export interface InstructionsItem {
  prompt: string;
  instruction_id_list: string[];
  kwargs: Array<Record<string, unknown>>;
}

export const REGISTRIES: Record<'ifeval' | 'ifbench', Record<string, InstructionCheck>> = {
  ifeval: IFEVAL_CHECKS,
  ifbench: IFBENCH_CHECKS,
};

/**
 * The loose variants of a response, as in the reference evaluation_lib: the response, without its first line,
 * without its last line, without both, and each of those with every `*` removed.
 */
export function looseVariants(response: string): string[] {
  const r = response.split('\n');
  const removeFirst = strip(r.slice(1).join('\n'));
  const removeLast = strip(r.slice(0, -1).join('\n'));
  const removeBoth = strip(r.slice(1, -1).join('\n'));
  const noStars = (s: string) => s.replaceAll('*', '');
  return [
    response,
    noStars(response),
    removeFirst,
    removeLast,
    removeBoth,
    noStars(removeFirst),
    noStars(removeLast),
    noStars(removeBoth),
  ];
}

function safeCheck(fn: InstructionCheck, response: string, kwargs: Kwargs, ctx: CheckContext): CheckOutcome {
  if (strip(response) === '') return { followed: false, reason: 'empty response' };
  try {
    const out = fn(response, kwargs, ctx);
    return out.followed ? { followed: true, reason: null } : { followed: false, reason: out.reason ?? 'not followed' };
  } catch (e) {
    return { followed: false, reason: `could not check: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) };
  }
}

function cleanKwargs(kw: unknown): Kwargs {
  const out: Kwargs = {};
  if (kw && typeof kw === 'object' && !Array.isArray(kw)) {
    for (const [k, v] of Object.entries(kw)) if (v !== null && v !== undefined) out[k] = v;
  }
  return out;
}

/** Score one response against every instruction of an IFEval or IFBench item, strict and loose. Never throws. */
export function verifyInstructions(dataset: 'ifeval' | 'ifbench', item: InstructionsItem, response: string): InstructionsScore {
  const registry = REGISTRIES[dataset];
  const ctx: CheckContext = { prompt: typeof item.prompt === 'string' ? item.prompt : '' };
  const ids = Array.isArray(item.instruction_id_list) ? item.instruction_id_list : [];
  // Identical variants give identical results (checks are pure): try each distinct text once, in the reference order.
  const variants = [...new Set(looseVariants(response))];
  const instructions = ids.map((rawId, i) => {
    const id = typeof rawId === 'string' && rawId !== '' ? rawId : `(invalid id ${JSON.stringify(rawId) ?? 'undefined'})`;
    const fn = Object.hasOwn(registry, id) ? registry[id] : undefined;
    if (!fn) return { id, strict: false, loose: false, reason: `unknown ${dataset} instruction "${id}"` };
    const kwargs = cleanKwargs(item.kwargs?.[i]);
    const strict = safeCheck(fn, response, kwargs, ctx);
    let loose = strict.followed;
    for (let v = 1; !loose && v < variants.length; v++) loose = safeCheck(fn, variants[v]!, kwargs, ctx).followed;
    return { id, strict: strict.followed, loose, reason: strict.reason };
  });
  return {
    kind: 'instructions',
    strict: instructions.length > 0 && instructions.every((x) => x.strict),
    loose: instructions.length > 0 && instructions.every((x) => x.loose),
    instructions,
  };
}
