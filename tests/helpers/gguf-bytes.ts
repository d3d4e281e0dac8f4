/**
 * GGUF files written by hand from the spec (ggml-org/ggml docs/gguf.md), so the reader is tested against bytes it
 * did not write: "GGUF", version 3, tensor count and key/value count (uint64), the key/value pairs (a string key, a
 * uint32 value type, the value), the tensor infos, padding to 32 bytes, then the tensor data.
 */
export type Value =
  | { type: 'u32'; value: number }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  /** Any value as its type code and bytes (arrays of arrays, lengths that lie). */
  | { type: 'raw'; code: number; bytes: Buffer };

export const u32 = (n: number) => Buffer.from(new Uint32Array([n]).buffer);
export const u64 = (n: number | bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
const str = (s: string) => {
  const bytes = Buffer.from(s, 'utf8');
  return Buffer.concat([u64(bytes.length), bytes]);
};

function value(v: Value): Buffer {
  if (v.type === 'u32') return Buffer.concat([u32(4), u32(v.value)]);
  if (v.type === 'string') return Buffer.concat([u32(8), str(v.value)]);
  if (v.type === 'raw') return Buffer.concat([u32(v.code), v.bytes]);
  return Buffer.concat([u32(9), u32(8), u64(v.value.length), ...v.value.map(str)]);
}

export interface GgufLayout {
  bytes: Buffer;
  /** Where the length (uint64) of the value of tokenizer.chat_template starts. */
  templateLengthAt: number;
  /** The end of the tensor infos (before padding). */
  headerEnd: number;
}

/** An array's bytes after its value type 9: the element type, the count, the elements. */
export const arrayBody = (of: number, count: number | bigint, elements: Buffer[]) => Buffer.concat([u32(of), u64(count), ...elements]);

/** A GGUF file: the metadata given, one tensor of `dataBytes` bytes (zeros). */
export function ggufFile(kv: Array<[string, Value]>, dataBytes = 1024): GgufLayout {
  const parts: Buffer[] = [Buffer.from('GGUF'), u32(3), u64(1), u64(kv.length)];
  let templateLengthAt = -1;
  for (const [k, v] of kv) {
    parts.push(str(k));
    if (k === 'tokenizer.chat_template') templateLengthAt = parts.reduce((n, p) => n + p.length, 0) + 4;
    parts.push(value(v));
  }
  parts.push(str('token_embd.weight'), u32(1), u64(dataBytes), u32(24 /* GGML_TYPE_I8 */), u64(0));
  const headerEnd = parts.reduce((n, p) => n + p.length, 0);
  const pad = (32 - (headerEnd % 32)) % 32;
  return { bytes: Buffer.concat([...parts, Buffer.alloc(pad), Buffer.alloc(dataBytes)]), templateLengthAt, headerEnd };
}

/** The metadata llama.cpp's converter writes for a chat model, with `vocab` tokens (a real vocabulary is 128-262k). */
export function chatModelGguf(template: string, special: { bos: string; eos: string }, vocab = 200_000, dataBytes = 1024, opts: { idsFirst?: boolean; before?: Array<[string, Value]> } = {}): GgufLayout {
  const tokens = Array.from({ length: vocab }, (_, i) => `tok${i}`);
  tokens[vocab - 2] = special.bos;
  tokens[vocab - 1] = special.eos;
  const ids: Array<[string, Value]> = [
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: vocab - 2 }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: vocab - 1 }],
  ];
  const vocabKv: Array<[string, Value]> = [['tokenizer.ggml.tokens', { type: 'strings', value: tokens }]];
  return ggufFile(
    [
      ['general.architecture', { type: 'string', value: 'llama' }],
      ['general.name', { type: 'string', value: 'Test Model' }],
      ...(opts.before ?? []),
      ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
      // llama.cpp's converter writes the ids after the tokens
      ...(opts.idsFirst ? [...ids, ...vocabKv] : [...vocabKv, ...ids]),
      ['tokenizer.chat_template', { type: 'string', value: template }],
    ],
    dataBytes,
  );
}
