import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { comparableResult } from '../../helpers/result-compare.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
let sim: SpawnedSim;
let work: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '11', '--data-dir', fixtureData]);
  work = await mkdtemp(join(tmpdir(), 'ut-rerun-'));
});
after(() => sim.stop());

/** An LLM judge on the simulator's judge route; `temperature` changes the judge (its config, its stamp). */
async function judgeConfig(temperature: number): Promise<string> {
  const file = join(work, `judge-${temperature}.yaml`);
  await writeFile(file, `base_url: ${sim.url}/v1\nmodel: judge-sim\ntemperature: ${temperature}\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
  return file;
}

const run = async (judge: string) => {
  const r = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', '2', '--data-dir', fixtureData, '--template', qwenTemplate,
    '--judge-config', judge, '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')]);
  assert.equal(r.code, 0, r.stderr);
  return r;
};

/** `derived: prompts 0 computed, 12 reused; …` → { prompts: [0, 12], … }. */
function derived(stdout: string): Record<string, [number, number]> {
  const line = /^derived: (.*)$/m.exec(stdout)?.[1];
  assert.ok(line, `no "derived:" line in\n${stdout}`);
  return Object.fromEntries(line.split('; ').map((part) => {
    const m = /^(\w+) (\d+) computed, (\d+) reused$/.exec(part)!;
    return [m[1]!, [Number(m[2]), Number(m[3])]];
  }));
}

/** Generation requests the server saw: the model's (/v1/completions) and the judge's (/v1/chat/completions). */
const requestsSeen = async () => {
  const s = await sim.stats();
  return Object.fromEntries(['/v1/completions', '/v1/chat/completions'].map((route) => [route, Object.values(s.routes[route] ?? {}).reduce((a, b) => a + b, 0)]));
};

describe('a rerun with the same cache and judge', () => {
  it('sends nothing, recomputes no prompt, score, verdict or summary, and writes the same results; a changed judge judges again', async () => {
    const judge = await judgeConfig(0);
    const first = await run(judge);
    const firstDerived = derived(first.stdout);
    assert.ok(firstDerived.prompts![0] > 0 && firstDerived.scores![0] > 0 && firstDerived.verdicts![0] > 0, first.stdout);
    const resultDir = join(work, 'results', 'qwen3.5-9b');
    const reference = await comparableResult(resultDir);
    const seen = await requestsSeen();

    const second = await run(judge);
    const d = derived(second.stdout);
    for (const [stage, [computed, reused]] of Object.entries(d)) {
      assert.equal(computed, 0, `${stage} computed again on a fully cached rerun: ${second.stdout}`);
      assert.ok(reused > 0, stage);
    }
    assert.deepEqual(await requestsSeen(), seen, 'no request of any kind (model or judge) reached the server');
    assert.equal(await comparableResult(resultDir), reference, 'sample files and summary equal the first run\'s apart from timings');

    // Another judge config: its verdicts are new (the heuristic judge's are reused), the rest is reused.
    const third = await run(await judgeConfig(0.5));
    const t = derived(third.stdout);
    assert.equal(t.prompts![0], 0);
    assert.equal(t.scores![0], 0);
    // Every user turn: the changed LLM judge's verdict computed, the heuristic judge's reused.
    const [computed, reused] = t.verdicts!;
    assert.ok(computed > 0 && computed === reused, `the changed LLM judge judges every turn again: ${third.stdout}`);
    assert.equal(t.summaries![0], 1);
  });
});
