/**
 * The stream reader's fast path (runners/client/sse-fast-chunk.ts) against JSON.parse: the same reader built with
 * `fastPath: false` is fed the same generated streams, and both must give the same answer (deepStrictEqual, and the
 * same key order) or throw the same error (class, kind, message) at the same push. Streams are drawn from a seeded
 * PRNG; a failure names its seed. SSE_FUZZ_SEED=<n> picks another base seed, SSE_FUZZ_N=<n> another count.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';
import { createSseCompletionReader } from '../../../runners/client/sse-completion.ts';
import { readFastChunk, type FastChunk } from '../../../runners/client/sse-fast-chunk.ts';

/** What readFastChunk reads from `data` (a fresh scratch object each time), or undefined when it does not take it. */
const fastChunk = (data: string, head: boolean): Partial<FastChunk> | undefined => {
  const into = {} as FastChunk;
  return readFastChunk(data, head, into) ? into : undefined;
};

type Rng = () => number;
const BASE_SEED = Number(process.env.SSE_FUZZ_SEED ?? 20261126);
const STREAMS = Number(process.env.SSE_FUZZ_N ?? 4000);

const int = (r: Rng, n: number) => Math.floor(r() * n);
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[int(r, xs.length)]!;
const chance = (r: Rng, p: number) => r() < p;
const shuffle = <T>(r: Rng, xs: T[]) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = int(r, i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
};

/** Characters that JSON escapes, or may, or that break naive readers; raw lone surrogates included. */
const CHARS = ['a', 'Z', ' ', '  ', '"', '\\', '/', '</script>', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u001f', '\u007f', 'é', '中', '😀', '\ud800', '\udfff', '\u2028', '\ufeff', 'text', '"text":"x"', '\\u0041', ',"index":1', 'stop'];
const randText = (r: Rng): string => Array.from({ length: int(r, 8) }, () => pick(r, CHARS)).join('');

const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const hex4 = (r: Rng, c: string) => `\\u${((h) => (chance(r, 0.5) ? h : h.toUpperCase()))(c.charCodeAt(0).toString(16).padStart(4, '0'))}`;
/** `s` as a JSON string literal, each UTF-16 unit written one of the ways JSON allows (mostly the plain one). */
function lit(r: Rng, s: string): string {
  let o = '"';
  for (const c of s.split('')) {
    if (chance(r, 0.15)) o += SHORT[c] && chance(r, 0.5) ? SHORT[c] : hex4(r, c);
    else if (c < ' ' || c === '"' || c === '\\') o += SHORT[c] ?? hex4(r, c);
    else o += c;
  }
  return `${o}"`;
}

/** Pieces of a string literal's contents that JSON refuses: raw control characters, unknown or cut escapes. */
const BAD = ['\t', '\u0000', '\u001f', '\\x41', '\\u12', '\\u12g4', "\\'", '\\U0041', '\\a', '\\', '\\"', '"'];
/** A string literal with something JSON refuses somewhere in it (or, now and then, nothing). */
const badLit = (r: Rng) => lit(r, randText(r)).replace(/^"(.*)"$/s, (_, body: string) => ((i) => `"${body.slice(0, i)}${pick(r, BAD)}${body.slice(i)}"`)(int(r, body.length + 1)));

const NUMBERS = ['0', '-0', '1', '1700000000', '1e3', '1E+3', '1.5', '0.0', '-12', '12345678901234567890', '-12345678901234567890', '9007199254740993', `1${'0'.repeat(400)}`];
const number = (r: Rng) => (chance(r, 0.95) ? pick(r, NUMBERS) : pick(r, ['00', '+1', '0x10', '-', '1.']));
const ws = (r: Rng) => (chance(r, 0.9) ? '' : pick(r, [' ', '\t', '  ', ' ', '\t', '\n']));

type Pair = [key: string, value: string];
const obj = (r: Rng, pairs: Pair[], spaced: boolean) =>
  `{${pairs.map(([k, v]) => (spaced ? `${ws(r)}${k}${ws(r)}:${ws(r)}${v}${ws(r)}` : `${k}:${v}`)).join(',')}}`;

/** One chunk's data: the shape `userturn sim` sends (some optional fields left out), then maybe mutated. */
function chunkData(r: Rng): string {
  const k = (name: string) => (chance(r, 0.995) ? `"${name}"` : `"${hex4(r, name[0]!)}${name.slice(1)}"`);
  const str = () => lit(r, randText(r));
  const finish = () => pick(r, ['null', 'null', 'null', 'null', 'null', '""', '"stop"', '"length"', '"abort"', '"eos_token"', lit(r, 'stop'), '1', 'false']);
  const choice: Pair[] = [[k('index'), '0'], [k('text'), str()], [k('logprobs'), 'null'], [k('finish_reason'), finish()]];
  // SGLang's matched_stop (null but on a stopped chunk), or vLLM's stop_reason.
  if (chance(r, 0.3)) choice.push([k('matched_stop'), pick(r, ['null', 'null', 'null', '"<|im_end|>"', '151645'])]);
  else if (chance(r, 0.8)) choice.push([k('stop_reason'), 'null']);
  if (chance(r, 0.7)) choice.push([k('prompt_token_ids'), 'null'], [k('token_ids'), 'null']);
  const top: Pair[] = [[k('id'), chance(r, 0.96) ? pick(r, ['"cmpl-sim"', '"cmpl-0123456789abcdef0123456789abcdef"', str()]) : pick(r, ['null', '7', '""'])], [k('object'), chance(r, 0.98) ? '"text_completion"' : pick(r, ['"chat.completion"', lit(r, 'text_completion')])], [k('created'), chance(r, 0.7) ? '0' : number(r)], [k('model'), chance(r, 0.96) ? pick(r, ['"m"', '"Qwen/Qwen3-8B-Instruct"', str()]) : pick(r, ['null', '1'])]];
  const choices = (): string => `[${obj(r, choice, false)}]`;
  top.push([k('choices'), '']);
  if (chance(r, 0.8)) top.push([k('usage'), 'null']);
  let spaced = false;
  let tail = '';
  // Mutations, none for most chunks.
  for (let n = chance(r, 0.6) ? 0 : 1 + int(r, 3); n > 0; n--) {
    const m = int(r, 20);
    if (m === 0) spaced = true;
    else if (m === 1) shuffle(r, top);
    else if (m === 2) shuffle(r, choice);
    else if (m === 3) choice.splice(int(r, choice.length + 1), 0, [k('text'), pick(r, [str(), '1', 'null'])]);
    else if (m === 4) top.splice(int(r, top.length + 1), 0, [k(pick(r, ['id', 'model', 'created', 'system_fingerprint', 'usage', '__proto__', 'extra'])), pick(r, [str(), 'null', number(r), '{"id":"x"}'])]);
    else if (m === 5) choice[0] = [k('index'), pick(r, ['1', '-0', '0.0', '"0"', 'null', '2', '1e0'])];
    else if (m === 6) choice[1] = [k('text'), pick(r, ['1', 'null', 'true', '["a"]', '{"text":"a"}', '""'])];
    else if (m === 7) top.push([k('usage'), '{"prompt_tokens":3,"completion_tokens":5,"total_tokens":8}']);
    else if (m === 8) return pick(r, ['{"error":{"message":"oom"}}', '{"error":"bad"}', `{"error":{"code":500,"message":${str()}}}`, '{"error":{"code":1}}', '{"error":null,"choices":[]}', '{"error":[]}']);
    else if (m === 9) choice.push([k('finish_reason'), finish()]);
    else if (m === 10) choice[2] = [k('logprobs'), '{"tokens":["a"],"token_logprobs":[-0.1]}'];
    else if (m === 11) top.push([k('choices'), pick(r, ['[]', 'null', `[${obj(r, [[k('index'), '1'], [k('text'), str()]], false)}]`])]);
    else if (m === 12) choice.push([k('stop_reason'), pick(r, ['"</s>"', '42', 'null'])]);
    else if (m === 13) top.push([k('usage'), pick(r, ['null', '{}', '0'])]);
    else if (m === 14) choice.splice(int(r, choice.length), 1);
    else if (m === 15) top.splice(int(r, top.length), 1);
    else if (m === 16) choice[1] = [k('text'), badLit(r)];
    else if (m === 17) top[pick(r, [0, 3])] = [k(pick(r, ['id', 'model'])), badLit(r)];
    else if (m === 18) choice[3] = [k('finish_reason'), badLit(r)];
    else tail = pick(r, [' ', '\t', '}', ']', 'x', ',', '{}', ' null']);
  }
  const data = obj(r, top.map(([key, v]) => [key, v === '' ? choices() : v]), spaced) + tail;
  return chance(r, 0.03) ? data.slice(0, int(r, data.length)) : data;
}

/** A whole stream: chunks, maybe a usage chunk, [DONE] (mostly), with comments and other fields, in some line ends. */
function stream(r: Rng): string {
  const events: string[] = [];
  for (let n = 1 + int(r, 6); n > 0; n--) {
    const data = chunkData(r);
    const v = int(r, 20);
    if (v === 0) events.push(`: keep-alive\ndata: ${data}`);
    else if (v === 1) events.push(`event: message\ndata:${data}`);
    else if (v === 2) events.push(`data:${data.replace(/,"/g, ',\ndata: "')}`);
    else if (v === 3) events.push(': ping');
    else events.push(`data: ${data}`);
  }
  if (chance(r, 0.3)) events.push('data: {"id":"cmpl-sim","object":"text_completion","created":0,"model":"m","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}');
  if (chance(r, 0.9)) events.push('data: [DONE]');
  if (chance(r, 0.1)) events.push(`data: ${chunkData(r)}`);
  const body = events.map((e) => `${e}\n\n`).join('');
  const eol = int(r, 6);
  return eol === 0 ? body.replace(/\n/g, '\r\n') : eol === 1 ? body.replace(/\n/g, '\r') : body;
}

/** The body's bytes cut at random points (inside a character's UTF-8 bytes too). */
function pieces(r: Rng, body: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(body);
  const cuts = chance(r, 0.05) ? Array.from({ length: bytes.length - 1 }, (_, i) => i + 1) : Array.from({ length: int(r, 6) }, () => int(r, bytes.length + 1)).sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const c of [...cuts, bytes.length]) {
    out.push(bytes.subarray(from, c));
    from = c;
  }
  return out;
}

/** What a reader makes of the pieces: its answer and the answer's key order, or its error and the push it came at. */
function read(fastPath: boolean, ps: Uint8Array[]) {
  const reader = createSseCompletionReader({ fastPath });
  let at = 0;
  try {
    for (; at < ps.length; at++) reader.push(ps[at]!);
    const out = reader.end();
    return { out, keys: Object.keys(out) };
  } catch (e) {
    const err = e as Error & { kind?: string };
    return { error: err.constructor.name, kind: err.kind, message: err.message, at };
  }
}

describe('sse-fast-chunk: the fast path reads what JSON.parse reads', () => {
  it(`${STREAMS} generated streams give the same answer or error with and without it (base seed ${BASE_SEED})`, () => {
    let fast = 0;
    let slow = 0;
    for (let i = 0; i < STREAMS; i++) {
      const seed = BASE_SEED + i;
      const r = mulberry32(seed);
      const body = stream(r);
      const ps = pieces(r, body);
      const want = read(false, ps);
      const got = read(true, ps);
      assert.deepStrictEqual(got, want, `seed ${seed} (SSE_FUZZ_SEED=${seed} SSE_FUZZ_N=1): body ${JSON.stringify(body)}`);
      for (const e of body.replace(/\r\n?/g, '\n').split('\n\n')) {
        if (!e.startsWith('data: {') || e.includes('\n')) continue;
        if (fastChunk(e.slice(6), true)) fast++;
        else slow++;
      }
    }
    // The streams must exercise both paths, or the comparison proves nothing.
    assert.ok(fast > STREAMS / 2 && slow > STREAMS / 2, `fast path taken for ${fast} chunks, not for ${slow}`);
  });

  it('chunks of the simulator\'s shape with escapes, surrogates and finish reasons are taken by the fast path', () => {
    const text = 'a"b\\c/\n\t\u0000\u2028é中😀\ud800</script>';
    const sim = (t: string, finish: string | null) => JSON.stringify({ id: 'cmpl-sim', object: 'text_completion', created: 0, model: 'Qwen/Qwen3-8B-Instruct', choices: [{ index: 0, text: t, logprobs: null, finish_reason: finish, stop_reason: null, prompt_token_ids: null, token_ids: null }], usage: null });
    assert.deepStrictEqual(fastChunk(sim(text, 'stop'), true), { id: 'cmpl-sim', created: 0, model: 'Qwen/Qwen3-8B-Instruct', text, finish: 'stop' });
    assert.deepStrictEqual(fastChunk(sim(text.repeat(40), null), false), { text: text.repeat(40), finish: null });
    for (const created of ['12345678901234567890', '-0', '9007199254740993', `1${'0'.repeat(400)}`]) {
      const data = sim('x', null).replace('"created":0', `"created":${created}`);
      assert.ok(Object.is(fastChunk(data, true)?.created, JSON.parse(data).created), created);
    }
  });

  it('SGLang\'s chunks (matched_stop where vLLM writes stop_reason) are taken by the fast path; one naming a matched stop is parsed', () => {
    const sglang = (finish: string | null, matched: string | number | null) => JSON.stringify({ id: 'cmpl-0a1b', object: 'text_completion', created: 1764230400, model: 'Qwen/Qwen3-8B', choices: [{ index: 0, text: ' Why', logprobs: null, finish_reason: finish, matched_stop: matched }], usage: null });
    assert.deepStrictEqual(fastChunk(sglang(null, null), true), { id: 'cmpl-0a1b', created: 1764230400, model: 'Qwen/Qwen3-8B', text: ' Why', finish: null });
    assert.deepStrictEqual(fastChunk(sglang('length', null), false), { text: ' Why', finish: 'length' });
    for (const matched of ['<|im_end|>', 151645]) assert.equal(fastChunk(sglang('stop', matched), true), undefined, String(matched));
  });

  it('a chunk too long for the pattern\'s backtracking stack is read (by JSON.parse) instead of throwing a RangeError', () => {
    const text = 'é'.repeat(1_200_000);
    const data = JSON.stringify({ id: 'c', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text, logprobs: null, finish_reason: 'stop' }], usage: null }).replace(/é/g, '\\u00e9');
    const reader = createSseCompletionReader();
    reader.push(new TextEncoder().encode(`data: ${data}\n\ndata: [DONE]\n\n`));
    assert.equal((reader.end().choices as Array<{ text: string }>)[0]!.text, text);
  });
});
