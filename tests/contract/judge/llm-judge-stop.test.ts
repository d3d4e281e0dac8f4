import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { JudgeConfig } from '../../../runners/judge/llm/config.ts';
import { createLlmJudge } from '../../../runners/judge/llm/judge.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';

let sim: RunningSim;
before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 });
});
after(() => sim.close());

const item = { id: 'x', question: 'What is 6 times 7?', response: 'It is 42.', user_turn: 'Why not 48?' };
/** Judge requests the simulator received (on arrival, answered or not). */
const received = async (): Promise<number> => ((await (await fetch(`${sim.url}/sim/judge-requests`)).json()) as { requests: unknown[] }).requests.length;

test('stop gives up the judge attempt in flight and sends no retry: the verdict is judge_error at once', async () => {
  await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
  // The first attempt waits 2 s and is malformed; its retry would be sent 200 ms later.
  const config = JudgeConfig.parse({ base_url: `${sim.url}/v1`, model: 'judge-slow2000-malformed', retries: 2, backoff_ms: 200, timeout_ms: 10_000 });
  const judge = createLlmJudge(config);
  const started = performance.now();
  const verdict = judge.judge(item);
  setTimeout(() => judge.stop!(new Error('samples/gsm8k.jsonl: cannot write results')), 300);
  const v = await verdict;
  assert.ok(performance.now() - started < 1500, `the verdict came ${Math.round(performance.now() - started)} ms after it was asked`);
  assert.deepEqual(v, { kind: 'judge_error', reason: 'not judged: the run stopped (samples/gsm8k.jsonl: cannot write results)', judge: judge.stamp.id });
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await received(), 1, 'one attempt reached the judge, no retry');
  // Asked after the stop: no request at all.
  assert.equal((await judge.judge({ ...item, id: 'y', user_turn: 'And 6 times 8?' })).kind, 'judge_error');
  assert.equal(await received(), 1, 'nothing sent after the stop');
});
