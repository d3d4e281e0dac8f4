import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jsonLine, jsonlLines, jsonlText, jsonlTextLines } from '../../../src/lib/io/jsonl.ts';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';

/** Code units that break naive line handling: separators, controls, bidi, BOM, NUL, lone surrogates. */
const NASTY = ['\u2028', '\u2029', '\n', '\r', '\r\n', '\u0085', '\u000b', '\u000c', '\u0000', '\u202e', '\u2066', '\u200f', '\ufeff', '\ud800', '\udfff', '\ud83d\ude00', '"', '\\', '\u001b[31m'];

function randomString(rand: () => number, max: number): string {
  let s = '';
  const n = Math.floor(rand() * max);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.3) s += NASTY[Math.floor(rand() * NASTY.length)];
    else if (r < 0.6) s += String.fromCharCode(Math.floor(rand() * 0x10000)); // any code unit, surrogates included
    else {
      const cp = Math.floor(rand() * 0x110000); // any code point; the surrogate range is covered above
      s += String.fromCodePoint(cp >= 0xd800 && cp <= 0xdfff ? 0x41 : cp);
    }
  }
  return s;
}

/** The file as a stream of Buffers cut at random byte offsets (inside multi-byte characters too). */
async function* chunked(buf: Buffer, rand: () => number): AsyncGenerator<Buffer> {
  let i = 0;
  while (i < buf.length) {
    const n = 1 + Math.floor(rand() * 64);
    yield buf.subarray(i, i + n);
    i += n;
  }
}

describe('JSONL: one writer and one reader', () => {
  it('writes U+2028 and U+2029 escaped, so no line reader can split a value', () => {
    const line = jsonLine({ t: 'a\u2028b\u2029c' });
    assert.equal(line, '{"t":"a\\u2028b\\u2029c"}');
    assert.ok(!/[\u2028\u2029\n\r]/.test(line));
  });

  it('property: arbitrary Unicode (lone surrogates, NUL, bidi, U+2028/9, CR/LF) survives write → chunked read → parse', async () => {
    const rand = mulberry32(20261123);
    for (let round = 0; round < 200; round++) {
      const values = Array.from({ length: 1 + Math.floor(rand() * 8) }, (_, i) => ({ id: `s${i}`, text: randomString(rand, 60), [randomString(rand, 5)]: randomString(rand, 20) }));
      const text = jsonlText(values);
      assert.equal(text.split('\n').length, values.length + 1, 'one physical line per value');
      // JSON.stringify turns lone surrogates into \\u escapes, so the UTF-8 bytes decode back to the same text.
      const read: unknown[] = [];
      for await (const l of jsonlLines(chunked(Buffer.from(text, 'utf8'), rand))) read.push(JSON.parse(l.text));
      assert.deepEqual(read, values);
      assert.deepEqual(jsonlTextLines(text).map((l) => JSON.parse(l.text)), values);
    }
  });

  it('reads a file written by an older writer with raw U+2028 in a value as one line (readline split it in two)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-jsonl-'));
    const file = join(dir, 'old.jsonl');
    await writeFile(file, `${JSON.stringify({ t: 'x\u2028y' })}\r\n\n${JSON.stringify({ t: 'z\u2029' })}\n`);
    const lines = [];
    for await (const l of jsonlLines(createReadStream(file))) lines.push(l);
    assert.deepEqual(lines.map((l) => l.line), [1, 3]);
    assert.deepEqual(lines.map((l) => JSON.parse(l.text).t), ['x\u2028y', 'z\u2029']);
  });
});
