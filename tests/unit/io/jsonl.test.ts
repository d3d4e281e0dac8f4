import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jsonLine, jsonlLines, jsonlText, jsonlTextLines, MAX_JSONL_LINE_CHARS } from '../../../src/lib/io/jsonl.ts';
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

  it('refuses a line as soon as it passes the limit, having read little more than the limit (not the whole line)', async () => {
    const CHUNK = 64 * 1024;
    let pulled = 0;
    // 16 MiB without a newline, then one ordinary line: the review's 95 MB line took 37.6 s and 1.08 GB.
    async function* source(): AsyncGenerator<Buffer> {
      const x = Buffer.alloc(CHUNK, 'x');
      for (let i = 0; i < 256; i++) {
        pulled += x.length;
        yield x;
      }
      pulled += 10;
      yield Buffer.from('\n{"a":1}\n');
    }
    const lines = jsonlLines(source());
    const first = (await lines.next()).value!;
    assert.equal(first.line, 1);
    assert.ok(first.text.length > MAX_JSONL_LINE_CHARS, 'the caller sees a line over the limit');
    assert.ok(first.text.length <= MAX_JSONL_LINE_CHARS + 1, 'and no more of it than tells so');
    assert.ok(pulled <= MAX_JSONL_LINE_CHARS + 2 * CHUNK, `read ${pulled} bytes before the refusal`);
    // The rest of the line is skipped, not kept; the lines after it are read as ever.
    assert.deepEqual((await lines.next()).value, { line: 2, text: '{"a":1}' });
    assert.equal((await lines.next()).done, true);
  });

  it('a line over the limit that ends in the same chunk, and a line of exactly the limit', async () => {
    const long = 'y'.repeat(MAX_JSONL_LINE_CHARS + 5);
    const exact = 'z'.repeat(MAX_JSONL_LINE_CHARS);
    const got = [];
    for await (const l of jsonlLines([`${long}\n${exact}\r\n\nlast`])) got.push([l.line, l.text.length, l.text[0]]);
    assert.deepEqual(got, [[1, MAX_JSONL_LINE_CHARS + 1, 'y'], [2, MAX_JSONL_LINE_CHARS, 'z'], [4, 4, 'l']]);
  });
});
