import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readHubFile } from '../../../runners/hub/hub-file.ts';
import { startFakeCdn, startFakeHub } from '../../helpers/fake-hub.ts';

const COMMIT = 'f'.repeat(40);
const TOKEN = 'hf_redirect_secret_456';
const config = '{"chat_template":"{{ messages[0].content }}","eos_token":"<e>"}';
const sha256 = createHash('sha256').update(config).digest('hex');

// huggingface_hub/file_download.py @ ee0a4510f4bc15e26cb722be2efc2bdb01383ca0: get_hf_file_metadata reads
// X-Repo-Commit, X-Linked-Etag and X-Linked-Size from the Hub's own answer (it follows relative redirects only), and
// _get_metadata_or_catch_error drops `authorization` when the file's location is on another host (the LFS CDN).
describe('an LFS file redirected to a CDN on another host', () => {
  it('is fetched without the token at the CDN and filed under the commit and sha-256 the Hub announced', async () => {
    const cdn = await startFakeCdn();
    const hub = await startFakeHub({ files: { [`Org/Model/${COMMIT}/tokenizer_config.json`]: config }, refs: { main: COMMIT }, lfs: cdn });
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-lfs-'));
    const folder = join(cacheDir, 'models--Org--Model');
    try {
      const env = { HF_ENDPOINT: hub.url, HF_TOKEN: TOKEN };
      const text = await readHubFile({ repo: 'Org/Model', revision: 'main', file: 'tokenizer_config.json', alternative: 'x' }, { cacheDir, env });
      assert.equal(text, config);
      assert.ok(hub.seen.length > 0 && hub.seen.every((s) => s.authorization === `Bearer ${TOKEN}`));
      assert.ok(cdn.seen.length > 0, 'the bytes came from the CDN');
      assert.deepEqual(cdn.seen.map((s) => s.authorization), cdn.seen.map(() => undefined), 'no token to another host');
      assert.equal(await readFile(join(folder, 'refs', 'main'), 'utf8'), COMMIT);
      assert.equal(await readlink(join(folder, 'snapshots', COMMIT, 'tokenizer_config.json')), `../../blobs/${sha256}`);
    } finally {
      await hub.close();
      await cdn.close();
    }
  });
});
