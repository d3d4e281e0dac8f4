import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readHubFile } from '../../../runners/hub/hub-file.ts';
import { startFakeHub, type FakeHubOptions } from '../../helpers/fake-hub.ts';

const REV = '1'.repeat(40);
const TOKEN = 'hf_gated_secret_789';

/** The error readHubFile gives when the stand-in Hub refuses with `status` and `error`, with or without a token. */
async function refusal(status: number, error: FakeHubOptions['error'], token?: string): Promise<{ message: string; url: string }> {
  const hub = await startFakeHub({ files: {}, status, error });
  try {
    const env = { HF_ENDPOINT: hub.url, HF_TOKEN: token, HF_TOKEN_PATH: '/nonexistent/userturn-test/token' };
    const req = { repo: 'meta-llama/Llama-3.1-8B-Instruct', revision: REV, file: 'tokenizer_config.json', alternative: 'Pass --template FILE' };
    const e = await readHubFile(req, { cacheDir: '/nonexistent/hub', env }).then(() => assert.fail('refused'), (x: Error) => x);
    assert.ok(!e.message.includes(TOKEN), 'never the token');
    return { message: e.message, url: hub.url };
  } finally {
    await hub.close();
  }
}

// How the Hub answers, as huggingface_hub tells the cases apart: src/huggingface_hub/utils/_http.py
// (hf_raise_for_status) and tests/test_utils_errors.py @ ee0a4510f4bc15e26cb722be2efc2bdb01383ca0.
describe('a refused Hub file says why, names the repo, and what to do (runners/hub/hub-refusal.ts)', () => {
  it('gated, with a token whose account was not granted access (403 GatedRepo): accept the licence, not "set HF_TOKEN"', async () => {
    const { message, url } = await refusal(403, { code: 'GatedRepo', message: 'Access to model meta-llama/Llama-3.1-8B-Instruct is restricted' }, TOKEN);
    assert.match(message, /^meta-llama\/Llama-3\.1-8B-Instruct@1{40}\/tokenizer_config\.json: HTTP 403 from 127\.0\.0\.1:\d+ \(meta-llama\/Llama-3\.1-8B-Instruct is gated and the token sent \(HF_TOKEN or the stored login\) has no access to it: accept its licence at /);
    assert.ok(message.includes(`${url}/meta-llama/Llama-3.1-8B-Instruct`), message);
    assert.ok(!message.includes('set HF_TOKEN'), message);
    assert.match(message, /Pass --template FILE/);
  });

  it('gated, without a token (401 GatedRepo): set HF_TOKEN to an account that accepted the licence', async () => {
    const { message, url } = await refusal(401, { code: 'GatedRepo' });
    assert.ok(message.includes(`is gated: set HF_TOKEN (or log in with \`hf auth login\`) to a token of an account that accepted its licence at ${url}/meta-llama/Llama-3.1-8B-Instruct`), message);
  });

  it('a token the Hub does not accept (401 Invalid credentials) is called invalid, not missing', async () => {
    const { message } = await refusal(401, { message: 'Invalid credentials in Authorization header' }, TOKEN);
    assert.match(message, /\(the token sent \(HF_TOKEN or the stored login\) is invalid or expired: make a new one at http:\/\/127\.0\.0\.1:\d+\/settings\/tokens\)/);
  });

  it('a repo or revision that is not there (RepoNotFound, RevisionNotFound) is named as such', async () => {
    assert.match((await refusal(401, { code: 'RepoNotFound' })).message, /\(meta-llama\/Llama-3\.1-8B-Instruct does not exist, or it is private or gated: set HF_TOKEN/);
    assert.match((await refusal(404, { code: 'RepoNotFound' }, TOKEN)).message, /\(meta-llama\/Llama-3\.1-8B-Instruct does not exist, or it is private and the token sent \(HF_TOKEN or the stored login\) has no access to it\)/);
    assert.match((await refusal(404, { code: 'RevisionNotFound' })).message, /HTTP 404 from 127\.0\.0\.1:\d+ \(meta-llama\/Llama-3\.1-8B-Instruct has no revision 1{40}\)/);
  });
});
