import { parentPort, workerData } from 'node:worker_threads';
import { createHeuristicJudge } from '../judge/heuristic/judge.ts';
import type { RejudgeReply, RejudgeRequest } from './rejudge-deadline.ts';

/**
 * validate's re-judging thread (rejudge-deadline.ts): the heuristic judge on a batch of samples per message, the
 * verdicts back as one message. Before each sample it writes the sample's number and the time it started into the
 * shared `clock`, which the main thread reads to stop a sample that runs past the deadline.
 */
const clock = new Float64Array(workerData.clock as SharedArrayBuffer);
const judge = createHeuristicJudge();
// The rules are loaded (and their patterns compiled) before the first sample's clock starts: the deadline is the
// sample's own time, not the thread's start-up.
const ready = judge.judge({ id: 'warm-up', question: 'Tom has 3 apples and buys 5 more. How many apples does he have?', response: 'Tom has 3 + 5 = 8 apples.', user_turn: 'Why did you add them instead of multiplying?' });

// Batches are judged one after another, in the order they came.
let queue: Promise<unknown> = ready;
parentPort!.on('message', (batch: RejudgeRequest[]) => {
  queue = queue.then(async () => {
    const replies: RejudgeReply[] = [];
    for (const { n, input } of batch) {
      clock[1] = Date.now();
      clock[0] = n;
      replies.push({ n, verdict: await judge.judge(input) });
    }
    parentPort!.postMessage(replies);
  });
});
