/**
 * The chunk a streamed /v1/completions answer sends on every step, read without JSON.parse (issue 16: parsing each
 * chunk into its object graph, only to copy a few fields, was a few percent of a run's CPU). Hand-written, and only a
 * fast path: it must give exactly what JSON.parse gives, so it accepts a strict subset of JSON, the shape vLLM and
 * SGLang write (and `userturn sim`, runners/sim/stream-route.ts): these keys in this order, no whitespace, the fields
 * not read fixed to null (stop_reason and the token id lists may be left out, as some vLLM versions do). Anything
 * else (another order, a duplicate key, an error, the usage chunk, another choice) is not matched and the caller
 * parses it.
 */

/** A JSON string literal, its contents captured: every character JSON allows unescaped, and every escape it knows. */
const STR = String.raw`"((?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*)"`;
/** `created` as a JSON integer: Number reads these digits to the same double as JSON.parse (-0 included). */
const INT = String.raw`(-?(?:0|[1-9]\d*))`;
const CHUNK = new RegExp(String.raw`^\{"id":${STR},"object":"text_completion","created":${INT},"model":${STR},"choices":\[\{"index":0,"text":${STR},"logprobs":null,"finish_reason":(?:null|${STR})(?:,"stop_reason":null)?(?:,"prompt_token_ids":null,"token_ids":null)?\}\](?:,"usage":null)?\}$`);
/**
 * Longer data is left to JSON.parse: the pattern backtracks through its string literals, and V8 throws a RangeError
 * when that stack runs out (from about 5.6 million characters of \u escapes) where JSON.parse reads the chunk.
 */
const MAX_LENGTH = 16384;

/**
 * A literal's contents as JSON.parse gives them: that one literal parsed when it holds an escape, or when it is long
 * enough (13 characters in V8) that the capture is a slice keeping the whole piece of body it came in alive as long
 * as the answer (JSON.parse gives copies); a short plain one is already a copy.
 */
const str = (s: string): string => (s.length < 13 && !s.includes('\\') ? s : (JSON.parse(`"${s}"`) as string));

/**
 * The chunk as JSON.parse would give it as far as the reader looks (the null fields left out), or undefined if it is
 * not of that shape. Without `head`, id, created and model are left out too: for a reader that has them already
 * (the first value seen wins), so that they are not decoded again on every step.
 */
export function fastChunk(data: string, head: boolean) {
  const m = data.length <= MAX_LENGTH ? CHUNK.exec(data) : null;
  if (!m) return undefined;
  const [, id, created, model, text, finish] = m as unknown as [string, string, string, string, string, string | undefined];
  const choices = [{ index: 0, text: str(text), finish_reason: finish === undefined ? null : str(finish) }];
  return head ? { id: str(id), created: Number(created), model: str(model), choices } : { choices };
}
