/**
 * The chunk a streamed /v1/completions answer sends on every step, read without JSON.parse (issue 16: parsing each
 * chunk into its object graph, only to copy a few fields, was a few percent of a run's CPU). Hand-written, and only a
 * fast path: it must give exactly what JSON.parse gives, so it accepts a strict subset of JSON, the shape vLLM and
 * SGLang write (and `userturn sim`, runners/sim/stream-route.ts): these keys in this order, no whitespace, the fields
 * not read fixed to null (stop_reason and the token id lists may be left out, as some vLLM versions do; SGLang writes
 * matched_stop in their place, protocol.py CompletionResponseStreamChoice). Anything
 * else (another order, a duplicate key, an error, the usage chunk, another choice) is not matched and the caller
 * parses it.
 */

/** A JSON string literal, its contents captured: every character JSON allows unescaped, and every escape it knows. */
const STR = String.raw`"((?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*)"`;
/** `created` as a JSON integer: Number reads these digits to the same double as JSON.parse (-0 included). */
const INT = String.raw`(-?(?:0|[1-9]\d*))`;
/** The chunk's shape, its string literals captured (`head`: id, created and model too) or only matched. */
const chunkPattern = (head: boolean) => {
  const str = head ? STR : STR.replace('(', '(?:');
  const int = head ? INT : INT.replace('(', '(?:');
  return new RegExp(String.raw`^\{"id":${str},"object":"text_completion","created":${int},"model":${str},"choices":\[\{"index":0,"text":${STR},"logprobs":null,"finish_reason":(?:null|${STR})(?:,"matched_stop":null)?(?:,"stop_reason":null)?(?:,"prompt_token_ids":null,"token_ids":null)?\}\](?:,"usage":null)?\}$`);
};
const WITH_HEAD = chunkPattern(true);
/** For a reader that has id, created and model already: fewer captures, fewer strings made per chunk. */
const WITHOUT_HEAD = chunkPattern(false);
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

/** What a chunk of that shape says; `id`, `created` and `model` only when read with `head`. */
export interface FastChunk {
  id: string;
  created: number;
  model: string;
  text: string;
  /** null, or the string as sent ("" included). */
  finish: string | null;
}

/**
 * Reads `data` into `into` (the reader's one scratch object: no chunk object per step) and says whether it was of
 * that shape; when not, the caller parses it. Without `head`, id, created and model are not read: the reader has
 * them already (the first value seen wins), so they are not decoded again on every step.
 */
export function readFastChunk(data: string, head: boolean, into: FastChunk): boolean {
  const m = data.length <= MAX_LENGTH ? (head ? WITH_HEAD : WITHOUT_HEAD).exec(data) : null;
  if (!m) return false;
  if (head) {
    into.id = str(m[1]!);
    into.created = Number(m[2]);
    into.model = str(m[3]!);
  }
  const finish = m[head ? 5 : 2];
  into.text = str(m[head ? 4 : 1]!);
  into.finish = finish === undefined ? null : str(finish);
  return true;
}
