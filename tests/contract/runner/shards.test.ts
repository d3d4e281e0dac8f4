import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const common = ['--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k,mt_bench'];
let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '4', '--data-dir', fixtureData]);
});
after(() => sim.stop());

const read = async (dir: string, f: string) => readFile(join(dir, 'qwen3.5-9b', f), 'utf8');
/** Samples without per-host timings. */
const samplesText = async (dir: string, ds: string) =>
  (await read(dir, `samples/${ds}.jsonl`)).trim().split('\n').map((l) => JSON.stringify({ ...JSON.parse(l), timings: null })).join('\n');
const withoutShards = (s: string) => {
  const o = JSON.parse(s);
  delete o.provenance.shards;
  return o;
};

describe('--shard i/n and --merge', () => {
  it('three shards on separate hosts merge into the result of one unsharded run', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-shards-'));
    const whole = join(work, 'whole');
    const r = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, ...common, '--out', whole, '--cache', join(work, 'whole.sqlite')]);
    assert.equal(r.code, 0, r.stderr);
    const shardDirs: string[] = [];
    for (const i of [1, 2, 3]) {
      const dir = join(work, `host${i}`);
      shardDirs.push(dir);
      const s = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, ...common, '--shard', `${i}/3`, '--out', dir, '--cache', join(work, `host${i}.sqlite`)]);
      assert.equal(s.code, 0, s.stderr);
      const sum = JSON.parse(await read(dir, 'summary.json'));
      assert.deepEqual(sum.provenance.shards, { count: 3, merged: [i] });
      assert.equal((await runCli(['validate', dir])).code, 0);
    }
    const merged = join(work, 'merged');
    const m = await runCli(['run', SUBMISSION, ...common, ...shardDirs.flatMap((d) => ['--merge', d]), '--out', merged]);
    assert.equal(m.code, 0, m.stderr);
    const ms = JSON.parse(await read(merged, 'summary.json'));
    assert.deepEqual(ms.provenance.shards, { count: 3, merged: [1, 2, 3] });
    assert.equal(comparable(withoutShards(await read(merged, 'summary.json'))), comparable(withoutShards(await read(whole, 'summary.json'))));
    for (const ds of ['gsm8k', 'mt_bench']) assert.equal(await samplesText(merged, ds), await samplesText(whole, ds));
    assert.equal((await runCli(['validate', merged])).code, 0);

    const incomplete = await runCli(['run', SUBMISSION, ...common, '--merge', shardDirs[0]!, '--merge', shardDirs[2]!, '--out', join(work, 'bad')]);
    assert.equal(incomplete.code, 1);
    assert.match(incomplete.stderr, /shards 2 of 3 are missing/);
    const twice = await runCli(['run', SUBMISSION, ...common, '--merge', shardDirs[0]!, '--merge', shardDirs[0]!, '--out', join(work, 'bad')]);
    assert.match(twice.stderr, /given twice/);
    assert.equal((await runCli(['run', SUBMISSION, '--shard', '1/2', '--merge', shardDirs[0]!])).code, 2);

    // --json says what the merge sent (nothing); the shards' totals are a field of their own.
    const json = await runCli(['run', SUBMISSION, ...common, ...shardDirs.flatMap((d) => ['--merge', d]), '--out', join(work, 'json'), '--json']);
    assert.equal(json.code, 0, json.stderr);
    const line = JSON.parse(json.stdout.trim()) as { mode: string; requests: unknown; shard_requests: { sent: number } };
    assert.equal(line.mode, 'merge');
    assert.deepEqual(line.requests, { sent: 0, cache_hits: 0, errors: 0 });
    assert.equal(line.shard_requests.sent, ms.run.requests_sent);
    assert.ok(line.shard_requests.sent > 0);

    // A merge given other arguments than the shards plans other items: the error names the shard folder and the fix.
    const same = /give the merge the same --limit, --datasets and --suite the shards were run with/;
    const fewer = await runCli(['run', SUBMISSION, ...common, '--limit', '1', ...shardDirs.flatMap((d) => ['--merge', d]), '--out', join(work, 'bad')]);
    assert.equal(fewer.code, 1);
    assert.match(fewer.stderr, /host\d: gsm8k: item \S+ is not part of this merge's plan \(the shards hold \d+ gsm8k item\(s\), this merge plans 1\)/);
    assert.match(fewer.stderr, same);
    const otherSets = await runCli(['run', SUBMISSION, ...common.slice(0, -1), 'gsm8k', ...shardDirs.flatMap((d) => ['--merge', d]), '--out', join(work, 'bad')]);
    assert.equal(otherSets.code, 1);
    assert.match(otherSets.stderr, /host1: the shard was run with --datasets gsm8k,mt_bench, this merge plans gsm8k: /);
    assert.match(otherSets.stderr, same);

    // A shard whose summary names a dataset the suite does not list (ids are open slugs; the suite is the list).
    const file = join(shardDirs[1]!, 'qwen3.5-9b', 'summary.json');
    const doc = JSON.parse(await readFile(file, 'utf8'));
    doc.datasets[1].dataset = 'not_listed';
    await writeFile(file, JSON.stringify(doc));
    const unlisted = await runCli(['run', SUBMISSION, ...common, ...shardDirs.flatMap((d) => ['--merge', d]), '--out', join(work, 'bad')]);
    assert.equal(unlisted.code, 1);
    assert.match(unlisted.stderr, /host2\/qwen3\.5-9b\/summary\.json: datasets\[1\]\.dataset: "not_listed" is not a dataset of suite v2 \(/);
    assert.doesNotMatch(unlisted.stderr, /\n\s+at /);

    // A shard's samples line that is not JSON, or over the format's 1 MiB: named by file and line, no stack trace.
    doc.datasets[1].dataset = 'mt_bench';
    await writeFile(file, JSON.stringify(doc));
    const samples = join(shardDirs[2]!, 'qwen3.5-9b', 'samples', 'gsm8k.jsonl');
    const good = await readFile(samples, 'utf8');
    for (const [bad, message] of [['not json', /host3\/qwen3\.5-9b\/samples\/gsm8k\.jsonl:1: \(line\): not valid JSON/], [`{"x":"${'y'.repeat(1100 * 1024)}"}`, /host3\/qwen3\.5-9b\/samples\/gsm8k\.jsonl:1: \(line\): line longer than 1 MiB/]] as const) {
      await writeFile(samples, `${bad}\n${good}`);
      const m2 = await runCli(['run', SUBMISSION, ...common, ...shardDirs.flatMap((d) => ['--merge', d]), '--out', join(work, 'bad')]);
      assert.equal(m2.code, 1, m2.stderr);
      assert.match(m2.stderr, message);
      assert.doesNotMatch(m2.stderr, /\n\s+at /);
    }
  });
});
