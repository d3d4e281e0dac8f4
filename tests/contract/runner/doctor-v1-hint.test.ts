import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim } from '../../../runners/sim/server.ts';
import { fixtureData, qwenTemplate, runCli } from '../../helpers/processes.ts';

// The README's doctor line with the /v1 left off, or a route pasted whole: doctor said "answer under /v1" and let the
// reader guess the URL, where `run` names the one it meant.
test('doctor against a base URL without /v1 (or past it) names the --base-url it likely meant, as run does', async () => {
  const sub = join(mkdtempSync(join(tmpdir(), 'ut-doctor-v1-')), 'm.yaml');
  writeFileSync(sub, ['id: m', 'display_name: M', 'family: test', 'hf:', '  repo: example/model', '  revision: main', 'params:', '  total_b: 1',
    '  active_b: 1', 'license: mit', 'serving:', '  engine: vllm', '  max_model_len: 32768', 'reasoning:', '  mode: none', 'submitter:', '  github: t', ''].join('\n'));
  const s = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10, engine: 'vllm' });
  try {
    for (const base of [s.url, `${s.url}/v1/completions`]) {
      const r = await runCli(['doctor', sub, '--base-url', base, '--template', qwenTemplate, '--data-dir', fixtureData, '--json']);
      assert.equal(r.code, 1, r.stderr);
      const model = (JSON.parse(r.stdout) as { checks: Array<{ id: string; detail: string }> }).checks.find((c) => c.id === 'model')!;
      assert.equal(model.detail, `${base}/models: HTTP 404 (OpenAI-compatible servers answer under /v1: did you mean --base-url ${s.url}/v1?)`);
    }
  } finally {
    await s.close();
  }
});
