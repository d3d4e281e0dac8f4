import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  const again = await runCli(args);
  assert.equal(again.code, 0, again.stderr);
  assert.equal((await sim.stats()).routes['/v1/completions'], undefined, 'the rerun sends no completion: its answers are cached under the name it asks for');
});

it('userturn doctor against it: the generation and stop checks take the answers named with the first name', async () => {
  const r = await runCli(['doctor', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const checks = (JSON.parse(r.stdout) as { checks: Array<{ id: string; status: string }> }).checks;
  assert.deepEqual(checks.filter((c) => c.id === 'generation' || c.id === 'stop').map((c) => c.status), ['pass', 'pass']);
});
