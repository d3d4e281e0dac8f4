import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { astroBuild } from '../../helpers/site-build.ts';
import { startFaultProxy } from '../../helpers/fault-proxy.ts';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const PROFILE = ['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData];
const SECRET = `sk-test-${randomBytes(16).toString('hex')}`;
const ENV = { USERTURN_API_KEY: SECRET, USERTURN_BACKOFF_BASE_MS: '10', USERTURN_BACKOFF_MAX_MS: '50' };

function runArgs(url: string, work: string, extra: string[] = []): string[] {
  return ['run', SUBMISSION, '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite'), '--datasets', 'gsm8k,mt_bench', '--limit', '6', ...extra];
}

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(join(e.parentPath, e.name));
  return out;
}

/** Every file under `dir` (results, cache and its WAL, site shards) and the run's output, searched for the key. */
async function assertNoSecret(dir: string, outputs: string[]): Promise<number> {
  const all = await files(dir);
  for (const f of all) assert.ok(!(await readFile(f)).includes(SECRET), `the API key was written to ${f}`);
  for (const o of outputs) assert.ok(!o.includes(SECRET), 'the API key was printed');
  return all.length;
}

/** Samples without timings (latencies differ between runs). */
async function samplesOf(work: string): Promise<string> {
  const dir = join(work, 'results', 'qwen3.5-9b', 'samples');
  const texts: string[] = [];
  for (const f of (await readdir(dir)).sort()) {
    const lines = (await readFile(join(dir, f), 'utf8')).split('\n').filter(Boolean);
    texts.push(...lines.map((l) => JSON.stringify({ ...JSON.parse(l), timings: null })));
  }
  return texts.join('\n');
}

const summaryOf = async (work: string) => comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')));

let sim: SpawnedSim;
let clean: { summary: string; samples: string };

before(async () => {
  sim = await spawnSim(PROFILE);
  const proxy = await startFaultProxy({ target: sim.url, lineSeparators: true });
  try {
    const work = await mkdtemp(join(tmpdir(), 'ut-hostile-clean-'));
    const r = await runCli(runArgs(proxy.url, work), { env: ENV });
    assert.equal(r.code, 0, r.stderr);
    clean = { summary: await summaryOf(work), samples: await samplesOf(work) };
    assert.match(clean.samples, /\u2028/, 'the clean run carries U+2028 in its texts');
  } finally {
    await proxy.close();
  }
});
after(() => sim.stop());

describe('a hostile server behind a fault-injecting proxy', () => {
  it('cut answers (finish_reason abort), answers from another model and error bodies echoing the key: results identical to a clean run, resumable, publishable, no key in any file', async () => {
    const proxy = await startFaultProxy({ target: sim.url, lineSeparators: true, abort: 0.06, wrongModel: 0.06, echoAuth: 0.06, seed: 11 });
    const work = await mkdtemp(join(tmpdir(), 'ut-hostile-'));
    try {
      const r = await runCli(runArgs(proxy.url, work, ['--retries', '12']), { env: ENV });
      assert.equal(r.code, 0, r.stderr);
      for (const k of ['abort', 'wrong_model', 'echo_auth']) assert.ok((proxy.injected[k] ?? 0) > 0, `${k} was injected: ${JSON.stringify(proxy.injected)}`);
      assert.equal(await summaryOf(work), clean.summary);
      assert.equal(await samplesOf(work), clean.samples);
      // A resume answers everything from the cache: nothing cut or foreign was kept there.
      const again = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout + again.stderr, /cache/i);
      assert.equal(await samplesOf(work), clean.samples);
      const v = await runCli(['validate', join(work, 'results')]);
      assert.equal(v.code, 0, v.stdout + v.stderr);
      // The real site build (U+2028 in texts used to fail it), then every file of dist/ is searched too.
      const site = astroBuild({ USERTURN_RESULTS_DIR: join(work, 'results') });
      assert.equal(site.status, 0, site.text.slice(-2000));
      await assertNoSecret(work, [r.stdout, r.stderr, again.stdout, again.stderr]);
      assert.ok((await assertNoSecret(site.out, [site.text])) > 20, 'the build wrote its pages');
    } finally {
      await proxy.close();
    }
  });

  it('a served model whose name carries the key: no key in any file, the cache and its WAL included', async () => {
    const proxy = await startFaultProxy({ target: sim.url, modelEchoesKey: true });
    const work = await mkdtemp(join(tmpdir(), 'ut-hostile-model-'));
    try {
      const r = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(r.code, 0, r.stderr);
      assert.ok((proxy.injected.model_echoes_key ?? 0) > 0);
      assert.match(r.stdout + r.stderr, /\[redacted\]/, 'the served model is named, redacted');
      const v = await runCli(['validate', join(work, 'results')]);
      assert.equal(v.code, 0, v.stdout + v.stderr);
      assert.ok((await assertNoSecret(work, [r.stdout, r.stderr])) > 3);
    } finally {
      await proxy.close();
    }
  });

  it('a served model named with terminal escape sequences: the run prints them as text, never raw', async () => {
    const proxy = await startFaultProxy({ target: sim.url, modelSuffix: '\u001b[31mRED\u001b]0;PWNED\u0007\u009b2J' });
    const work = await mkdtemp(join(tmpdir(), 'ut-hostile-ansi-'));
    try {
      const r = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /serving "userturn-sim\/aware\\u001b\[31mRED\\u001b\]0;PWNED\\u0007\\u009b2J"/);
      assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, 'no control character reaches the terminal');
    } finally {
      await proxy.close();
    }
  });

  it('a key that is a plain word ("answer") is not scrubbed: results identical to the clean run, and the run says why', async () => {
    const proxy = await startFaultProxy({ target: sim.url, lineSeparators: true });
    const work = await mkdtemp(join(tmpdir(), 'ut-hostile-plain-'));
    try {
      const r = await runCli(runArgs(proxy.url, work), { env: { ...ENV, USERTURN_API_KEY: 'answer' } });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /USERTURN_API_KEY is a plain word or number/);
      assert.equal(await samplesOf(work), clean.samples);
      assert.equal(await summaryOf(work), clean.summary);
      assert.doesNotMatch(await samplesOf(work), /\[redacted\]/);
    } finally {
      await proxy.close();
    }
  });

  it('requests that fail for good with the key echoed in the error body: recorded and counted, the key redacted everywhere', async () => {
    const proxy = await startFaultProxy({ target: sim.url, alwaysEcho: 5 });
    const work = await mkdtemp(join(tmpdir(), 'ut-hostile-echo-'));
    try {
      const r = await runCli(runArgs(proxy.url, work, ['--retries', '1']), { env: ENV });
      assert.equal(r.code, 1, r.stderr);
      assert.ok((proxy.injected.always_echo ?? 0) > 0);
      const samples = (await samplesOf(work)).split('\n').map((l) => JSON.parse(l));
      const failed = samples.filter((s) => s.error !== null);
      assert.ok(failed.length > 0);
      assert.ok(failed.every((s) => /HTTP 500/.test(s.error.reason) && s.error.reason.includes('[redacted]')), JSON.stringify(failed[0]?.error));
      const v = await runCli(['validate', join(work, 'results')]);
      assert.equal(v.code, 0, v.stdout + v.stderr);
      const site = astroBuild({ USERTURN_RESULTS_DIR: join(work, 'results') });
      assert.equal(site.status, 0, site.text.slice(-2000));
      assert.ok((await assertNoSecret(work, [r.stdout, r.stderr])) > 3);
      assert.ok((await assertNoSecret(site.out, [site.text])) > 20, 'the build wrote its pages');
    } finally {
      await proxy.close();
    }
  });
});
