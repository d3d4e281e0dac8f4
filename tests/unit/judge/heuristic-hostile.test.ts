/**
 * The heuristic judge takes time in proportion to its input on hostile text: `userturn validate` judges every verdict
 * of a results pull request again, on a question, response and user turn the contributor wrote, so a rule whose time
 * grows with the square of the text hangs CI. Each case (tests/helpers/judge-hostile-cases.ts) is judged at n and at
 * 16 × n characters; the larger must take less than 48 times as long (16 for linear time, 256 for quadratic: before
 * the fixes these cases took 88–1,100 times as long). The times are measured against each other in the same test,
 * never against a clock; each is the least of a few runs, each run on a fresh question and response (the judge
 * memoises what it derives from them) and without awaiting (classifyUserTurn, which the judge runs, is synchronous).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyUserTurn } from '../../../runners/judge/heuristic/classify.ts';
import type { JudgeInput } from '../../../runners/core/judge.ts';
import { HOSTILE_CASES } from '../../helpers/judge-hostile-cases.ts';

const GROWTH = 16;
const BOUND = 48;
const ATTEMPTS = 3;

let salt = 0;
/** The least time of `runs` judgements of the input, each with a question and a response no earlier run had. */
function leastMs(input: JudgeInput, runs: number): number {
  let least = Infinity;
  for (let r = 0; r < runs; r++) {
    salt++;
    const question = `${String(input.question)} zsalt${salt}`;
    const response = `${String(input.response)} zsalt${salt}`;
    const t0 = performance.now();
    classifyUserTurn(question, response, String(input.user_turn));
    least = Math.min(least, performance.now() - t0);
  }
  return least;
}

test('heuristic judge: hostile text takes time in proportion to its length', () => {
  classifyUserTurn('Warm up.', 'The rules load.', 'Thanks!');
  const slow: string[] = [];
  for (const c of HOSTILE_CASES) {
    // A case over the bound is measured again, up to ATTEMPTS times in all, and judged by its best attempt: a busy
    // machine (CI on two loaded cores) once stretched a linear case to 55 times, while a quadratic one stays over
    // the bound every time (88–1,100 times before the fixes).
    let best = { ratio: Infinity, text: '' };
    for (let attempt = 0; attempt < ATTEMPTS && best.ratio > BOUND; attempt++) {
      const small = Math.max(leastMs(c.make(c.n), 3), 0.05); // below 0.05 ms the timer's resolution decides
      const large = leastMs(c.make(GROWTH * c.n), 2);
      if (large / small < best.ratio) best = { ratio: large / small, text: `${c.name}: ${small.toFixed(2)} ms at ${c.n} characters, ${large.toFixed(1)} ms at ${GROWTH * c.n} (${(large / small).toFixed(0)} times)` };
    }
    if (best.ratio > BOUND) slow.push(best.text);
  }
  assert.deepEqual(slow, [], `time grows faster than the length (${GROWTH} times the length may take at most ${BOUND} times as long)`);
});
