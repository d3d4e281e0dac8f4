/**
 * What a chat template needs from a GGUF file's metadata: tokenizer.chat_template, and the texts of the BOS and EOS
 * tokens (tokenizer.ggml.bos_token_id / eos_token_id in tokenizer.ggml.tokens). Written from the spec, ggml-org/ggml
 * docs/gguf.md at 01f0d4da3e444ca2bfe705e72adab08a4394bb1d: "GGUF", version (uint32), tensor_count and
 * metadata_kv_count (uint64), then the key/value pairs (key: uint64 length + UTF-8; value type: uint32; the value).
 *
 * Hand-written rather than @huggingface/gguf 0.4.6: that library parses a value again from its start after every
 * 2 MB range it fetches (quadratic: a 40 MB header of nested uint8 arrays took 18.7 s and 1.2 GB), builds every value
 * it meets, and pads a short read with zeros, so a truncated file reads as one. Here every other value is skipped
 * without being built (by arithmetic for fixed-size types, by its length for a string), nothing is read twice, each
 * length is checked against the file's end, and counts, lengths and nesting are bounded. The tensor infos after the
 * metadata are not read.
 */
import { GgufHeaderError, type GgufSource } from './gguf-source.ts';

export const GGUF_BOUNDS = {
  /** The spec's own limit for a key. */
  keyBytes: 65_535,
  /** A string kept whole (the template, a token); real templates are tens of KB. */
  keptString: 10_000_000,
  /** Elements of one array; a real vocabulary has up to ~262k tokens, its merges fewer. */
  arrayItems: 2 ** 24,
  /** Arrays within arrays; real headers have none. */
  depth: 4,
  kvCount: 100_000,
};

export interface GgufChatMetadata {
  template: string | null;
  bos_token: string | null;
  eos_token: string | null;
}

const T = { STRING: 8, ARRAY: 9 } as const;
/** Bytes of each fixed-size value type (uint8 … float64; 7 is bool). */
const SIZE: Record<number, 1 | 2 | 4 | 8> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const INTEGER = new Set([0, 1, 2, 3, 4, 5, 10, 11]);
const SIGNED = new Set([1, 3, 5, 11]);

const KEY = { template: 'tokenizer.chat_template', tokens: 'tokenizer.ggml.tokens', bos: 'tokenizer.ggml.bos_token_id', eos: 'tokenizer.ggml.eos_token_id' };

const text = new TextDecoder();
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const num = (v: bigint) => (v > SAFE ? Number.MAX_SAFE_INTEGER : Number(v));

/** The token texts kept from tokenizer.ggml.tokens: all of them, packed, when the ids are not known yet. */
class TokenTexts {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  /** Where each text ends in `bytes` (grown as texts come: the array's count is the file's claim). */
  private readonly ends: number[] = [];
  private readonly only = new Map<number, string>();
  /** The ids wanted, when they came before the array; null: keep every text. */
  private readonly wanted: ReadonlySet<number> | null;
  constructor(wanted: ReadonlySet<number> | null) {
    this.wanted = wanted;
  }
  keep(i: number, b: Uint8Array): void {
    if (this.wanted !== null) return void this.only.set(i, text.decode(b));
    if (this.used + b.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + b.length));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(b, this.used);
    this.used += b.length;
    this.ends[i] = this.used;
  }
  at(id: bigint | null): string | null {
    if (id === null || id < 0n) return null;
    const i = num(id);
    if (this.wanted !== null) return this.only.get(i) ?? null;
    return i < this.ends.length ? text.decode(this.bytes.subarray(i === 0 ? 0 : this.ends[i - 1], this.ends[i])) : null;
  }
}

export async function readGgufChatMetadata(src: GgufSource): Promise<GgufChatMetadata> {
  const magic = await src.bytes(4);
  if (text.decode(magic) !== 'GGUF') throw new GgufHeaderError(`not a GGUF file: it starts with bytes ${Buffer.from(magic).toString('hex')}, not "GGUF"`);
  src.context = 'the version';
  const version = await src.u32();
  if (version !== 2 && version !== 3) {
    // Big-endian files have no marker (the spec); their version reads with its bytes swapped, as gguf-py detects them.
    const swapped = ((version & 0xff) << 24) | ((version & 0xff00) << 8) | ((version >>> 8) & 0xff00) | (version >>> 24);
    if (version % 65536 === 0 && swapped >= 1 && swapped <= 3) throw new GgufHeaderError(`a big-endian GGUF file (version ${swapped}), which llama.cpp and Ollama on little-endian hosts do not load; only little-endian files are read`);
    throw new GgufHeaderError(`GGUF version ${version}: only versions 2 and 3 are read`);
  }
  src.context = 'the tensor and key/value counts';
  await src.u64(); // tensor_count: the tensor infos are not read
  const kvCount = await src.u64();
  if (kvCount > BigInt(GGUF_BOUNDS.kvCount)) throw new GgufHeaderError(`too large: ${kvCount} key/value pairs, more than ${GGUF_BOUNDS.kvCount}`);

  let template: string | null = null;
  const ids: { bos: bigint | null; eos: bigint | null } = { bos: null, eos: null };
  let tokens: TokenTexts | null = null;
  for (let i = 0; i < Number(kvCount); i++) {
    src.context = `the key of key/value pair ${i}`;
    const keyAt = src.pos;
    const keyLen = await src.u64();
    if (keyLen > BigInt(GGUF_BOUNDS.keyBytes)) throw new GgufHeaderError(`too large: the key of key/value pair ${i} at byte ${keyAt} is ${keyLen} bytes long, more than the spec's ${GGUF_BOUNDS.keyBytes}`);
    src.claim(Number(keyLen), keyLen, keyAt);
    const key = text.decode(await src.bytes(Number(keyLen)));
    src.context = `the value of ${key}`;
    const type = await src.u32();
    if (key === KEY.template && type === T.STRING) template = await keptString(src);
    else if ((key === KEY.bos || key === KEY.eos) && INTEGER.has(type)) ids[key === KEY.bos ? 'bos' : 'eos'] = await src.int(SIZE[type]!, SIGNED.has(type));
    else if (key === KEY.tokens && type === T.ARRAY) tokens = await readTokens(src, ids);
    else await skipValue(src, type, 0);
  }
  src.context = 'the last key/value pair';
  await src.confirm();
  return { template, bos_token: tokens?.at(ids.bos) ?? null, eos_token: tokens?.at(ids.eos) ?? null };
}

async function keptString(src: GgufSource): Promise<string> {
  const at = src.pos;
  const len = await src.u64();
  src.claim(num(len), len, at); // past the file's end: a length that lies (checked before the bound below)
  if (len > BigInt(GGUF_BOUNDS.keptString)) throw new GgufHeaderError(`too large: ${src.context} at byte ${at} is a string of ${len} bytes, more than ${GGUF_BOUNDS.keptString}`);
  return text.decode(await src.bytes(Number(len)));
}

async function arrayHead(src: GgufSource, depth: number): Promise<{ of: number; count: number }> {
  const at = src.pos;
  if (depth >= GGUF_BOUNDS.depth) throw new GgufHeaderError(`too deep: ${src.context} at byte ${at} has arrays nested more than ${GGUF_BOUNDS.depth} deep`);
  const of = await src.u32();
  if (!(of in SIZE) && of !== T.STRING && of !== T.ARRAY) throw new GgufHeaderError(`corrupt: ${src.context} at byte ${at} is an array of unknown value type ${of} (0-12 are defined)`);
  const count = await src.u64();
  if (count > BigInt(GGUF_BOUNDS.arrayItems)) throw new GgufHeaderError(`too large: ${src.context} at byte ${at} is an array of ${count} elements, more than ${GGUF_BOUNDS.arrayItems}`);
  return { of, count: Number(count) };
}

/** Moves past a value of `type` without building it. */
async function skipValue(src: GgufSource, type: number, depth: number): Promise<void> {
  const size = SIZE[type];
  if (size !== undefined) return src.skip(size);
  if (type === T.STRING) {
    const at = src.pos;
    const len = await src.u64();
    return src.skip(num(len), len, at);
  }
  if (type !== T.ARRAY) throw new GgufHeaderError(`corrupt: ${src.context} at byte ${src.pos - 4} has unknown value type ${type} (0-12 are defined)`);
  const at = src.pos;
  const { of, count } = await arrayHead(src, depth);
  const each = SIZE[of];
  if (each !== undefined) return src.skip(count * each, count * each, at);
  for (let i = 0; i < count; i++) await skipValue(src, of, depth + 1);
}

/** tokenizer.ggml.tokens: the texts at the BOS and EOS ids if those came first, else every text, packed. */
async function readTokens(src: GgufSource, ids: { bos: bigint | null; eos: bigint | null }): Promise<TokenTexts | null> {
  const at = src.pos;
  const { of, count } = await arrayHead(src, 0);
  if (of !== T.STRING) {
    const each = SIZE[of];
    if (each !== undefined) src.skip(count * each, count * each, at);
    else for (let i = 0; i < count; i++) await skipValue(src, of, 1);
    return null;
  }
  const wanted = ids.bos !== null && ids.eos !== null ? new Set([num(ids.bos), num(ids.eos)]) : null;
  const kept = new TokenTexts(wanted);
  for (let i = 0; i < count; i++) {
    if (wanted === null || wanted.has(i)) {
      const at = src.pos;
      const len = await src.u64();
      src.claim(num(len), len, at);
      if (len > BigInt(GGUF_BOUNDS.keptString)) throw new GgufHeaderError(`too large: ${src.context} at byte ${at} has a token of ${len} bytes`);
      kept.keep(i, await src.bytes(Number(len)));
    } else {
      const at = src.pos;
      const len = await src.u64();
      src.skip(num(len), len, at);
    }
  }
  return kept;
}
