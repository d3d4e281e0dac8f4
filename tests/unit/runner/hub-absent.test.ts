import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readHubFile } from '../../../runners/hub/hub-file.ts';
import { startFakeHub } from '../../helpers/fake-hub.ts';

const REV = 'e'.repeat(40);
const config = '{"chat_template":"{{ messages[0].content }}"}';
const req = (file: string) => ({ repo: 'Org/Model', revision: REV, file, alternative: 'Pass --template FILE' });
const env = (url: string) => ({ HF_ENDPOINT: url, HF_TOKEN_PATH: '/nonexistent/userturn-test/token' });

// huggingface_hub/file_download.py @ ee0a4510f4bc15e26cb722be2efc2bdb01383ca0 (_get_metadata_or_catch_error) writes
// .no_exist/<commit>/<file> only for a RemoteEntryNotFoundError, i.e. X-Error-Code: EntryNotFound, with the answer's
// X-Repo-Commit; transformers then trusts the marker online too. A bare 404 proves nothing about the repository.
describe('what is recorded as absent in the shared cache (.no_exist)', () => {
  it("the Hub's EntryNotFound is recorded, so the next run does not ask again", async () => {
    const hub = await startFakeHub({ files: {}, commit: REV });
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-absent-'));
    try {
      assert.equal(await readHubFile(req('chat_template.jinja'), { cacheDir, env: env(hub.url) }), null);
      await readFile(join(cacheDir, 'models--Org--Model', '.no_exist', REV, 'chat_template.jinja'));
      const n = hub.seen.length;
      assert.equal(await readHubFile(req('chat_template.jinja'), { cacheDir, env: env(hub.url) }), null);
      assert.equal(hub.seen.length, n);
    } finally {
      await hub.close();
    }
  });

  it('a 404 without X-Error-Code (a wrong HF_ENDPOINT) leaves no marker: the right endpoint later finds the file', async () => {
    const wrong = await startFakeHub({ files: {}, plain404: true });
    const hub = await startFakeHub({ files: { [`Org/Model/${REV}/tokenizer_config.json`]: config } });
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-absent-'));
    try {
      await readHubFile(req('tokenizer_config.json'), { cacheDir, env: env(wrong.url) }).catch(() => null);
      const left = await readdir(cacheDir, { recursive: true });
      assert.ok(!left.some((p) => p.includes('.no_exist')), `no absence recorded: ${left.join(', ')}`);
      assert.equal(await readHubFile(req('tokenizer_config.json'), { cacheDir, env: env(hub.url) }), config);
    } finally {
      await wrong.close();
      await hub.close();
    }
  });
});
