import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'restater', '--data-dir', fixtureData]);
});
after(() => sim.stop());

/** `userturn run` of one GSM8K item, one request at a time, nothing cached. */
async function run(base: string, ...extra: string[]) {
  const out = await mkdtemp(join(tmpdir(), 'ut-refused-'));
  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  const r = await runCli(['run', SUBMISSION, '--base-url', base, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--no-cache', '--concurrency', '1', ...extra]);
  return { ...r, summary: existsSync(join(out, 'qwen3.5-9b', 'summary.json')), routes: (await sim.stats()).routes };
}

describe('a completion answered 404 stops the run (no retry, no result)', () => {
  it('--model with a base URL without /v1: one request, then the /v1 hint, exit 1, no summary written', async () => {
    // Every request failed "HTTP 404: no route POST /completions" and a result made only of errors was written.
    const r = await run(sim.url, '--model', 'userturn-sim/restater');
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.summary, false, 'no summary.json');
    assert.ok(r.stderr.includes(`${sim.url}/completions: HTTP 404`), r.stderr);
    assert.ok(r.stderr.includes(`did you mean --base-url ${sim.url}/v1?`), r.stderr);
    assert.deepEqual(r.routes['/completions'], { '404': 1 }, 'not retried, nothing more sent');
  });

  it('--model a name the endpoint does not serve: the server\'s 404 and the model to check, exit 1, no summary written', async () => {
    // The simulator answered any name, so such a run exited 0 with full results.
    const r = await run(`${sim.url}/v1`, '--model', 'wrong-name');
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.summary, false, 'no summary.json');
    assert.ok(r.stderr.includes(`${sim.url}/v1/completions: HTTP 404`), r.stderr);
    assert.ok(r.stderr.includes('The model `wrong-name` does not exist.'), r.stderr);
    assert.ok(r.stderr.includes('is "wrong-name" a model it serves?'), r.stderr);
    assert.deepEqual(r.routes['/v1/completions'], { '404': 1 });
  });
});
