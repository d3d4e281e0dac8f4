/**
 * The result stage (docs/runner.md, "How a run works"): a fully cached rerun whose whole result is stored and whose
 * sample files are unchanged writes only summary.json, byte for byte what the whole path writes apart from the run's
 * times; anything that could change the result sends the run down the whole path again.
 */
import assert from 'node:assert/strict';
import { appendFile, cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { openSqliteCache } from '../../../runners/cache/sqlite-cache.ts';
import { currentSuitePath } from '../../../runners/core/defaults.ts';
import { clearSecrets } from '../../../runners/io/secrets.ts';
import { runProbeCommand } from '../../../runners/probe/run-probe.ts';
import type { RunOptions } from '../../../runners/probe/run-options.ts';
import { startFaultProxy } from '../../helpers/fault-proxy.ts';
import { fixtureData, qwenTemplate, root, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = join(root, 'submissions/qwen/qwen3.5-9b.yaml');
const SCOPE = 'Qwen/Qwen3.5-9B';
let sim: SpawnedSim;
let work: string;
let data: string;
let suitePath: string;
let resultDir: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '7', '--data-dir', fixtureData, '--latency-ms', '1']);
  work = await mkdtemp(join(tmpdir(), 'ut-result-stage-'));
  // Copies of the data and the suite, to change them.
  data = join(work, 'data');
  await cp(fixtureData, data, { recursive: true });
  suitePath = join(work, 'suite.yaml');
  await cp(currentSuitePath(), suitePath);
  resultDir = join(work, 'results', 'qwen3.5-9b');
});
after(async () => {
  await sim.stop();
  clearSecrets();
});

/** One `userturn run` in this process; `path` says whether it reused the stored result or took the whole path. */
async function run(over: Partial<RunOptions> = {}) {
  const lines: string[] = [];
  const opts: RunOptions = {
    root, submissionPath: SUBMISSION, suitePath, baseURLs: [`${sim.url}/v1`], concurrency: 16, timeoutMs: 30_000, maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 50,
    dataDir: data, cacheDir: join(work, 'hub'), cachePath: join(work, 'cache.sqlite'), outDir: join(work, 'results'), templateOverride: qwenTemplate, limit: 2, datasets: null,
    shard: null, judgeConfigs: [], tty: false, progressIntervalMs: 600_000, log: () => {}, out: (m) => lines.push(m), progressWrite: () => {}, ...over,
  };
  const outcome = await runProbeCommand(opts);
  assert.equal(outcome.exitCode, 0);
  return { sent: outcome.stats!.sent, path: lines.some((l) => l.startsWith('derived: the whole result reused')) ? 'stored' : 'whole' };
}

/** The revision of the first scope with an answer in a cache file, or null before the first answer is committed. */
function firstScopeRevision(path: string): string | null {
  try {
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const row = db.prepare('SELECT scope FROM responses LIMIT 1').get() as { scope: string } | undefined;
      return row ? row.scope.slice(row.scope.lastIndexOf('@') + 1) : null;
    } finally {
      db.close();
    }
  } catch {
    return null; // not created yet
  }
}

/** A result folder's files: samples byte for byte, summary.json without the run's times. */
async function resultFiles(dir = resultDir): Promise<Record<string, string>> {
  const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as { run: Record<string, unknown> };
  for (const k of ['started_at', 'finished_at', 'duration_s']) delete summary.run[k];
  const out: Record<string, string> = { 'summary.json': JSON.stringify(summary) };
  for (const ds of ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench']) {
    const f = join(dir, 'samples', `${ds}.jsonl`);
    out[ds] = await readFile(f, 'utf8').catch(() => '(absent)');
  }
  return out;
}

const samplesFile = (ds = 'gsm8k') => join(resultDir, 'samples', `${ds}.jsonl`);

describe('the result stage', () => {
  let whole: Record<string, string>;

  it('is kept by a run that sent its requests, and the next run writes only summary.json, as the whole path writes it', async () => {
    assert.ok((await run()).sent > 0);
    const before = await stat(samplesFile());
    assert.deepEqual(await run(), { sent: 0, path: 'stored' }, 'the first rerun is already the fast one');
    whole = await resultFiles();
    assert.equal((await stat(samplesFile())).mtimeMs, before.mtimeMs, 'the samples file was not rewritten');
    // What the whole path writes from the same cache (another results folder: no stored files to match there).
    const elsewhere = join(work, 'results-whole');
    assert.deepEqual(await run({ outDir: elsewhere }), { sent: 0, path: 'whole' });
    const wholePath = await resultFiles(join(elsewhere, 'qwen3.5-9b'));
    assert.deepEqual(whole, wholePath, 'samples byte for byte, the summary apart from the run\'s times (cache hits and errors included)');
    await rm(elsewhere, { recursive: true });
  });

  it('is not kept when another process wrote an answer of the same scope while the run was sending', async () => {
    const cachePath = join(work, 'foreign.sqlite');
    const outDir = join(work, 'results-foreign');
    const running = run({ cachePath, outDir, concurrency: 1 });
    // Once the run has stored its first answer, another connection writes one of the same scope.
    let revision: string | null = null;
    for (let i = 0; i < 2000 && revision === null; i++) {
      await new Promise((r) => setTimeout(r, 2));
      revision = firstScopeRevision(cachePath);
    }
    assert.ok(revision !== null, 'the run stored an answer');
    const foreign = openSqliteCache(cachePath, { scope: `${SCOPE}@${revision}` });
    await foreign.put('2'.repeat(64), { text: 'x', finish_reason: 'stop', model: 'm', latency_ms: 1 });
    foreign.close();
    assert.ok((await running).sent > 0);
    assert.deepEqual(await run({ cachePath, outDir }), { sent: 0, path: 'whole' }, 'an answer it did not write may have replaced one it used');
    assert.deepEqual(await run({ cachePath, outDir }), { sent: 0, path: 'stored' });
    await rm(outDir, { recursive: true });
  });

  it('answers holding a lone surrogate are used as the cache gives them back (U+FFFD): a rerun sends nothing and reuses the result', async () => {
    const proxy = await startFaultProxy({ target: sim.url, loneSurrogate: true });
    try {
      const outDir = join(work, 'results-surrogate');
      const over = { baseURLs: [`${proxy.url}/v1`], cachePath: join(work, 'surrogate.sqlite'), outDir };
      assert.ok((await run(over)).sent > 0);
      assert.match(await readFile(join(outDir, 'qwen3.5-9b', 'samples', 'gsm8k.jsonl'), 'utf8'), /\uFFFD/);
      assert.deepEqual(await run(over), { sent: 0, path: 'stored' });
      const stored = await resultFiles(join(outDir, 'qwen3.5-9b'));
      assert.deepEqual(await run({ ...over, outDir: join(work, 'results-surrogate-whole') }), { sent: 0, path: 'whole' });
      assert.deepEqual(await resultFiles(join(work, 'results-surrogate-whole', 'qwen3.5-9b')), stored);
    } finally {
      await proxy.close();
    }
  });

  it('is not used when a samples file was edited or deleted: the whole path writes it again, then it is used again', async () => {
    await appendFile(samplesFile(), ' ');
    assert.deepEqual(await run(), { sent: 0, path: 'whole' });
    assert.deepEqual(await resultFiles(), whole);
    await rm(samplesFile('ifeval'));
    assert.deepEqual(await run(), { sent: 0, path: 'whole' });
    assert.deepEqual(await resultFiles(), whole);
    assert.deepEqual(await run(), { sent: 0, path: 'stored' });
  });

  it('is not used once an answer of the model\'s scope was added to the cache (by any process)', async () => {
    const other = openSqliteCache(join(work, 'cache.sqlite'), { scope: `${SCOPE}@other-revision` });
    await other.put('0'.repeat(64), { text: 'x', finish_reason: 'stop', model: 'm', latency_ms: 1 });
    other.close();
    assert.equal((await run()).path, 'stored', 'an answer of other weights changes nothing');
    const revision = JSON.parse(await readFile(join(resultDir, 'summary.json'), 'utf8')).submission.hf.revision as string;
    const same = openSqliteCache(join(work, 'cache.sqlite'), { scope: `${SCOPE}@${revision}` });
    await same.put('1'.repeat(64), { text: 'x', finish_reason: 'stop', model: 'm', latency_ms: 1 });
    same.close();
    assert.deepEqual(await run(), { sent: 0, path: 'whole' });
    assert.deepEqual(await resultFiles(), whole);
    assert.deepEqual(await run(), { sent: 0, path: 'stored' });
  });

  it('is not used when a dataset file, the suite, --limit or the judge panel changed', async () => {
    const gsm8k = join(data, 'gsm8k', 'test.jsonl');
    const original = await readFile(gsm8k, 'utf8');
    await writeFile(gsm8k, `${original}\n`); // the same items, another checksum
    assert.equal((await run()).path, 'whole');
    await writeFile(gsm8k, original);
    assert.equal((await run()).path, 'stored', 'the original file: its result is still stored');

    const suite = await readFile(suitePath, 'utf8');
    await writeFile(suitePath, suite.replace(/resamples: \d+/, 'resamples: 999'));
    assert.equal((await run()).path, 'whole');
    await writeFile(suitePath, suite);

    assert.equal((await run({ limit: 1 })).path, 'whole');
    assert.equal((await run({ limit: 1 })).path, 'stored', 'each --limit keeps its own result');

    // An LLM judge in the panel: never stored (it may answer differently, and its errors are asked again).
    const judge = join(work, 'judge.yaml');
    await writeFile(judge, `base_url: ${sim.url}/v1\nmodel: judge-sim\ntemperature: 0\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
    assert.equal((await run({ judgeConfigs: [judge] })).path, 'whole');
    assert.equal((await run({ judgeConfigs: [judge] })).path, 'whole');
    assert.equal((await run({ cachePath: null })).path, 'whole', '--no-cache');
    // Those runs rewrote the samples files (other verdicts, fresh timings): the stored result no longer matches them.
    assert.deepEqual(await run(), { sent: 0, path: 'whole' });
    assert.deepEqual(await resultFiles(), whole);
    assert.equal((await run()).path, 'stored');
  });

  it('is not used when a samples file holds a secret registered since (the whole path redacts it), nor kept with redacted text', async () => {
    const line = (await readFile(samplesFile(), 'utf8')).split('\n')[0]!;
    const secret = (JSON.parse(line) as { user_turn: string }).user_turn.slice(0, 12);
    assert.ok(secret.length >= 6, line);
    assert.equal((await run({ apiKey: secret })).path, 'whole');
    assert.match(await readFile(samplesFile(), 'utf8'), /\[redacted\]/);
    assert.equal((await run({ apiKey: secret })).path, 'whole', 'a result with redacted text is not kept');
  });
});
