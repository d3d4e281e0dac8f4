/** Outcome of one instruction check on one response text. */
export interface CheckOutcome {
  followed: boolean;
  /** Short, human-readable reason when not followed (shown by the example browser); null when followed. */
  reason: string | null;
}

/** The keyword arguments of one instruction, as in the dataset (nulls already removed). */
export type Kwargs = Record<string, unknown>;

/** Context of the item an instruction belongs to. */
export interface CheckContext {
  prompt: string;
}

/** One instruction type: a pure check of a response against the instruction's kwargs. May throw on bad kwargs. */
export type InstructionCheck = (response: string, kwargs: Kwargs, ctx: CheckContext) => CheckOutcome;

export const followed: CheckOutcome = Object.freeze({ followed: true, reason: null }) as CheckOutcome;

export function notFollowed(reason: string): CheckOutcome {
  return { followed: false, reason };
}

/** `followed` when `ok`, else not followed with the reason (computed lazily). */
export function check(ok: boolean, reason: string | (() => string)): CheckOutcome {
  return ok ? followed : notFollowed(typeof reason === 'function' ? reason() : reason);
}

// ---- kwargs readers: fail loudly (the caller records it as a reason) on a missing or mistyped argument ----

export function num(kwargs: Kwargs, key: string): number {
  const v = kwargs[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new Error(`instruction argument "${key}" must be a number, got ${JSON.stringify(v)}`);
}

export function str(kwargs: Kwargs, key: string): string {
  const v = kwargs[key];
  if (typeof v === 'string') return v;
  throw new Error(`instruction argument "${key}" must be a string, got ${JSON.stringify(v)}`);
}

export function strList(kwargs: Kwargs, key: string): string[] {
  const v = kwargs[key];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  throw new Error(`instruction argument "${key}" must be a list of strings, got ${JSON.stringify(v)}`);
}

export function optStr(kwargs: Kwargs, key: string): string | undefined {
  const v = kwargs[key];
  return typeof v === 'string' ? v : undefined;
}

/** IFEval relation ("less than" | "at least") compare. */
export function relation(kwargs: Kwargs, key: string): 'less than' | 'at least' {
  const v = kwargs[key];
  if (v === 'less than' || v === 'at least') return v;
  throw new Error(`instruction argument "${key}" must be "less than" or "at least", got ${JSON.stringify(v)}`);
}

export function compare(actual: number, rel: 'less than' | 'at least', n: number): boolean {
  return rel === 'less than' ? actual < n : actual >= n;
}
