/**
 * `userturn judge` whose output cannot be written (--out on a full disk, a closed stdout) fails, and stops its LLM
 * judge with it: the verdicts in flight are given up and no attempt or retry is sent after the failure, as on a verdict
 * the cache cannot store (verdict-storage-fails.test.ts). Before, judgeJsonl threw at the failed write and left the
 * verdicts in flight running: their retries reached the judge endpoint after the command had failed, and the process
 * lived on until the slowest came back.
 */
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { judgeJsonl } from '../../../runners/judge/batch/run-batch.ts';
import { JudgeConfig } from '../../../runners/judge/llm/config.ts';
import { createLlmJudge } from '../../../runners/judge/llm/judge.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';

// The simulator's judge answers a turn tagged so this late and malformed, every attempt: a judge not stopped retries.
const SLOW_MS = 1500;

let sim: RunningSim;
before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 });
});
after(() => sim.close());

/** Judge requests the simulator received (on arrival, answered or not). */
const received = async (): Promise<number> => ((await (await fetch(`${sim.url}/sim/judge-requests`)).json()) as { requests: unknown[] }).requests.length;

test('an output line that cannot be written stops the LLM judge: nothing is sent after it, no verdict is left running', { timeout: 30_000 }, async () => {
  const work = await mkdtemp(join(tmpdir(), 'ut-judge-out-fails-'));
  const input = join(work, 'in.jsonl');
  // The first turn is answered at once; the three after it are in flight when its line fails to be written.
  const turns = ['Why 42?', ...[1, 2, 3].map((i) => `[[judge:slow${SLOW_MS}-malformed]] And ${i} more?`)];
  await writeFile(input, turns.map((u, i) => JSON.stringify({ id: `t${i}`, question: 'What is 6 times 7?', response: 'It is 42.', user_turn: u })).join('\n') + '\n');
  const judge = createLlmJudge(JudgeConfig.parse({ base_url: `${sim.url}/v1`, model: 'judge', retries: 2, backoff_ms: 0, timeout_ms: 10_000 }));
  const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

  const started = performance.now();
  await assert.rejects(
    judgeJsonl(input, judge, {
      concurrency: 4,
      emit: () => {
        throw full;
      },
      onProblem: (m) => assert.fail(m),
    }),
    (e) => e === full,
  );
  const failedAfter = performance.now() - started;
  assert.equal(await received(), 4, 'each verdict asked once before the failure');
  // Retries of the three slow verdicts would come SLOW_MS after their first attempts.
  await new Promise((r) => setTimeout(r, SLOW_MS + 500));
  assert.equal(await received(), 4, 'a judge request was sent after the output failed');
  assert.ok(failedAfter < SLOW_MS, `judgeJsonl failed ${Math.round(failedAfter)} ms after it started`);
});
