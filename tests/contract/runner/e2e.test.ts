import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { seedHubTemplate } from '../../helpers/hub-cache.ts';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const realDir = process.env.USERTURN_DATA_DIR;
const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const CONDITIONS = ['greedy', 't0.7', 't1.0', 'truncated', 'generic_question', 'reference'];

/** The acceptance command, against a spawned simulator, then `userturn validate` on what it wrote. */
async function endToEnd(sim: SpawnedSim, dataDir: string, limit: number) {
  const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
  const out = join(work, 'results');
  const args = ['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', String(limit), '--data-dir', dataDir, '--template', qwenTemplate, '--out', out, '--cache', join(work, 'cache.sqlite')];
  const first = await runCli(args);
  assert.equal(first.code, 0, first.stderr);
  // The fixtures (a few items of each dataset) differ from every pinned checksum: one line says so for all of them.
  const checksums = first.stderr.split('\n').filter((l) => l.includes('pinned checksum'));
  assert.equal(checksums.length, dataDir === fixtureData ? 1 : 0, first.stderr);
  if (dataDir === fixtureData) assert.match(checksums[0]!, /^.*: \d+ dataset file\(s\) differ from the suite's pinned checksums \(gsm8k\/test\.jsonl, .*\): the local copies are used/);
  const dir = join(out, 'qwen3.5-9b');
  const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as Record<string, any>;
  const validate = await runCli(['validate', out]);
  assert.equal(validate.code, 0, validate.stderr + validate.stdout);
  assert.match(validate.stdout, /validated 6 files: ok/);
  return { work, out, dir, args, summary, first };
}

describe('userturn run against userturn sim on the project fixtures', () => {
  let sim: SpawnedSim;
  before(async () => {
    sim = await spawnSim(['--profile', 'restater', '--seed', '11', '--data-dir', fixtureData, '--latency-ms', '2']);
  });
  after(() => sim.stop());

  it('completes every condition of suite v1, passes validate, and a rerun from the cache reproduces summary.json', async () => {
    const r = await endToEnd(sim, fixtureData, 20);
    const s = r.summary;
    assert.deepEqual(s.datasets.map((d: any) => d.dataset), ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench']);
    for (const d of s.datasets) {
      assert.deepEqual(d.conditions.map((c: any) => c.condition), CONDITIONS);
      assert.ok(d.conditions.filter((c: any) => c.condition !== 'reference').every((c: any) => c.n_samples === d.n_items * c.samples_per_item && c.n_request_errors === 0));
    }
    assert.equal(s.provenance.simulated, true);
    assert.deepEqual(s.provenance.endpoint_models, ['userturn-sim/restater']);
    assert.equal(s.provenance.stop_sequences[0], '<|im_end|>');
    assert.equal(s.datasets[0].accuracy.metric, 'gsm8k_exact');
    assert.equal(s.datasets[3].accuracy, null);
    assert.match(r.first.stdout, /requests: \d+ completed, 0 cache hits/);
    const files = (await readdir(join(r.dir, 'samples'))).sort();
    assert.deepEqual(files, ['gsm8k.jsonl', 'ifbench.jsonl', 'ifeval.jsonl', 'mt_bench.jsonl', 'vicuna_bench.jsonl']);
    const line = JSON.parse((await readFile(join(r.dir, 'samples', 'gsm8k.jsonl'), 'utf8')).split('\n')[0]!);
    assert.match(line.id, /^[A-Za-z0-9._-]+~greedy~0$/);

    const before = await sim.stats();
    const again = await runCli(r.args);
    assert.equal(again.code, 0, again.stderr);
    const after = await sim.stats();
    assert.equal(after.routes['/v1/completions']?.['200'], before.routes['/v1/completions']?.['200'], 'a full cache sends no completion');
    const text2 = await readFile(join(r.dir, 'summary.json'), 'utf8');
    const s2 = JSON.parse(text2);
    assert.equal(comparable(s2), comparable(s));
    assert.ok(s2.run.cache_hits > 0 && s2.run.requests_sent === 0);
    // Byte for byte apart from `run`, whenever nobody committed in between (the git state is provenance too).
    if (s2.provenance.runner_commit === s.provenance.runner_commit && s2.provenance.runner_dirty === s.provenance.runner_dirty) {
      const withoutRun = (t: string) => t.replace(/\n  "run": \{[\s\S]*?\n  \}/, '');
      assert.equal(withoutRun(text2), withoutRun(`${JSON.stringify(s, null, 2)}\n`));
    }
  });

  it('the acceptance command without --template: the chat template comes through the hub cache', async () => {
    // No network here: the hub cache is seeded with Qwen3's real tokenizer_config.json standing in for the
    // submission's hub file, so the command runs exactly as a maintainer types it after a first fetch.
    const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
    const commit = seedHubTemplate(join(work, 'hub'), 'Qwen/Qwen3.5-9B', 'main', qwenTemplate);
    const out = join(work, 'results'); // (the default results/ would write into the repository)
    const r = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', '20', '--data-dir', fixtureData, '--out', out], {
      env: { USERTURN_CACHE_DIR: join(work, 'cache'), HF_HUB_CACHE: join(work, 'hub'), HF_HUB_OFFLINE: '1' },
    });
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(await readFile(join(out, 'qwen3.5-9b', 'summary.json'), 'utf8'));
    // The branch's commit, as refs/main names it: the revision the template was read at.
    assert.equal(s.provenance.template_source, `hub:Qwen/Qwen3.5-9B@${commit}/tokenizer_config.json`);
    // The run re-executed itself with Node's compile cache in the runner's cache folder (heap.ts), and filled it.
    const compiled = await readdir(join(work, 'cache', 'node-compile-cache'), { recursive: true });
    assert.ok(compiled.length > 1, `compile cache: ${compiled.join(', ')}`);
    assert.equal((await runCli(['validate', out])).code, 0);
  });

  it('--judge-config puts an LLM judge (the simulated one) first and keeps the heuristic judge as cross-check', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
    const { writeFile } = await import('node:fs/promises');
    const cfg = join(work, 'judge.yaml');
    await writeFile(cfg, `base_url: ${sim.url}/v1\nmodel: judge-sim\napi_key_env: null\nretries: 0\n`);
    const r = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', '2', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', work, '--cache', join(work, 'c.sqlite'), '--judge-config', cfg]);
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(await readFile(join(work, 'qwen3.5-9b', 'summary.json'), 'utf8'));
    assert.deepEqual(s.provenance.judges.map((j: any) => j.kind), ['llm', 'heuristic']);
    assert.equal(s.provenance.primary_judge, s.provenance.judges[0].id);
    assert.equal(s.agreement.length, 1);
    const line = JSON.parse((await readFile(join(work, 'qwen3.5-9b', 'samples', 'gsm8k.jsonl'), 'utf8')).split('\n')[0]!);
    assert.equal(line.verdicts.length, 2);
    assert.equal((await runCli(['validate', work])).code, 0);
  });

  it('one endpoint down among several: named on stderr, sent nothing, and the run completes on the others without --model', async () => {
    // It stopped at the /v1/models look-up, as if every host were down; then it took a round of requests.
    const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
    const r = await runCli(['run', SUBMISSION, '--base-url', 'http://127.0.0.1:9/v1', '--base-url', `${sim.url}/v1`, '--limit', '2', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', work, '--no-cache']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^warning: not ready, held until it is \(looked up again every few seconds\): http:\/\/127\.0\.0\.1:9\/v1\/models: Connection error\. \(ECONNREFUSED\)$/m);
    assert.match(r.stderr, /on 2 endpoint\(s\) \(1 not ready yet\) serving "userturn-sim\/restater"/);
    const s = JSON.parse(await readFile(join(work, 'qwen3.5-9b', 'summary.json'), 'utf8'));
    assert.deepEqual(s.provenance.endpoint_models, ['userturn-sim/restater']);
    assert.equal(s.run.request_errors, 0);
    assert.deepEqual(s.run.endpoints, [`${sim.url}/v1`], 'the result records the endpoint that served the run, not the one left out');
    // A failed sample's reason does not name its host: the closing lines say which endpoint was left out, and why.
    assert.match(r.stdout, /^  endpoint http:\/\/127\.0\.0\.1:9\/v1: 0 attempts, 0 failed; left out of the run: http:\/\/127\.0\.0\.1:9\/v1\/models: Connection error\. \(ECONNREFUSED\)$/m);
    assert.match(r.stdout, new RegExp(`^  endpoint ${sim.url.replace(/[.]/g, '\\.')}/v1: \\d+ attempts, 0 failed$`, 'm'));
  });

  it('a host that takes the connection and never answers: held within 10 s, and the run ends without waiting for it', { timeout: 120_000 }, async () => {
    // A review's run sat silent for 91 s (three look-up tries of 30 s each), then sent the host a round of requests
    // that each waited out the first-byte timeout.
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((res) => silent.listen(0, '127.0.0.1', res));
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
      const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/v1`;
      const t0 = performance.now();
      const r = await runCli(['run', SUBMISSION, '--base-url', url, '--base-url', `${sim.url}/v1`, '--limit', '2', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', work, '--no-cache', '--timeout-ms', '60000']);
      const seconds = (performance.now() - t0) / 1000;
      assert.equal(r.code, 0, r.stderr);
      // One try of the look-up waits 10 s (LOOKUP_TRY_MS), as long as the grace after another is ready: either ends it.
      assert.match(r.stderr, /^warning: not ready, held until it is .*\/v1\/models: (no answer 10 s after another endpoint was ready|no complete answer within 10 s \(attempt timeout\))$/m);
      assert.match(r.stdout, /^  endpoint http:\/\/127\.0\.0\.1:\d+\/v1: 0 attempts, 0 failed; left out of the run: /m);
      // Far from the 90 s and more of waiting it out (a loaded machine's margin included).
      assert.ok(seconds < 45, `${seconds.toFixed(1)} s`);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("a server's newline in a warning stays inside its line", async () => {
    const { createServer } = await import('node:http');
    const liar = createServer((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"down\\r\\nrequests: 20 completed, 0 failed"}}'));
    await new Promise<void>((res) => liar.listen(0, '127.0.0.1', res));
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
      const url = `http://127.0.0.1:${(liar.address() as { port: number }).port}/v1`;
      const r = await runCli(['run', SUBMISSION, '--base-url', url, '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', work, '--no-cache']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /^warning: not ready, held until it is .*\/v1\/models: 503 down\\r\\nrequests: 20 completed, 0 failed$/m);
      assert.match(r.stdout, /left out of the run: .*503 down\\r\\nrequests: 20 completed, 0 failed$/m);
      assert.doesNotMatch(r.stdout, /^requests: 20 completed/m);
      assert.doesNotMatch(r.stderr, /^requests: 20 completed/m);
    } finally {
      liar.close();
    }
  });

  it('--dry-run prints the plan with request counts and estimated tokens, and sends nothing', async () => {
    const sent = async () => Object.values((await sim.stats()).routes['/v1/completions'] ?? {}).reduce((a, b) => a + b, 0);
    const before = await sent();
    const r = await runCli(['run', SUBMISSION, '--dry-run', '--limit', '2', '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k,mt_bench']);
    assert.equal(r.code, 0, r.stderr);
    // Suite v2's budget for a thinking model (think_tags): 16,384 tokens per assistant turn, 2 items.
    assert.match(r.stdout, /gsm8k\s+\(assistant\)\s+2\s+\d+\s+32768/);
    assert.match(r.stdout, /t0\.7\s+8\s+\d+\s+4096/);
    assert.match(r.stdout, /total\s+\d+/);
    assert.equal(await sent(), before);
  });

  it('takes the endpoint from USERTURN_BASE_URL and the key from USERTURN_API_KEY, which is written nowhere', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-e2e-'));
    const r = await runCli(['run', SUBMISSION, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', work, '--cache', join(work, 'c.sqlite')], {
      env: { USERTURN_BASE_URL: `${sim.url}/v1`, USERTURN_API_KEY: 'sk-never-written-42' },
    });
    assert.equal(r.code, 0, r.stderr);
    const { readdir: ls } = await import('node:fs/promises');
    const files = await ls(work, { recursive: true });
    for (const f of files) {
      const p = join(work, String(f));
      const text = await readFile(p).catch(() => Buffer.alloc(0));
      assert.ok(!text.includes('sk-never-written-42'), p);
    }
    assert.deepEqual(JSON.parse(await readFile(join(work, 'qwen3.5-9b', 'summary.json'), 'utf8')).run.endpoints, [`${sim.url}/v1`]);
  });

  it('usage errors exit 2; an unreachable endpoint exits 1', async () => {
    assert.equal((await runCli(['run'])).code, 2);
    assert.equal((await runCli(['run', SUBMISSION, '--shard', '3/2'])).code, 2);
    assert.equal((await runCli(['run', SUBMISSION, '--concurrency', '0'])).code, 2);
    assert.equal((await runCli(['run', SUBMISSION, '--bogus'])).code, 2);
    assert.equal((await runCli(['run', SUBMISSION, '--cache', 'x.sqlite', '--no-cache'])).code, 2);
    assert.equal((await runCli(['run', SUBMISSION, '--base-url', 'ftp://host/v1'])).code, 2);
    // A dataset the suite does not have is a bad flag value too, as an empty list is (it exited 1).
    const nope = await runCli(['run', SUBMISSION, '--datasets', 'nope', '--dry-run', '--template', qwenTemplate, '--data-dir', fixtureData]);
    assert.equal(nope.code, 2, nope.stderr);
    assert.match(nope.stderr, /^--datasets: "nope" is not a dataset of suite userturn v\d+ \(it has gsm8k, /m);
    // …and said before the chat template is fetched: offline, with nothing cached, it was a Hub error (exit 1).
    const hfHome = await mkdtemp(join(tmpdir(), 'ut-hf-'));
    const offline = await runCli(['run', SUBMISSION, '--datasets', 'gsm8k,nope', '--dry-run', '--data-dir', fixtureData], { env: { HF_HOME: hfHome, HF_HUB_OFFLINE: '1' } });
    assert.equal(offline.code, 2, offline.stderr);
    assert.match(offline.stderr, /^--datasets: "nope" is not a dataset of suite userturn v\d+ /m);
    // A timer cannot wait past 2^31 - 1 ms (Node fires it after 1 ms): a longer timeout failed every request.
    for (const flag of ['--timeout-ms', '--first-byte-timeout-ms', '--idle-timeout-ms', '--connect-timeout-ms']) {
      const r = await runCli(['run', SUBMISSION, flag, '99999999999']);
      assert.equal(r.code, 2, `${flag}: ${r.stderr}`);
      assert.match(r.stderr, new RegExp(`${flag} must be at most 2147483647`));
    }
    const env = await runCli(['run', SUBMISSION, '--dry-run'], { env: { USERTURN_BACKOFF_MAX_MS: '99999999999' } });
    assert.equal(env.code, 2, env.stderr);
    assert.match(env.stderr, /USERTURN_BACKOFF_MAX_MS must be at most 2147483647/);
    const r = await runCli(['run', SUBMISSION, '--base-url', 'http://127.0.0.1:9/v1', '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', await mkdtemp(join(tmpdir(), 'ut-e2e-'))]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /models/);
  });
});

describe('userturn run against userturn sim on the real datasets', { skip: realDir ? false : 'USERTURN_DATA_DIR is not set: the real-data end-to-end run is skipped (the fixture run above covers the same path)' }, () => {
  let sim: SpawnedSim;
  before(async () => {
    sim = await spawnSim(['--profile', 'assistant-leaker', '--seed', '2', '--data-dir', realDir!, '--latency-ms', '1']);
  });
  after(() => sim.stop());

  it('--limit 20 --data-dir $USERTURN_DATA_DIR completes every condition and passes validate', async () => {
    const r = await endToEnd(sim, realDir!, 20);
    for (const d of r.summary.datasets) {
      assert.equal(d.n_items, 20);
      assert.equal(d.item_ids.length, 20);
      assert.deepEqual(d.conditions.map((c: any) => c.condition), CONDITIONS);
    }
    const gsm = r.summary.datasets[0];
    assert.ok(gsm.accuracy === null || (gsm.accuracy.strict.value > 0 && gsm.accuracy.strict.value < 1), 'simulated answers are sometimes right, sometimes wrong');
    assert.equal(r.summary.provenance.datasets[0].files[0].sha256, '3730d312f6e3440559ace48831e51066acaca737f6eabec99bccb9e4b3c39d14');
  });
});
