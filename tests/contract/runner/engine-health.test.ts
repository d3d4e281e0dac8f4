/**
 * The health route of each engine as the simulator imitates it, after start-up (loading and warm-up have their own
 * tests): llama.cpp answers /health and /v1/health with {"status":"ok"}; vLLM (the ideal engine answers as vLLM) and
 * TGI a bare 200 on /health only; Ollama has no health route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fixtureData, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const ENGINES = [[], ['--engine', 'vllm'], ['--engine', 'tgi'], ['--engine', 'llamacpp'], ['--engine', 'ollama']] as const;

describe('the simulator: each engine\'s health route once it serves', () => {
  const sims: SpawnedSim[] = [];
  before(async () => {
    sims.push(...(await Promise.all(ENGINES.map((e) => spawnSim([...e, '--data-dir', fixtureData])))));
  });
  after(() => {
    for (const s of sims) s.child.kill();
  });

  it('answers as the engine does: status, content type and body', async () => {
    const got: Record<string, string[]> = {};
    for (const [i, e] of ENGINES.entries()) {
      const name = e[1] ?? 'ideal';
      got[name] = [];
      for (const path of ['/health', '/v1/health']) {
        const r = await fetch(`${sims[i]!.url}${path}`);
        const body = await r.text();
        got[name].push(`${path} ${r.status}${r.status === 200 ? ` ${r.headers.get('content-type') ?? 'no type'} ${JSON.stringify(body)}` : ''}`);
      }
    }
    assert.deepEqual(got, {
      ideal: ['/health 200 no type ""', '/v1/health 404'],
      vllm: ['/health 200 no type ""', '/v1/health 404'],
      tgi: ['/health 200 no type ""', '/v1/health 404'],
      llamacpp: ['/health 200 application/json "{\\"status\\":\\"ok\\"}"', '/v1/health 200 application/json "{\\"status\\":\\"ok\\"}"'],
      ollama: ['/health 404', '/v1/health 404'],
    });
  });
});
