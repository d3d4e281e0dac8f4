import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { root } from '../../helpers/processes.ts';

/**
 * In a process of its own (as `userturn run`: nothing else keeps its event loop alive), a CPU stage is closed while
 * the reply to a verify call is on its way: its thread has posted it, the main thread has not read it. The thread's
 * event loop utilisation tells when it has answered: its active time grew (it woke for the call), then stood still
 * (it is back waiting, the reply posted before). A wake-up for something else can end that wait early; the call is
 * then refused by the closing stage. Four attempts, each with a new stage (the thread's exit can also beat the main
 * thread to it, which hid the fault in 1 of 10 attempts); every attempt's events are printed at exit. A file, not
 * --eval: the thread would inherit --input-type and refuse to start.
 */
const SCRIPT = `
import wt from 'node:worker_threads';
import { syncBuiltinESMExports } from 'node:module';
let worker;
const Real = wt.Worker;
wt.Worker = class extends Real { constructor(...a) { super(...a); worker = this; } };
syncBuiltinESMExports();
const { startCpuStage } = await import(${JSON.stringify(join(root, 'runners/probe/cpu-stage.ts'))});
const attempts = [];
process.on('exit', () => console.log(JSON.stringify(attempts)));
const item = { dataset: 'gsm8k', id: 'x', reference_answer: 'so 4\\n#### 4' };
const active = () => worker.performance.eventLoopUtilization().active;
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (let attempt = 0; attempt < 4; attempt++) {
  const events = [];
  attempts.push(events);
  const stage = startCpuStage();
  for (let i = 0; i < 3; i++) await stage.verify(item, '4');
  // The thread idle before the call (its active time still over 50 ms), so that the call is what wakes it.
  for (let a = active(), b = a; ; a = b) {
    pause(50);
    b = active();
    if (b - a < 0.2) break;
  }
  const before = active();
  stage.verify(item, '4').then(() => events.push('reply'), (e) => events.push('refused: ' + e.message));
  await new Promise((r) => setImmediate(r)); // the call's message is posted
  // The main thread blocked (the reply cannot be read) until the thread has answered.
  for (let last = before, a; ; last = a) {
    pause(5);
    a = active();
    if (a > before + 0.01 && a - last < 0.2) break;
  }
  events.push('close');
  await stage.close();
  events.push('closed');
}
`;

it('closing the CPU stage with a reply on its way keeps the process until the thread is gone (the reply must not let go of it)', { timeout: 60_000 }, async () => {
  const script = join(await mkdtemp(join(tmpdir(), 'ut-cpu-close-')), 'close.mjs');
  await writeFile(script, SCRIPT);
  const r = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8', timeout: 50_000 });
  const attempts = JSON.parse(r.stdout.trim() || '[]') as string[][];
  // Before: the reply, read after close() began, unref'd the thread; nothing else held the loop, so the process ended
  // with close() unsettled (["close","reply"], exit 13). In `userturn run` that was exit 70, "nothing was left to wait for".
  const answered = ['close', 'reply', 'closed'];
  const refused = ['close', 'refused: the run closed the CPU stage', 'closed'];
  for (const a of attempts) assert.ok([answered, refused].some((e) => JSON.stringify(e) === JSON.stringify(a)), `${JSON.stringify(attempts)}\n${r.stderr}`);
  assert.equal(attempts.length, 4, `${JSON.stringify(attempts)}\n${r.stderr}`);
  assert.ok(attempts.some((a) => a.includes('reply')), `no attempt had its reply on the way as the stage closed: ${JSON.stringify(attempts)}`);
  assert.equal(r.status, 0, r.stderr);
});
