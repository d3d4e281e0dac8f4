import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, it } from 'node:test';
import { sha256Hex } from '../../../runners/cache/key.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * A cache row written before answered_as existed carries no name. Against `userturn sim --alias qwen3.5-9b` (the
 * simulator serving the submission's name, answering under its own) a rerun from such a cache recorded no
 * answered_models and was stamped simulated: false, a real model's result that validate accepted.
 */
const FIRST = 'userturn-sim/restater';
const ALIAS = 'qwen3.5-9b';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'restater', '--engine', 'vllm', '--alias', ALIAS, '--data-dir', fixtureData]);
});
after(() => sim.stop());

const runArgs = (out: string, extra: string[] = []) => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--cache', join(out, 'requests.sqlite'), '--concurrency', '2', ...extra];
type Provenance = { endpoint_models: string[]; answered_models?: string[]; simulated: boolean };
const provenance = async (out: string) => (JSON.parse(await readFile(join(out, 'qwen3.5-9b', 'summary.json'), 'utf8')) as { provenance: Provenance }).provenance;
const completionsSent = async () => Object.values((await sim.stats()).routes['/v1/completions'] ?? {}).reduce((a, b) => a + b, 0);

/** The cache as a runner before answered_as left it: no name in any row, each row's checksum over text, finish reason and model; no kept result. */
function asOlderRunnerLeftIt(cacheFile: string): number {
  const db = new DatabaseSync(cacheFile);
  const rows = db.prepare('SELECT scope, key, text, finish_reason, model FROM responses').all() as Array<{ scope: string; key: string; text: string; finish_reason: string; model: string }>;
  const update = db.prepare('UPDATE responses SET answered_as = NULL, sha256 = ? WHERE scope = ? AND key = ?');
  for (const r of rows) update.run(sha256Hex(JSON.stringify([r.text, r.finish_reason, r.model])), r.scope, r.key);
  db.exec('DELETE FROM result_stage');
  db.close();
  return rows.length;
}

it('a rerun from rows without answered_as asks those answers again while the endpoint serves the model under other names: simulated, as the first run', async () => {
  const out = await mkdtemp(join(tmpdir(), 'ut-alias-old-'));
  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  assert.equal((await runCli(runArgs(out))).code, 0);
  const rows = asOlderRunnerLeftIt(join(out, 'requests.sqlite'));
  assert.ok(rows > 1);

  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  const rerun = await runCli(runArgs(out));
  assert.equal(rerun.code, 0, rerun.stderr);
  const p = await provenance(out);
  assert.deepEqual([p.endpoint_models, p.answered_models, p.simulated], [[ALIAS], [FIRST], true]);
  assert.equal(await completionsSent(), rows, 'each nameless row asked once more');
  assert.equal((await runCli(['validate', out])).code, 0);

  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  const db = new DatabaseSync(join(out, 'requests.sqlite'));
  db.exec('DELETE FROM result_stage');
  db.close();
  assert.equal((await runCli(runArgs(out))).code, 0);
  assert.equal(await completionsSent(), 0, 'the rows asked again carry the name: the next rerun sends nothing');
  assert.deepEqual(await provenance(out), p);
});

it('answers under the asked name, from an endpoint that also serves others, are not asked again on a rerun', async () => {
  const out = await mkdtemp(join(tmpdir(), 'ut-alias-first-'));
  const args = runArgs(out, ['--model', FIRST]);
  assert.equal((await runCli(args)).code, 0);
  const db = new DatabaseSync(join(out, 'requests.sqlite'));
  db.exec('DELETE FROM result_stage');
  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  assert.equal((await runCli(args)).code, 0);
  assert.equal(await completionsSent(), 0, 'every answer read from its row');
  assert.deepEqual(new Set(db.prepare('SELECT answered_as FROM responses').all().map((r) => r.answered_as)), new Set([FIRST]), 'each row records the name it came under, the asked one');
  db.close();
  const p = await provenance(out);
  assert.deepEqual([p.endpoint_models, p.answered_models, p.simulated], [[FIRST], undefined, true], 'the asked name is not an answered_models entry');
});
