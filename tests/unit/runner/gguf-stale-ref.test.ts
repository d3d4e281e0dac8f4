import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readGgufTemplate } from '../../../runners/hub/gguf-template.ts';
import { startFakeGgufHub, type FakeFile } from '../../helpers/fake-gguf-hub.ts';
import { chatModelGguf } from '../../helpers/gguf-bytes.ts';

/**
 * The GGUF template reader keeps what it read by commit (.userturn/gguf-template/<commit>/<QUANT>.json) and follows a
 * branch through refs/<branch>, as hub-file.ts does: a branch that moved on the Hub must not have its new template
 * kept under the old commit, nor be read from two commits. Over real HTTP against a stand-in Hub whose branch moves.
 */
const REPO = 'Org/Model-GGUF';
const OLD = '3'.repeat(40);
const NEW = '4'.repeat(40);
const LLAMA = { bos: '<|begin_of_text|>', eos: '<|eot_id|>' };
const gguf = (template: string, vocab = 1000): FakeFile => ({ bytes: chatModelGguf(template, LLAMA, vocab).bytes });
const both = (template: string, vocab?: number) => ({ 'Model-Q4_K_M.gguf': gguf(template, vocab), 'Model-Q8_0.gguf': gguf(template, vocab) });
const folder = (cacheDir: string) => join(cacheDir, 'models--Org--Model-GGUF');
const record = (cacheDir: string, commit: string) => readFile(join(folder(cacheDir), '.userturn', 'gguf-template', commit, 'Q4_K_M.json'), 'utf8').then((t) => JSON.parse(t).template as string);
const ref = (cacheDir: string) => readFile(join(folder(cacheDir), 'refs', 'main'), 'utf8');
const env = (url: string, more: Record<string, string> = {}) => ({ HF_ENDPOINT: url, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', ...more });
const read = (revision: string, quant: string, cacheDir: string, url: string, more: Record<string, string> = {}) =>
  readGgufTemplate({ repo: REPO, revision, quant, alternative: 'Pass --template FILE' }, { cacheDir, env: env(url, more) });
const tmp = () => mkdtemp(join(tmpdir(), 'ut-gguf-ref-'));

type Opts = Parameters<typeof startFakeGgufHub>[0];
const move = (o: Opts, commit: string, files: Record<string, FakeFile>) => {
  o.older = { ...o.older, [o.commit]: o.files };
  o.commit = commit;
  o.files = files;
};

describe('the GGUF template of a branch whose refs/<branch> is stale', () => {
  it('read for the moved branch, it is kept under the commit its bytes came from, and the ref follows', async () => {
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}') };
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    try {
      const first = await read('main', 'Q8_0', cacheDir, hub.url);
      assert.deepEqual([first.template, first.commit], ['OLD {{ x }}', OLD]);
      assert.equal(await ref(cacheDir), OLD);
      move(o, NEW, both('NEW {{ x }}'));
      const moved = await read('main', 'Q4_K_M', cacheDir, hub.url);
      assert.deepEqual([moved.template, moved.commit], ['NEW {{ x }}', NEW], 'the commit the bytes came from');
      // A run pinned to the older commit reads that commit's template, not the newer one.
      const pinned = await read(OLD, 'Q4_K_M', cacheDir, hub.url);
      assert.deepEqual([pinned.template, pinned.commit], ['OLD {{ x }}', OLD]);
      assert.equal(await record(cacheDir, NEW), 'NEW {{ x }}');
      assert.equal(await ref(cacheDir), NEW);
    } finally {
      await hub.close();
    }
  });

  it('online, the branch is resolved again: the moved branch gives its new template; an unmoved one reads no header', async () => {
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}') };
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    try {
      await read('main', 'Q4_K_M', cacheDir, hub.url);
      move(o, NEW, both('NEW {{ x }}'));
      assert.equal((await read('main', 'Q4_K_M', cacheDir, hub.url)).template, 'NEW {{ x }}');
      assert.equal(await record(cacheDir, OLD), 'OLD {{ x }}');
      const n = hub.seen.length;
      const again = await read('main', 'Q4_K_M', cacheDir, hub.url);
      assert.deepEqual([again.template, again.commit], ['NEW {{ x }}', NEW], 'the cached record of the commit the Hub named');
      assert.deepEqual(hub.seen.slice(n).map((s) => s.range ?? s.url.split('?')[0]), [`/api/models/${REPO}/revision/main`], 'the branch resolved, nothing listed or read');
    } finally {
      await hub.close();
    }
  });

  it('a branch that moves in the middle of a header read: every range comes from the commit of the first', async () => {
    // 200k tokens: a 3 MB header, more than one 2 MB range; the template comes after the tokens.
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}', 200_000) };
    const next = both('NEW {{ x }}', 200_000);
    let ggufRequests = 0;
    o.onRequest = (s) => {
      if (s.url.includes('.gguf') && ++ggufRequests === 2) move(o, NEW, next); // before the second is answered
    };
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    try {
      const t = await read('main', 'Q4_K_M', cacheDir, hub.url);
      assert.deepEqual([t.template, t.eos_token, t.commit], ['OLD {{ x }}', LLAMA.eos, OLD]);
      assert.equal(await record(cacheDir, OLD), 'OLD {{ x }}');
      assert.equal(await ref(cacheDir), OLD);
    } finally {
      await hub.close();
    }
  });

  it('a range whose connection is dropped once before any answer is asked again, and the header is read whole', async () => {
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}', 200_000) };
    let dropped = 0;
    o.fail = (s) => (s.range?.startsWith('bytes=2000000-') && dropped++ === 0 ? 'drop' : undefined);
    const hub = await startFakeGgufHub(o);
    try {
      const t = await read('main', 'Q4_K_M', await tmp(), hub.url);
      assert.deepEqual([t.template, t.commit, dropped], ['OLD {{ x }}', OLD, 2]);
    } finally {
      await hub.close();
    }
  });

  it('offline, or with the Hub unreachable, the ref is read as it is', async () => {
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}') };
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    await read('main', 'Q4_K_M', cacheDir, hub.url);
    move(o, NEW, both('NEW {{ x }}'));
    const n = hub.seen.length;
    try {
      const offline = await read('main', 'Q4_K_M', cacheDir, hub.url, { HF_HUB_OFFLINE: '1' });
      assert.deepEqual([offline.template, offline.commit], ['OLD {{ x }}', OLD], 'the commit refs/main names');
      assert.equal(hub.seen.length, n, 'offline means no request');
    } finally {
      await hub.close();
    }
    const unreachable = await read('main', 'Q4_K_M', cacheDir, hub.url);
    assert.deepEqual([unreachable.template, unreachable.commit], ['OLD {{ x }}', OLD]);
    await assert.rejects(read('main', 'Q8_0', cacheDir, hub.url), /could not resolve Org\/Model-GGUF@main on 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it('with the branch\'s resolution failing (a server error, a dropped connection), the ref\'s record is read as it is; a 404 is an error', async () => {
    // hub-file.ts falls back so when the Hub cannot be asked, and so does the request that resolves the branch here.
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}') };
    let failing: number | 'drop' | undefined;
    o.fail = (s) => (s.url.includes('/revision/') ? failing : undefined);
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    try {
      await read('main', 'Q4_K_M', cacheDir, hub.url);
      for (failing of [503, 'drop'] as const) {
        const n = hub.seen.length;
        const t = await read('main', 'Q4_K_M', cacheDir, hub.url);
        assert.deepEqual([t.template, t.commit], ['OLD {{ x }}', OLD], `${failing}: the commit refs/main names`);
        assert.deepEqual(hub.seen.slice(n).map((s) => s.range ?? s.url.split('?')[0]), [`/api/models/${REPO}/revision/main`], 'asked, and not read further');
      }
      failing = 404;
      await assert.rejects(read('main', 'Q4_K_M', cacheDir, hub.url), /^Error: Org\/Model-GGUF@main: resolving the revision: HTTP 404 from 127\.0\.0\.1:\d+\. Pass --template FILE$/);
      failing = 503;
      await assert.rejects(read('main', 'Q8_0', cacheDir, hub.url), /Org\/Model-GGUF@main: resolving the revision: HTTP 503 from/, 'nothing cached for that quant: the error stands');
      assert.equal(await ref(cacheDir), OLD);
      failing = undefined;
      await assert.rejects(read('nope', 'Q4_K_M', cacheDir, hub.url), /Org\/Model-GGUF@nope: resolving the revision: HTTP 404 from 127\.0\.0\.1:\d+ \(Org\/Model-GGUF has no revision nope\)\. Pass --template FILE$/);
    } finally {
      await hub.close();
    }
  });

  it('once the Hub has named the commit, a failure reading it is an error, not the record of the commit the ref named', async () => {
    // huggingface_hub falls back only when repo_info fails; after it answered, a download's failure is raised.
    const o: Opts = { repo: REPO, revision: 'main', commit: OLD, files: both('OLD {{ x }}') };
    let failing: number | undefined;
    o.fail = (s) => (s.range !== undefined ? failing : undefined);
    const hub = await startFakeGgufHub(o);
    const cacheDir = await tmp();
    try {
      await read('main', 'Q4_K_M', cacheDir, hub.url);
      move(o, NEW, both('NEW {{ x }}'));
      failing = 503;
      await assert.rejects(read('main', 'Q4_K_M', cacheDir, hub.url), /Org\/Model-GGUF@main\/Model-Q4_K_M\.gguf: cannot read the GGUF header: HTTP 503 for bytes 0-1999999/);
      assert.equal(await ref(cacheDir), OLD, 'the ref moves only with a record');
    } finally {
      await hub.close();
    }
  });
});
