import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';
import { startFakeGgufHub } from '../../helpers/fake-gguf-hub.ts';
import { startFakeHub, withEnv, type FakeHubOptions, type Seen } from '../../helpers/fake-hub.ts';
import { chatModelGguf } from '../../helpers/gguf-bytes.ts';

/**
 * A template read for a branch takes several files (tokenizer_config.json, chat_template.jinja, or the GGUF file's
 * header when the repository has neither). Each is one request, and the branch can move on the Hub between them: the
 * files must still come from one commit, the one the first read resolved the branch to, and the template's source
 * (the run's provenance) must name that commit. Over real HTTP against the stand-in Hub.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const OLD = '1'.repeat(40);
const NEW = '2'.repeat(40);
const cfg = (eos: string) => JSON.stringify({ chat_template: 'config template', eos_token: eos });
const both = {
  [`Org/Model/${OLD}/tokenizer_config.json`]: cfg('<old_eos>'),
  [`Org/Model/${OLD}/chat_template.jinja`]: 'OLD template',
  [`Org/Model/${NEW}/tokenizer_config.json`]: cfg('<new_eos>'),
  [`Org/Model/${NEW}/chat_template.jinja`]: 'NEW template',
};
const tmp = () => mkdtemp(join(tmpdir(), 'ut-one-commit-'));
const sub = (repo: string, serving: Record<string, unknown> = {}, more: { revision?: string; chat_template?: Record<string, unknown> } = {}) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo, revision: more.revision ?? 'main' }, params: { total_b: 1, active_b: 1 }, license: 'x',
    ...(more.chat_template === undefined ? {} : { chat_template: more.chat_template }), serving: { max_model_len: 4096, ...serving }, submitter: { github: 'me' },
  });
const hubEnv = (url: string, more: Record<string, string> = {}) => ({ HF_ENDPOINT: url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined, ...more });

/** A Hub whose main is at OLD until the first request for `file`, then at NEW. */
async function movingHub(files: FakeHubOptions['files'], file: string) {
  const refs = { main: OLD };
  const onRequest = (s: Seen) => void (s.url.endsWith(`/${file}`) && (refs.main = NEW));
  return startFakeHub({ files, refs, onRequest });
}

describe('one template read, one commit: a branch moving between its files', () => {
  it('chat_template.jinja comes from the commit tokenizer_config.json came from, and the source names it', async () => {
    const hub = await movingHub(both, 'chat_template.jinja');
    const cacheDir = await tmp();
    try {
      const t = await withEnv(hubEnv(hub.url), () => loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir }));
      assert.deepEqual([t.template.template, t.template.eos_token], ['OLD template', '<old_eos>'], 'no file of the commit main moved to');
      assert.equal(t.template.source, `hub:Org/Model@${OLD}/chat_template.jinja`);
      assert.deepEqual(hub.seen.slice(1).map((s) => s.url.split('/')[4]), hub.seen.slice(1).map(() => OLD), 'every request after the first asks at that commit');
    } finally {
      await hub.close();
    }
  });

  it('both files cached: the first look at the branch decides, and the second file is taken from that commit without a request', async () => {
    const refs = { main: OLD };
    const hub = await startFakeHub({ files: both, refs });
    const cacheDir = await tmp();
    try {
      await withEnv(hubEnv(hub.url), async () => {
        await loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir });
        refs.main = NEW;
        await loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir });
        refs.main = OLD; // main back at OLD, refs/main in the cache at NEW
        const n = hub.seen.length;
        const t = await loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir });
        assert.deepEqual([t.template.template, t.template.eos_token], ['OLD template', '<old_eos>']);
        assert.equal(t.template.source, `hub:Org/Model@${OLD}/chat_template.jinja`);
        assert.equal(hub.seen.length - n, 1, 'one look at the branch for the whole template');
      });
      assert.equal(await readFile(join(cacheDir, 'models--Org--Model', 'refs', 'main'), 'utf8'), OLD);
    } finally {
      await hub.close();
    }
  });

  it('without tokenizer_config.json, the commit its absence was answered at is the one chat_template.jinja is read at', async () => {
    const hub = await movingHub({ [`Org/Model/${OLD}/chat_template.jinja`]: 'OLD template', [`Org/Model/${NEW}/chat_template.jinja`]: 'NEW template' }, 'chat_template.jinja');
    try {
      const t = await withEnv(hubEnv(hub.url), async () => loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir: await tmp() }));
      assert.equal(t.template.template, 'OLD template');
      assert.equal(t.template.source, `hub:Org/Model@${OLD}/chat_template.jinja`);
    } finally {
      await hub.close();
    }
  });

  it('neither file at the branch (a GGUF repository): the GGUF header is read at the commit they were missing at', async () => {
    const LLAMA = { bos: '<|begin_of_text|>', eos: '<|eot_id|>' };
    const gguf = (template: string) => ({ 'Model-Q4_K_M.gguf': { bytes: chatModelGguf(template, LLAMA, 1000).bytes } });
    // The stand-in reads commit, files and older at each request; main moves on once both template files were found
    // missing, before the repository is listed.
    const o: Parameters<typeof startFakeGgufHub>[0] = { repo: 'Org/Model-GGUF', revision: 'main', commit: OLD, files: gguf('OLD template') };
    o.onRequest = (s) => {
      if (s.url.endsWith('/chat_template.jinja') && o.commit === OLD) Object.assign(o, { older: { [OLD]: o.files }, commit: NEW, files: gguf('NEW template') });
    };
    const hub = await startFakeGgufHub(o);
    try {
      const t = await withEnv(hubEnv(hub.url), async () => loadSubmissionTemplate(sub('Org/Model-GGUF', { engine: 'llamacpp', gguf_quant: 'Q4_K_M' }), { root, cacheDir: await tmp() }));
      assert.equal(t.template.template, 'OLD template');
      assert.equal(t.template.source, `hub:Org/Model-GGUF@${OLD}/Model-Q4_K_M.gguf`);
    } finally {
      await hub.close();
    }
  });

  it('offline, the files are read at the commit refs/main names, and the source names it', async () => {
    const hub = await startFakeHub({ files: both, refs: { main: OLD } });
    const cacheDir = await tmp();
    try {
      await withEnv(hubEnv(hub.url), () => loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir }));
      const n = hub.seen.length;
      const t = await withEnv(hubEnv(hub.url, { HF_HUB_OFFLINE: '1' }), () => loadSubmissionTemplate(sub('Org/Model'), { root, cacheDir }));
      assert.deepEqual([t.template.template, t.template.source], ['OLD template', `hub:Org/Model@${OLD}/chat_template.jinja`]);
      assert.equal(hub.seen.length, n);
    } finally {
      await hub.close();
    }
  });
});

describe('file: gguf on its own: the source names the commit the GGUF header was read at', () => {
  const LLAMA = { bos: '<|begin_of_text|>', eos: '<|eot_id|>' };
  const gguf = (template: string) => ({ 'Model-Q4_K_M.gguf': { bytes: chatModelGguf(template, LLAMA, 1000).bytes } });
  const ggufSub = (revision = 'main') => sub('Org/Model-GGUF', { engine: 'llamacpp', gguf_quant: 'Q4_K_M' }, { revision, chat_template: { source: 'hub', file: 'gguf' } });
  const source = (commit: string) => `hub:Org/Model-GGUF@${commit}/Model-Q4_K_M.gguf`;

  it('a branch: the commit the Hub answered with, also when the branch moved on and its record is cached', async () => {
    const o: Parameters<typeof startFakeGgufHub>[0] = { repo: 'Org/Model-GGUF', revision: 'main', commit: OLD, files: gguf('OLD template') };
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    try {
      await withEnv(hubEnv(hub.url), async () => {
        const t = await loadSubmissionTemplate(ggufSub(), { root, cacheDir });
        assert.deepEqual([t.template.template, t.template.source], ['OLD template', source(OLD)]);
        Object.assign(o, { older: { [OLD]: o.files }, commit: NEW, files: gguf('NEW template') });
        const moved = await loadSubmissionTemplate(ggufSub(), { root, cacheDir });
        assert.deepEqual([moved.template.template, moved.template.source], ['NEW template', source(NEW)]);
        Object.assign(o, { older: { [NEW]: o.files }, commit: OLD, files: o.older![OLD] }); // back at OLD, its record cached
        const back = await loadSubmissionTemplate(ggufSub(), { root, cacheDir });
        assert.deepEqual([back.template.template, back.template.source], ['OLD template', source(OLD)]);
      });
    } finally {
      await hub.close();
    }
  });

  it('offline, and with the Hub unreachable: the commit refs/main names', async () => {
    const hub = await startFakeGgufHub({ repo: 'Org/Model-GGUF', revision: 'main', commit: OLD, files: gguf('OLD template') });
    const cacheDir = await tmp();
    try {
      await withEnv(hubEnv(hub.url), () => loadSubmissionTemplate(ggufSub(), { root, cacheDir }));
      const n = hub.seen.length;
      const t = await withEnv(hubEnv(hub.url, { HF_HUB_OFFLINE: '1' }), () => loadSubmissionTemplate(ggufSub(), { root, cacheDir }));
      assert.deepEqual([t.template.template, t.template.source], ['OLD template', source(OLD)]);
      assert.equal(hub.seen.length, n, 'offline means no request');
    } finally {
      await hub.close();
    }
    const unreachable = await withEnv(hubEnv(hub.url), () => loadSubmissionTemplate(ggufSub(), { root, cacheDir }));
    assert.deepEqual([unreachable.template.template, unreachable.template.source], ['OLD template', source(OLD)]);
  });

  // The branch moves once its first request is answered: before the files were listed at the commit it was resolved to,
  // the listing was of one commit and the header was read at the next (a 404 when the file had been renamed).
  for (const [what, next] of [
    ['renamed', { 'Model.Q4_K_M.gguf': gguf('NEW template')['Model-Q4_K_M.gguf'] }],
    ['changed', gguf('NEW template')],
  ] as const) {
    it(`a branch moving after its first request (the file ${what} at the new commit): listing, header and source all at the commit it was resolved to`, async () => {
      const o: Parameters<typeof startFakeGgufHub>[0] = { repo: 'Org/Model-GGUF', revision: 'main', commit: OLD, files: gguf('OLD template') };
      o.onRequest = () => {
        if (hub.seen.length === 2) Object.assign(o, { older: { [OLD]: o.files }, commit: NEW, files: next });
      };
      const hub = await startFakeGgufHub(o);
      const cacheDir = await tmp();
      try {
        const t = await withEnv(hubEnv(hub.url), () => loadSubmissionTemplate(ggufSub(), { root, cacheDir }));
        assert.deepEqual([t.template.template, t.template.source], ['OLD template', source(OLD)]);
        const urls = hub.seen.map((s) => s.url.split('?')[0]!);
        assert.equal(urls[0], '/api/models/Org/Model-GGUF/revision/main', 'the branch is resolved first');
        assert.deepEqual(urls.slice(1).filter((u) => !u.includes(`/${OLD}/`) && !u.endsWith(`/${OLD}`)), [], 'everything after it is read at that commit');
        assert.equal(await readFile(join(cacheDir, 'models--Org--Model-GGUF', 'refs', 'main'), 'utf8'), OLD);
      } finally {
        await hub.close();
      }
    });
  }

  it('pinned: the pinned commit, read online and from the cache', async () => {
    const hub = await startFakeGgufHub({ repo: 'Org/Model-GGUF', revision: 'main', commit: OLD, files: gguf('OLD template') });
    const cacheDir = await tmp();
    try {
      await withEnv(hubEnv(hub.url), async () => {
        for (let i = 0; i < 2; i++) {
          const t = await loadSubmissionTemplate(ggufSub(OLD), { root, cacheDir });
          assert.deepEqual([t.template.template, t.template.source], ['OLD template', source(OLD)]);
        }
      });
    } finally {
      await hub.close();
    }
  });
});
