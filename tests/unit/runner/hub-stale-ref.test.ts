import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { readHubFile } from '../../../runners/hub/hub-file.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';
import { startFakeHub, withEnv } from '../../helpers/fake-hub.ts';

/**
 * refs/<branch> in the Hugging Face cache names the commit a branch pointed to when it was last resolved. The branch
 * moves on the Hub; the ref does not until it is resolved again. huggingface_hub (file_download.py @ ee0a4510,
 * _hf_hub_download_to_cache_dir) asks the Hub for the branch's commit whenever it can, files what it downloads under
 * the commit the answer names (X-Repo-Commit) and points the ref at it; the ref is read as it is only offline.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const OLD = '1'.repeat(40);
const NEW = '2'.repeat(40);
const cfg = (eos: string) => JSON.stringify({ chat_template: 'config template', eos_token: eos });
const files = {
  [`Org/Model/${OLD}/tokenizer_config.json`]: cfg('<old_eos>'),
  [`Org/Model/${OLD}/chat_template.jinja`]: 'OLD template',
  [`Org/Model/${NEW}/tokenizer_config.json`]: cfg('<new_eos>'),
  [`Org/Model/${NEW}/chat_template.jinja`]: 'NEW template',
};
const env = (url: string, more: Record<string, string> = {}) => ({ HF_ENDPOINT: url, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', ...more });
const req = (revision: string, file: string) => ({ repo: 'Org/Model', revision, file, alternative: 'Pass --template FILE' });
const folder = (cacheDir: string) => join(cacheDir, 'models--Org--Model');
const snapshot = (cacheDir: string, commit: string, file: string) => join(folder(cacheDir), 'snapshots', commit, file);
const ref = (cacheDir: string) => readFile(join(folder(cacheDir), 'refs', 'main'), 'utf8');
const exists = (path: string) => stat(path).then(() => true, () => false);
const tmp = () => mkdtemp(join(tmpdir(), 'ut-stale-ref-'));
const sub = (revision: string) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo: 'Org/Model', revision }, params: { total_b: 1, active_b: 1 }, license: 'x',
    serving: { max_model_len: 4096 }, submitter: { github: 'me' },
  });

describe('a stale refs/<branch> (the branch moved on the Hub since it was cached)', () => {
  it('a file fetched for the moved branch is filed under the commit the Hub served it from, and the ref follows', async () => {
    const refs = { main: OLD };
    const hub = await startFakeHub({ files, refs });
    const cacheDir = await tmp();
    try {
      assert.equal(await readHubFile(req('main', 'tokenizer_config.json'), { cacheDir, env: env(hub.url) }), cfg('<old_eos>'));
      assert.equal(await ref(cacheDir), OLD);
      refs.main = NEW;
      assert.equal(await readHubFile(req('main', 'chat_template.jinja'), { cacheDir, env: env(hub.url) }), 'NEW template');
      // A run pinned to the older commit reads that commit's file, not the newer one.
      assert.equal(await readHubFile(req(OLD, 'chat_template.jinja'), { cacheDir, env: env(hub.url) }), 'OLD template');
      assert.equal(await readFile(snapshot(cacheDir, NEW, 'chat_template.jinja'), 'utf8'), 'NEW template');
      assert.equal(await ref(cacheDir), NEW);
    } finally {
      await hub.close();
    }
  });

  it('online, the branch is resolved again: the moved branch gives its new template whole, and an unmoved one downloads nothing', async () => {
    const refs = { main: OLD };
    const hub = await startFakeHub({ files, refs });
    const cacheDir = await tmp();
    try {
      await withHubEnv(hub.url, async () => {
        const first = await loadSubmissionTemplate(sub('main'), { root, cacheDir });
        assert.deepEqual([first.template.template, first.template.eos_token], ['OLD template', '<old_eos>']);
        refs.main = NEW;
        const moved = await loadSubmissionTemplate(sub('main'), { root, cacheDir });
        assert.deepEqual([moved.template.template, moved.template.eos_token], ['NEW template', '<new_eos>'], 'no file of the older commit');
        assert.equal(await ref(cacheDir), NEW);
        assert.equal(await readFile(snapshot(cacheDir, OLD, 'chat_template.jinja'), 'utf8'), 'OLD template');
        const n = hub.seen.length;
        const again = await loadSubmissionTemplate(sub('main'), { root, cacheDir });
        assert.equal(again.sha256, moved.sha256);
        assert.equal(hub.seen.length - n, 1, 'one look at the branch for the template (its other file is read at that commit), no download');
      });
    } finally {
      await hub.close();
    }
  });

  it('an answer that names no commit is used, not kept: a stale ref does not give it a commit', async () => {
    const hub = await startFakeHub({ files: { 'Org/Model/main/chat_template.jinja': 'NEW template' } });
    const cacheDir = await tmp();
    await mkdir(join(folder(cacheDir), 'refs'), { recursive: true });
    await writeFile(join(folder(cacheDir), 'refs', 'main'), OLD);
    try {
      assert.equal(await readHubFile(req('main', 'chat_template.jinja'), { cacheDir, env: env(hub.url) }), 'NEW template');
      assert.equal(await exists(snapshot(cacheDir, OLD, 'chat_template.jinja')), false);
      assert.equal(await ref(cacheDir), OLD, 'nothing said where main is now');
    } finally {
      await hub.close();
    }
  });

  it('offline, or with the Hub unreachable, the ref is read as it is', async () => {
    const refs = { main: OLD };
    const hub = await startFakeHub({ files, refs });
    const cacheDir = await tmp();
    await readHubFile(req('main', 'chat_template.jinja'), { cacheDir, env: env(hub.url) });
    refs.main = NEW;
    const n = hub.seen.length;
    try {
      const offline = await readHubFile(req('main', 'chat_template.jinja'), { cacheDir, env: env(hub.url, { HF_HUB_OFFLINE: '1' }) });
      assert.equal(offline, 'OLD template');
      assert.equal(hub.seen.length, n, 'offline means no request');
    } finally {
      await hub.close();
    }
    // The Hub's port now closed: huggingface_hub falls back to the file the ref names, and so does the runner.
    assert.equal(await readHubFile(req('main', 'chat_template.jinja'), { cacheDir, env: env(hub.url) }), 'OLD template');
    await assert.rejects(readHubFile(req('main', 'tokenizer_config.json'), { cacheDir, env: env(hub.url) }), /could not download Org\/Model@main\/tokenizer_config\.json from 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });
});

function withHubEnv<T>(url: string, fn: () => Promise<T>): Promise<T> {
  return withEnv({ HF_ENDPOINT: url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined }, fn);
}
