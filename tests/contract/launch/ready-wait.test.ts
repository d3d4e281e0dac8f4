import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { launchFiles } from '../../../runners/launch/launch.ts';
import { buildLaunchPlan } from '../../../runners/launch/plan.ts';
import { engineSubmission } from '../../helpers/launch-submission.ts';

/**
 * A shard script waits until the engine serves the model, whichever engine: the wait loop of the Slurm script
 * runs against a stand-in curl that answers as the engine would (TGI lists the repository, not the id,
 * router/src/server.rs openai_get_model_info; llama.cpp lists its alias while /health still answers 503).
 */
async function waitLoop(engine: string, serving = ''): Promise<string> {
  const { root, file } = engineSubmission(engine, serving);
  const [array] = launchFiles(await buildLaunchPlan(file, { shards: 2, root }), 'slurm');
  const m = /^READY_BY=[^\n]*\n[\s\S]*?\ndone$/m.exec(array!.text);
  assert.ok(m, 'the wait loop');
  return m[0];
}

/** Runs the loop with curl answering `models` for /v1/models and `health` (curl's exit code) for /v1/health. */
function runLoop(loop: string, models: string, health: number): string {
  const bin = mkdtempSync(join(tmpdir(), 'userturn-curl-'));
  const curl = join(bin, 'curl');
  writeFileSync(curl, `#!/bin/bash\nfor a; do u=$a; done\ncase "$u" in\n  */models) printf '%s' '${models}' ;;\n  */health) exit ${health} ;;\n  *) exit 7 ;;\nesac\n`);
  chmodSync(curl, 0o755);
  // sleep stands for "not ready yet": the loop would go round again.
  const r = spawnSync('bash', ['-c', `set -euo pipefail\nENGINE=$$\nLOCAL=/tmp\nsleep() { echo NOT-READY; exit 0; }\n${loop}\necho READY`], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

const listing = (id: string) => JSON.stringify({ object: 'list', data: [{ id, object: 'model' }] });

test('TGI: ready once /v1/models lists the repository it serves', async () => {
  const loop = await waitLoop('tgi');
  assert.equal(runLoop(loop, listing('Qwen/Qwen3.5-9B'), 0), 'READY');
});

test('llama.cpp: not ready while its alias is listed but /health answers 503, ready once it answers 200', async () => {
  const loop = await waitLoop('llamacpp', '\n  gguf_quant: Q4_K_M');
  assert.equal(runLoop(loop, listing('m-llamacpp'), 22), 'NOT-READY');
  assert.equal(runLoop(loop, listing('m-llamacpp'), 0), 'READY');
});

test('vLLM: ready once /v1/models lists the id, not before', async () => {
  const loop = await waitLoop('vllm');
  assert.equal(runLoop(loop, listing('m-vllm'), 22), 'READY');
  assert.equal(runLoop(loop, listing('m-vllmx'), 0), 'NOT-READY');
});
