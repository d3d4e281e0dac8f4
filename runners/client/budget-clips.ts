import { oneLine } from '../core/terminal-text.ts';

/**
 * Answers an engine ended by `length` before the max_tokens asked: it spent a budget it cut itself. SGLang gives a
 * request at most its window - 2 - prompt tokens (runners/sim/sglang-window.ts, sgl-project/sglang#33814), so
 * prompt + max_tokens within 2 tokens of the window comes back 1-2 tokens short; llama.cpp's server, context shift off
 * (its default), stops where prompt and answer fill its window, window - prompt tokens, whatever max_tokens
 * (runners/sim/llamacpp-window.ts). Both say `length` with no error; the usage the runner asks for in streams (and
 * keeps in the cache's audit column) is the only trace of it. An engine that honours the budget reports
 * completion_tokens = max_tokens for every `length` finish.
 */
export interface BudgetClips {
  /** Clipped answers by where they came from: an endpoint's redacted URL, or "the cache". */
  readonly from: Map<string, number>;
  /** The clip that left the fewest tokens of its budget, e.g. 510 of 512. */
  widest: { got: number; asked: number } | null;
}

export const budgetClips = (): BudgetClips => ({ from: new Map(), widest: null });

/** The usage's completion_tokens of a completion answer, when it gives a whole number. */
export function completionTokensOf(resp: unknown): number | undefined {
  const n = (resp as { usage?: { completion_tokens?: unknown } } | null)?.usage?.completion_tokens;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The engine cut the answer's budget: `length` with fewer completion tokens than asked. */
export const isClip = (answer: { finish_reason: string; completion_tokens?: number }, asked: number): boolean =>
  answer.finish_reason === 'length' && answer.completion_tokens !== undefined && answer.completion_tokens < asked;

/**
 * Whether a cached clipped answer may stand for this run: only under the window it was clipped at, since an engine
 * with a wider one would answer more. `window` null (the endpoints report none, or none is asked: a rerun from the
 * cache alone) cannot tell a resume from a reconfigured engine, so the answer stands, as the warning then says.
 */
export const clipStands = (answer: { clip_window?: number }, window: number | null): boolean => window === null || answer.clip_window === window;

/** Count the answer when the engine cut its budget (isClip). */
export function noteClip(clips: BudgetClips, answer: { finish_reason: string; completion_tokens?: number }, asked: number, from: string): void {
  if (!isClip(answer, asked)) return;
  const got = answer.completion_tokens!;
  clips.from.set(from, (clips.from.get(from) ?? 0) + 1);
  if (!clips.widest || asked - got > clips.widest.asked - clips.widest.got) clips.widest = { got, asked };
}

/** What a kept result remembers of its clips (probe/stored-result.ts): how many, and the widest. */
export type ClipRecord = { n: number; got: number; asked: number };

const clipCount = (clips: BudgetClips): number => [...clips.from.values()].reduce((a, b) => a + b, 0);

export function clipRecord(clips: BudgetClips): ClipRecord | undefined {
  if (!clips.widest) return undefined;
  return { n: clipCount(clips), ...clips.widest };
}

/** The clips of a result reused whole: every answer came from the cache. */
export const cachedClips = (r: ClipRecord): BudgetClips => ({ from: new Map([['the cache', r.n]]), widest: { got: r.got, asked: r.asked } });

/**
 * What a run knows of the endpoints' window: `window` the smallest the ready endpoints report (null: none reports one),
 * `lookedUp` false while no endpoint has been asked (and for good in a rerun answered from the cache alone).
 */
export interface ServedWindow {
  window: number | null;
  lookedUp: boolean;
}

/**
 * The one warning line a run ends with when some answers were clipped, else null. With a window reported, a rerun under
 * a wider one asks the clipped answers again (clipStands); else only a new cache does, and the line says why.
 */
export function clipWarning(clips: BudgetClips, model: string, served: ServedWindow): string | null {
  if (!clips.widest) return null;
  const total = clipCount(clips);
  const where = [...clips.from].map(([from, n]) => `${from} ${n}`).join(', ');
  const { got, asked } = clips.widest;
  return (
    `warning: ${total} answer(s) of "${oneLine(model)}" ended by length before their max_tokens (${got} of ${asked} tokens at the shortest; ${where}): ` +
    'the engine cut the budget at its context window (SGLang gives at most window - 2 - prompt tokens, llama.cpp window - prompt, without an error), so these turns are cut short; ' +
    'raise the engine\'s context length (serving.max_model_len) or lower max_tokens, then rerun ' +
    (served.window !== null
      ? '(the cut answers are asked again once the engine reports a wider window; the others come from the cache)'
      : served.lookedUp
        ? 'with a new --cache (the engine reports no window, so the cut answers cached would be used again)'
        : 'with a new --cache (no endpoint was asked for its window: the answers came from the cache alone, and the cut ones would be used again)')
  );
}
