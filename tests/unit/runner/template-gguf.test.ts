import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { readGgufTemplate } from '../../../runners/hub/gguf-template.ts';
import { RANGE_LIMITS } from '../../../runners/hub/gguf-range-fetch.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';
import { renderTemplate } from '../../../runners/templates/render.ts';
import { startFakeGgufHub, type FakeFile, type FakeGgufHub } from '../../helpers/fake-gguf-hub.ts';
import { withEnv } from '../../helpers/fake-hub.ts';
import { arrayBody, chatModelGguf, ggufFile, u32, u64, type Value } from '../../helpers/gguf-bytes.ts';
import { glmFixture, realTemplatesDir } from '../../helpers/real-templates.ts';

/**
 * A GGUF repository (unsloth/…-GGUF and the like) often has neither chat_template.jinja nor tokenizer_config.json:
 * llama.cpp and Ollama take the template from the GGUF file's metadata, and so does the runner, reading only the
 * header in ranges. Over real HTTP against a stand-in Hub serving GGUF files written from the spec.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const dir = realTemplatesDir();
const REPO = 'Org/Model-GGUF';
const REV = 'b'.repeat(40);
const LLAMA = { bos: '<|begin_of_text|>', eos: '<|eot_id|>' };
// Llama 3.1's real template (it writes BOS); without ../shared/templates, the project's GLM-style fixture.
const template = await readFile(dir === null ? glmFixture : join(dir, 'llama3.1.jinja'), 'utf8');
const MESSAGES = [
  { role: 'user' as const, content: 'What is 12 * 3?' },
  { role: 'assistant' as const, content: '36.' },
  { role: 'user' as const, content: 'Thanks' },
];
const KW = { date_string: '26 Jul 2024' };

const sub = (chatTemplate: Record<string, unknown> = { source: 'hub' }, serving: Record<string, unknown> = { engine: 'llamacpp', gguf_quant: 'Q4_K_M' }) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo: REPO, revision: REV }, params: { total_b: 8, active_b: 8 }, license: 'x',
    chat_template: chatTemplate, serving: { max_model_len: 4096, ...serving }, submitter: { github: 'me' },
  });

const tmp = () => mkdtemp(join(tmpdir(), 'ut-gguf-'));

async function withGgufHub<T>(files: Record<string, FakeFile>, fn: (hub: FakeGgufHub) => Promise<T>, extra: { ignoreRange?: boolean; env?: Record<string, string>; cdn?: string } = {}): Promise<T> {
  const hub = await startFakeGgufHub({ repo: REPO, revision: REV, commit: REV, files, ignoreRange: extra.ignoreRange, cdn: extra.cdn });
  try {
    return await withEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined, ...extra.env }, () => fn(hub));
  } finally {
    await hub.close();
  }
}

/** A model file of 3 MB of header (200k tokens: more than one 2 MB range) and `size` bytes in all. */
const model = (size = 64 * 2 ** 20): FakeFile => ({ bytes: chatModelGguf(template, LLAMA).bytes, size });

describe('chat templates of GGUF submissions, from the GGUF file (llama.cpp, Ollama)', () => {
  it('a repository without template files: the template, BOS and EOS of the quantisation\'s GGUF header, read in ranges and cached', async () => {
    const cacheDir = await tmp();
    const files = { 'Model-Q4_K_M.gguf': model(), 'Model-Q8_0.gguf': model(), 'README.md': { bytes: Buffer.from('# model') } };
    await withGgufHub(files, async (hub) => {
      const t = await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.equal(t.template.source, `hub:${REPO}@${REV}/Model-Q4_K_M.gguf`);
      assert.equal(t.template.bos_token, LLAMA.bos);
      assert.equal(t.template.eos_token, LLAMA.eos);
      const expected = renderTemplate({ source: 'x', template, bos_token: LLAMA.bos, eos_token: LLAMA.eos }, MESSAGES, false, KW);
      if (dir !== null) assert.ok(expected.startsWith(LLAMA.bos), 'the real Llama 3.1 template writes BOS');
      assert.equal(renderTemplate(t.template, MESSAGES, false, KW), expected);
      const gguf = hub.seen.filter((s) => s.url.endsWith('.gguf'));
      assert.ok(gguf.length >= 2, 'the 3 MB header took more than one range');
      assert.ok(gguf.every((s) => s.url === `/${REPO}/resolve/${REV}/Model-Q4_K_M.gguf` && /^bytes=\d+-\d+$/.test(s.range ?? '')), JSON.stringify(gguf));
      assert.ok(hub.sent() < 16 * 2 ** 20, `${hub.sent()} bytes of a 64 MiB file sent`);

      const n = hub.seen.length;
      const again = await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.equal(again.sha256, t.sha256);
      assert.equal(hub.seen.length, n, 'the rerun asked nothing');
    });
    // No server at all: HF_HUB_OFFLINE reads the same from the cache.
    const offline = await withEnv({ HF_HUB_OFFLINE: '1', HF_ENDPOINT: 'http://127.0.0.1:9' }, () => loadSubmissionTemplate(sub(), { root, cacheDir }));
    assert.equal(offline.template.source, `hub:${REPO}@${REV}/Model-Q4_K_M.gguf`);
    assert.equal(offline.template.template, template);
  });

  it('a split model: the first part holds the metadata; the quantisation is matched whatever its case, in a folder; Ollama too; HF_TOKEN goes with every request', async () => {
    const files = { 'Q8_0/Model-Q8_0-00001-of-00002.gguf': model(), 'Q8_0/Model-Q8_0-00002-of-00002.gguf': { bytes: Buffer.alloc(64) }, 'mmproj-Model-Q8_0.gguf': { bytes: Buffer.alloc(64) } };
    await withGgufHub(files, async (hub) => {
      const t = await loadSubmissionTemplate(sub({ source: 'hub' }, { engine: 'ollama', gguf_quant: 'q8_0' }), { root, cacheDir: await tmp() });
      assert.equal(t.template.source, `hub:${REPO}@${REV}/Q8_0/Model-Q8_0-00001-of-00002.gguf`);
      assert.equal(t.template.eos_token, LLAMA.eos);
      assert.ok(hub.seen.every((s) => s.authorization === 'Bearer hf_test_gguf_token'));
    }, { env: { HF_TOKEN: 'hf_test_gguf_token' } });
  });

  it('a GGUF file on a CDN (the Hub answers 302): the ranges follow the redirect, the token stays with the Hub', async () => {
    const files = { 'Model-Q4_K_M.gguf': model() };
    const cdn = await startFakeGgufHub({ repo: REPO, revision: REV, commit: REV, files });
    try {
      await withGgufHub(files, async (hub) => {
        const t = await loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() });
        assert.equal(t.template.template, template);
        assert.ok(hub.seen.length > 0 && hub.seen.every((s) => s.authorization === 'Bearer hf_test_gguf_token'));
        const ranges = cdn.seen.filter((s) => s.range !== undefined);
        assert.ok(ranges.length >= 2, 'the header was read from the CDN');
        assert.ok(cdn.seen.every((s) => s.authorization === undefined), 'no token to the CDN');
      }, { env: { HF_TOKEN: 'hf_test_gguf_token' }, cdn: cdn.url });
    } finally {
      await cdn.close();
    }
  });

  it('file: gguf takes the GGUF file\'s template even where the repository has a tokenizer_config.json', async () => {
    const files = { 'Model-Q4_K_M.gguf': model(), 'tokenizer_config.json': { bytes: Buffer.from(JSON.stringify({ chat_template: 'other', eos_token: '</s>' })) } };
    await withGgufHub(files, async (hub) => {
      const t = await loadSubmissionTemplate(sub({ source: 'hub', file: 'gguf' }), { root, cacheDir: await tmp() });
      assert.equal(t.template.template, template);
      assert.ok(!hub.seen.some((s) => s.url.includes('tokenizer_config.json')), 'not asked for');
      const def = await loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() });
      assert.equal(def.template.template, 'other', 'without file: gguf the repository\'s own file still comes first');
    });
  });

  it('two files for the quantisation, or none: an error naming serving.gguf_quant and the files there are', async () => {
    await withGgufHub({ 'Model-Q4_K_M.gguf': model(), 'v2/Model-Q4_K_M.gguf': model() }, async () => {
      await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() }), (e: Error) => {
        assert.match(e.message, new RegExp(`^${REPO}@${REV}: serving\\.gguf_quant: more than one file matches "Q4_K_M": Model-Q4_K_M\\.gguf, v2/Model-Q4_K_M\\.gguf$`));
        return true;
      });
    });
    await withGgufHub({ 'Model-Q8_0.gguf': model(), 'Model-Q5_K_M.gguf': model() }, async () => {
      await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() }), /serving\.gguf_quant: no file matches "Q4_K_M"; the \.gguf files are Model-Q8_0\.gguf, Model-Q5_K_M\.gguf$/);
    });
  });

  it('a truncated header, or a string length that lies: an error naming the repository and file, nothing cached', async () => {
    const whole = chatModelGguf(template, LLAMA);
    const cut = whole.bytes.subarray(0, whole.templateLengthAt + 100); // in the middle of the template
    const lying = Buffer.from(whole.bytes);
    lying.writeBigUInt64LE(5_000_000n, whole.templateLengthAt); // past the end of a 3 MB file, under the library's string limit
    const huge = Buffer.from(whole.bytes);
    huge.writeBigUInt64LE(2n ** 62n, whole.templateLengthAt);
    for (const [what, bytes] of [['cut', cut], ['lying', lying], ['huge', huge]] as const) {
      const cacheDir = await tmp();
      await withGgufHub({ 'Model-Q4_K_M.gguf': { bytes } }, async () => {
        await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir }), (e: Error) => {
          assert.match(e.message, new RegExp(`^${REPO}@${REV}/Model-Q4_K_M\\.gguf: cannot read the GGUF header: truncated or corrupt.*Pass --template FILE`), `${what}: ${e.message}`);
          return true;
        });
      });
      await assert.rejects(withEnv({ HF_HUB_OFFLINE: '1' }, () => loadSubmissionTemplate(sub(), { root, cacheDir })), /HF_HUB_OFFLINE is set/, `${what}: nothing cached`);
    }
  });

  it('the BOS and EOS ids after the tokens (as llama.cpp writes them) or before: the same token texts', async () => {
    for (const idsFirst of [false, true]) {
      const bytes = chatModelGguf(template, LLAMA, 200_000, 1024, { idsFirst }).bytes;
      await withGgufHub({ 'Model-Q4_K_M.gguf': { bytes } }, async () => {
        const t = await readGgufTemplate({ repo: REPO, revision: REV, quant: 'Q4_K_M', alternative: 'Pass --template FILE' }, { cacheDir: await tmp() });
        assert.deepEqual({ bos: t.bos_token, eos: t.eos_token, template: t.template === template }, { bos: LLAMA.bos, eos: LLAMA.eos, template: true }, `idsFirst ${idsFirst}`);
      });
    }
  });

  it('a hostile header of 40 MB of nested uint8 arrays: read once through, in linear time, holding a range at a time', async () => {
    // 4,000 arrays of 10,000 uint8 in one array, before the tokenizer keys. @huggingface/gguf parsed the value again
    // from its start after each 2 MB range: 18.7 s and 1.2 GB of RSS here; read once through it takes about 1 s.
    const inner = arrayBody(0, 10_000, [Buffer.alloc(10_000, 7)]);
    const nested: Value = { type: 'raw', code: 9, bytes: arrayBody(9, 4_000, Array.from({ length: 4_000 }, () => inner)) };
    const bytes = chatModelGguf(template, LLAMA, 1_000, 1024, { before: [['x.nested', nested]] }).bytes;
    await withGgufHub({ 'Model-Q4_K_M.gguf': { bytes } }, async (hub) => {
      const rss0 = process.resourceUsage().maxRSS * 1024;
      const t0 = performance.now();
      const t = await readGgufTemplate({ repo: REPO, revision: REV, quant: 'Q4_K_M', alternative: 'Pass --template FILE' }, { cacheDir: await tmp() });
      const ms = performance.now() - t0;
      const grew = process.resourceUsage().maxRSS * 1024 - rss0;
      assert.equal(t.template, template);
      assert.equal(t.eos_token, LLAMA.eos);
      assert.ok(hub.sent() <= bytes.length + 2_000_000, `every byte fetched once: ${hub.sent()} sent of ${bytes.length}`);
      // Loose bounds, an order of magnitude from both the old and the new figures (the machine is shared).
      assert.ok(ms < 10_000, `${ms} ms`);
      assert.ok(grew < 500 * 2 ** 20, `peak RSS grew ${grew} bytes`);
    });
  });

  it('a header the reader refuses: each error names the repository, the file, the key, the byte and what is wrong; nothing cached', async () => {
    const small = (kv: Array<[string, Value]>) => ggufFile([['tokenizer.chat_template', { type: 'string', value: template }], ...kv]).bytes;
    const lyingName = chatModelGguf(template, LLAMA, 1_000, 1024, { before: [['general.license', { type: 'string', value: 'mit' }]] });
    const nameAt = lyingName.bytes.indexOf('general.license') + 'general.license'.length + 4;
    lyingName.bytes.writeBigUInt64LE(5_000_000n, nameAt); // a skipped string whose length runs past the file's end
    // The last value, after the first 2 MB range and skipped: nothing is read after it, nor was the file's end seen.
    const blob: Value = { type: 'raw', code: 9, bytes: arrayBody(0, 1_990_000, [Buffer.alloc(1_990_000)]) };
    const lastLies = ggufFile([['tokenizer.chat_template', { type: 'string', value: template }], ['x.blob', blob], ['general.zz', { type: 'raw', code: 8, bytes: u64(5_000_000) }]], 1_000_000).bytes;
    const deep = (levels: number): Value => {
      let body = arrayBody(0, 1, [Buffer.from([1])]);
      for (let i = 1; i < levels; i++) body = arrayBody(9, 1, [body]);
      return { type: 'raw', code: 9, bytes: body };
    };
    const keyAt = ggufFile([['tokenizer.chat_template', { type: 'string', value: template }]]).templateLengthAt + 8 + Buffer.byteLength(template); // pair 1
    const lyingKey = small([['x.k', { type: 'u32', value: 1 }]]);
    lyingKey.writeBigUInt64LE(60_000n, keyAt);
    const bigEndian = small([]);
    bigEndian.writeUInt32BE(3, 4);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['a skipped string whose length lies', lyingName.bytes, new RegExp(`truncated or corrupt: the value of general\\.license at byte ${nameAt} is 5000000 bytes long, past the file's end at byte ${lyingName.bytes.length}\\.`)],
      ['the last value\'s length lies', lastLies, /truncated or corrupt: the value of general\.zz at byte \d+ is 5000000 bytes long, past the file's end \(before byte \d+\)\./],
      ['arrays nested 5 deep', small([['x.deep', deep(5)]]), /too deep: the value of x\.deep at byte \d+ has arrays nested more than 4 deep\./],
      ['an array of 2^25 uint8', small([['x.big', { type: 'raw', code: 9, bytes: arrayBody(0, 2 ** 25, []) }]]), /too large: the value of x\.big at byte \d+ is an array of 33554432 elements, more than 16777216\./],
      ['a key of 70,000 bytes', small([['k'.repeat(70_000), { type: 'u32', value: 1 }]]), new RegExp(`too large: the key of key/value pair 1 at byte ${keyAt} is 70000 bytes long, more than the spec's 65535\\.`)],
      ['a key length that lies', lyingKey, new RegExp(`truncated or corrupt: the key of key/value pair 1 at byte ${keyAt} is 60000 bytes long, past the file's end at byte ${lyingKey.length}\\.`)],
      ['an unknown value type', small([['x.odd', { type: 'raw', code: 13, bytes: u32(0) }]]), /corrupt: the value of x\.odd at byte \d+ has unknown value type 13 \(0-12 are defined\)\./],
      ['version 1', Buffer.concat([Buffer.from('GGUF'), u32(1), small([]).subarray(8)]), /GGUF version 1: only versions 2 and 3 are read\./],
      ['big-endian', bigEndian, /a big-endian GGUF file \(version 3\), which llama\.cpp and Ollama on little-endian hosts do not load/],
      ['not GGUF', Buffer.from('PK\x03\x04 not a model'), /not a GGUF file: it starts with bytes 504b0304, not "GGUF"\./],
    ];
    for (const [what, bytes, said] of cases) {
      const cacheDir = await tmp();
      await withGgufHub({ 'Model-Q4_K_M.gguf': { bytes } }, async () => {
        await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir }), (e: Error) => {
          assert.match(e.message, new RegExp(`^${REPO}@${REV}/Model-Q4_K_M\\.gguf: cannot read the GGUF header: `), `${what}: ${e.message}`);
          assert.match(e.message, said, what);
          assert.match(e.message, /Pass --template FILE/, what);
          return true;
        });
      });
      await assert.rejects(withEnv({ HF_HUB_OFFLINE: '1' }, () => loadSubmissionTemplate(sub(), { root, cacheDir })), /HF_HUB_OFFLINE is set/, `${what}: nothing cached`);
    }
    // Four levels of arrays are read (and skipped).
    await withGgufHub({ 'Model-Q4_K_M.gguf': { bytes: small([['x.deep', deep(4)]]) } }, async () => {
      assert.equal((await loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() })).template.template, template);
    });
  });

  it('a server that ignores Range and answers 200 with the whole file (8 GiB): the header is read, the rest is never downloaded', async () => {
    const t0 = performance.now();
    await withGgufHub({ 'Model-Q4_K_M.gguf': model(8 * 2 ** 30) }, async (hub) => {
      const t = await loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() });
      assert.equal(t.template.template, template);
      assert.ok(hub.sent() < 256 * 2 ** 20, `${hub.sent()} bytes sent`);
    }, { ignoreRange: true });
    assert.ok(performance.now() - t0 < 20_000);
  });

  it('a server that stalls in the middle of a range, or drops the connection: the error says the network failed, not that the file is corrupt', async () => {
    for (const how of ['stall', 'drop'] as const) {
      const server = createServer((req, res) => {
        if (req.url!.startsWith('/api/models/')) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ type: 'file', path: 'Model-Q4_K_M.gguf', size: 2 ** 30, oid: '0'.repeat(40) }]));
        if (how === 'drop') return void req.socket.destroy();
        res.writeHead(206, { 'content-range': `bytes 0-1999999/${2 ** 30}` }).write('GGUF'); // and nothing more
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const env = { HF_ENDPOINT: url, HF_TOKEN_PATH: '/nonexistent/userturn-test/token' };
        const t0 = performance.now();
        await assert.rejects(readGgufTemplate({ repo: REPO, revision: REV, quant: 'Q4_K_M', alternative: 'Pass --template FILE' }, { cacheDir: await tmp(), env, limits: { ...RANGE_LIMITS, timeoutMs: 1000 } }), (e: Error) => {
          const said = how === 'stall' ? 'not read within 1 s' : 'the connection failed \\(UND_ERR_SOCKET\\)';
          assert.match(e.message, new RegExp(`^${REPO}@${REV}/Model-Q4_K_M\\.gguf: cannot read the GGUF header: bytes 0-1999999: ${said}.*Pass --template FILE$`), `${how}: ${e.message}`);
          assert.doesNotMatch(e.message, /truncated or corrupt/);
          return true;
        });
        assert.ok(performance.now() - t0 < 5_000);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    }
  });
});
