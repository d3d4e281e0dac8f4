import { memoryCache } from '../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../runners/client/completions-client.ts';
import type { CompletionBody } from '../../runners/client/types.ts';

/** Wall time and CPU of one measured loop (CPU of this whole process: nothing else runs in it meanwhile). */
export interface LoopFigures {
  requests: number;
  wall_s: number;
  cpu_ms: number;
  failed: number;
}

const QUESTION = 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?';

/** A realistic user-turn request (Qwen-style prompt); `tag` makes every body unique (no cache, no de-duplication). */
export const benchBody = (tag: string, i: number): CompletionBody => ({
  model: 'userturn-sim/aware',
  prompt: `<|im_start|>user\n${QUESTION} (#${tag}-${i})<|im_end|>\n<|im_start|>assistant\nIn May she sold 48 / 2 = 24 clips.\nAltogether she sold 48 + 24 = 72 clips.\n\nThe answer is 72.<|im_end|>\n<|im_start|>user\n`,
  max_tokens: 512, temperature: 1, top_p: 1, seed: i, stop: ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user'],
});

/** `n` tasks, at most `concurrency` at a time, as plain workers pulling the next index. */
async function pool(n: number, concurrency: number, task: (i: number) => Promise<boolean>): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < n) if (!(await task(next++))) failed++;
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  return failed;
}

async function measured(n: number, run: () => Promise<number>): Promise<LoopFigures> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const failed = await run();
  const wall_s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { requests: n, wall_s, cpu_ms: (cpu.user + cpu.system) / 1000, failed };
}

/**
 * The floor: the global fetch in a loop, the same streamed request the runner sends (stream + usage), its body
 * read to the end and nothing done with it. No retry, no parse, no cache: what any client must at least spend.
 */
export function floorLoop(url: string, n: number, concurrency: number, tag: string): Promise<LoopFigures> {
  const endpoint = `${url}/v1/completions`;
  return measured(n, () =>
    pool(n, concurrency, async (i) => {
      const body = JSON.stringify({ ...benchBody(tag, i), stream: true, stream_options: { include_usage: true } });
      const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer none' }, body });
      const text = await res.text();
      return res.ok && text.endsWith('data: [DONE]\n\n');
    }),
  );
}

/** userturn's client alone (retries, timeouts, streaming, validation; an in-memory cache), same requests. */
export function clientLoop(url: string, n: number, concurrency: number, tag: string): Promise<LoopFigures> {
  const client = createCompletionsClient({ baseURLs: [`${url}/v1`], concurrency, timeoutMs: 120_000, maxAttempts: 4, backoffBaseMs: 200, backoffMaxMs: 5000, cache: memoryCache() });
  return measured(n, () =>
    pool(n, concurrency, (i) =>
      client.complete(benchBody(tag, i)).then(
        () => true,
        () => false,
      ),
    ),
  );
}
