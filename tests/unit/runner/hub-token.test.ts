import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { InputError } from '../../../runners/core/errors.ts';
import { hubToken, hubTokenPath } from '../../../runners/hub/token.ts';
import { hubSettings } from '../../../runners/hub/hub-settings.ts';
import { redact } from '../../../runners/io/secrets.ts';

const work = mkdtempSync(join(tmpdir(), 'ut-hub-token-'));
/** A token file as `hf auth login` leaves it (a trailing newline), at `path`. */
function stored(path: string, token: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${token}\n`);
  return path;
}
const NONE = { HF_TOKEN_PATH: join(work, 'absent', 'token') };

describe('the Hugging Face token, found where huggingface_hub finds it (runners/hub/token.ts)', () => {
  it('HF_TOKEN first, then HUGGING_FACE_HUB_TOKEN, then the stored login; an empty variable counts as unset', () => {
    const file = stored(join(work, 'a', 'token'), 'hf_fromTheFile000001');
    assert.equal(hubToken({ HF_TOKEN: 'hf_fromTheEnv0000001', HUGGING_FACE_HUB_TOKEN: 'hf_older000000000001', HF_TOKEN_PATH: file }), 'hf_fromTheEnv0000001');
    assert.equal(hubToken({ HUGGING_FACE_HUB_TOKEN: 'hf_older000000000001', HF_TOKEN_PATH: file }), 'hf_older000000000001');
    assert.equal(hubToken({ HF_TOKEN: '', HF_TOKEN_PATH: file }), 'hf_fromTheFile000001', 'trimmed, as huggingface_hub strips it');
  });
  it('the file is HF_TOKEN_PATH, else HF_HOME/token, else $XDG_CACHE_HOME/huggingface/token, else ~/.cache/huggingface/token', () => {
    const home = join(work, 'hf-home');
    stored(join(home, 'token'), 'hf_inHfHome000000001');
    assert.equal(hubToken({ HF_HOME: home }), 'hf_inHfHome000000001');
    const xdg = join(work, 'xdg');
    stored(join(xdg, 'huggingface', 'token'), 'hf_inXdgCache0000001');
    assert.equal(hubToken({ XDG_CACHE_HOME: xdg }), 'hf_inXdgCache0000001');
    assert.equal(hubTokenPath({ HF_TOKEN_PATH: join(home, 'other'), HF_HOME: home }), join(home, 'other'));
    assert.equal(hubTokenPath({}), join(homedir(), '.cache', 'huggingface', 'token'));
    assert.equal(hubTokenPath({ HF_HOME: '~/hf' }), join(homedir(), 'hf', 'token'));
  });
  it('no login (no file, or an empty one) is no token, as in huggingface_hub', () => {
    assert.equal(hubToken(NONE), undefined);
    assert.equal(hubToken({ HF_TOKEN_PATH: stored(join(work, 'empty', 'token'), '') }), undefined);
  });
  it('an unreadable token file is one line naming it, not a stack trace', () => {
    const dir = join(work, 'is-a-dir');
    mkdirSync(dir, { recursive: true });
    assert.throws(() => hubToken({ HF_TOKEN_PATH: dir }), (e: unknown) => e instanceof InputError && e.message === `${dir}: (file): cannot read the Hugging Face token file (EISDIR); fix it, or set HF_TOKEN`);
  });
  it('a stored token is sent like HF_TOKEN (hubSettings), is redacted by every writer, and the file is never rewritten', () => {
    const file = stored(join(work, 'b', 'token'), 'hf_storedSecret00042');
    const before = readdirSync(join(work, 'b'));
    assert.equal(hubSettings({ HF_TOKEN_PATH: file }).token, 'hf_storedSecret00042');
    assert.equal(redact('401: bad header Authorization: Bearer hf_storedSecret00042'), '401: bad header Authorization: Bearer [redacted]');
    assert.deepEqual(readdirSync(join(work, 'b')), before);
    assert.equal(readFileSync(file, 'utf8'), 'hf_storedSecret00042\n');
  });
});
