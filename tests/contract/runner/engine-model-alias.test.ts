import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * vLLM served under several names (`vllm serve … --served-model-name other qwen3.5-9b`) takes a request for any of
 * them and names the first in every answer (runners/client/served-aliases.ts). The run picks the name serve-cmd
 * gives the submission, qwen3.5-9b, and refused every answer as another model's ("answered by model …"), retrying
 * each request until it failed.
 */
const FIRST = 'userturn-sim/restater';
const ALIAS = 'qwen3.5-9b';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'restater', '--engine', 'vllm', '--alias', ALIAS, '--data-dir', fixtureData]);
});
after(() => sim.stop());

describe('userturn sim --alias, as vLLM with several served names', () => {
  it('/v1/models lists both names as cards of the same weights; a completion for the alias is named with the first', async () => {
    const list = (await (await fetch(`${sim.url}/v1/models`)).json()) as { data: Array<{ id: string; root: string; parent: null }> };
    assert.deepEqual(list.data.map((c) => [c.id, c.root, c.parent]), [[FIRST, FIRST, null], [ALIAS, FIRST, null]]);
    const res = await fetch(`${sim.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: ALIAS, prompt: 'Hi', max_tokens: 8 }) });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { model: string }).model, FIRST);
  });
});

it('userturn run picks the alias serve-cmd names, keeps the answers named with the first name, and a rerun reads them from its cache', async () => {
  const out = await mkdtemp(join(tmpdir(), 'ut-alias-'));
  const cache = join(out, 'requests.sqlite');
  const args = ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--cache', cache, '--concurrency', '2'];
  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  const r = await runCli(args);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stderr.includes(`"${ALIAS}" is also served as "${FIRST}" (the same weights)`), r.stderr);
  const routes = (await sim.stats()).routes['/v1/completions']!;
  assert.deepEqual(Object.keys(routes), ['200'], 'every request answered once, none retried');
  const samples = (await readFile(join(out, 'qwen3.5-9b', 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { error?: unknown });
  assert.ok(samples.length > 1 && samples.every((s) => s.error === null), 'no sample carries an error');
  const provenance = async () => (JSON.parse(await readFile(join(out, 'qwen3.5-9b', 'summary.json'), 'utf8')) as { provenance: { endpoint_models: string[]; answered_models?: string[]; simulated: boolean } }).provenance;
  const first = await provenance();
  assert.deepEqual([first.endpoint_models, first.answered_models], [[ALIAS], [FIRST]], 'the summary names the model asked for and the name the engine answered with');
  assert.equal(first.simulated, true, 'answered by the simulator under its own name: simulated, whatever name was asked');
  assert.equal((await runCli(['validate', out])).code, 0, 'the result with answered_models validates');

  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  const again = await runCli(args);
  assert.equal(again.code, 0, again.stderr);
  assert.equal((await sim.stats()).routes['/v1/completions'], undefined, 'the rerun sends no completion: its answers are cached under the name it asks for');
  assert.deepEqual(await provenance(), first, 'the rerun from the cache records the same provenance, the answering name included');

  // Without the kept result (stored-result.ts) the rerun reads every answer from its cache row: the name is there too.
  const db = new DatabaseSync(cache);
  db.exec('DELETE FROM result_stage');
  db.close();
  const fromRows = await runCli(args);
  assert.equal(fromRows.code, 0, fromRows.stderr);
  assert.doesNotMatch(fromRows.stdout, /whole result reused/);
  assert.deepEqual(await provenance(), first);
});

it('userturn doctor against it: the generation and stop checks take the answers named with the first name, and generation warns that a run is simulated', async () => {
  const args = ['doctor', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate];
  const r = await runCli([...args, '--json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout) as { ok: boolean; checks: Array<{ id: string; status: string; detail: string }> };
  assert.equal(report.ok, true, 'a warning fails nothing');
  assert.deepEqual(report.checks.filter((c) => c.id === 'generation' || c.id === 'stop').map((c) => c.status), ['warn', 'pass']);
  assert.deepEqual(report.checks.filter((c) => c.status !== 'pass' && c.status !== 'n/a').map((c) => c.id), ['generation']);
  // Every check passed before: nothing said that the "qwen3.5-9b" served here is the simulator.
  assert.match(report.checks.find((c) => c.id === 'generation')!.detail, /answered as "userturn-sim\/restater", the userturn simulator's name, not "qwen3\.5-9b": a run's result will be stamped simulated/);
  const table = await runCli(args);
  assert.equal(table.code, 0, table.stdout + table.stderr);
  assert.match(table.stdout, /^generation +WARN +one-token generation: /m);
  assert.match(table.stdout, /^doctor: no check failed; 1 warning: generation$/m);
});

it('shards whose hosts answered under different first names merge into a result naming both', async () => {
  const other = await spawnSim(['--profile', 'aware', '--engine', 'vllm', '--alias', ALIAS, '--data-dir', fixtureData]);
  try {
    const work = await mkdtemp(join(tmpdir(), 'ut-alias-shards-'));
    const common = ['--limit', '2', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate];
    const hosts = [sim.url, other.url];
    for (const [i, url] of hosts.entries()) {
      const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, ...common, '--shard', `${i + 1}/2`, '--out', join(work, `host${i + 1}`), '--cache', join(work, `host${i + 1}.sqlite`)]);
      assert.equal(r.code, 0, r.stderr);
    }
    const m = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', ...common, '--merge', join(work, 'host1'), '--merge', join(work, 'host2'), '--out', join(work, 'merged')]);
    assert.equal(m.code, 0, m.stderr);
    const merged = JSON.parse(await readFile(join(work, 'merged', 'qwen3.5-9b', 'summary.json'), 'utf8')) as { provenance: { answered_models?: string[]; simulated: boolean } };
    assert.deepEqual([merged.provenance.answered_models, merged.provenance.simulated], [['userturn-sim/aware', FIRST], true]);
  } finally {
    await other.stop();
  }
});
