/**
 * The openai SDK's request path against a direct request on the same keep-alive transport (undici's dispatcher; issue 16,
 * item 3; a benchmark, not a test): the same streamed /v1/completions to `userturn sim` (20 ms latency), alternating,
 * CPU per request of each. The SDK path is what the runner used before direct-completion.ts: the SDK over the
 * runner's fetch shim, the event stream read by readStreamedCompletion.
 * Usage: node bench/runner-sdk-vs-direct.ts [--requests 4000 --concurrency 128 --reps 3]
 */
import { loadavg } from 'node:os';
import OpenAI from 'openai';
import { parseScriptArgs } from '../runners/core/args.ts';
import { createHttpFetch } from '../runners/client/http-fetch.ts';
import { createHttpTransport } from '../runners/client/http-transport.ts';
import { postCompletion } from '../runners/client/direct-completion.ts';
import { readStreamedCompletion } from '../runners/client/sse-completion.ts';
import { benchBody } from './runner/loops.ts';
import { startSim } from './runner/fixture.ts';

const USAGE = 'usage: node bench/runner-sdk-vs-direct.ts [--requests N] [--concurrency C] [--reps R]\n\nCPU per request: the openai SDK against a direct request on the same transport.';
const { values } = parseScriptArgs(process.argv.slice(2), { requests: { type: 'string', default: '4000' }, concurrency: { type: 'string', default: '128' }, reps: { type: 'string', default: '3' } }, USAGE);
for (const k of ['requests', 'concurrency', 'reps'] as const) {
  if (!/^[1-9]\d*$/.test(values[k] ?? '')) {
    console.error(`--${k} must be a whole number ≥ 1, got "${values[k]}"\n\n${USAGE}`);
    process.exit(2);
  }
}
const [n, c, reps] = [Number(values.requests), Number(values.concurrency), Number(values.reps)];
const sim = await startSim(20);
const base = `${sim.url}/v1`;
const http = createHttpTransport(1024);
const sdk = new OpenAI({ baseURL: base, apiKey: 'none', maxRetries: 0, timeout: 60_000, fetch: createHttpFetch(1024, undefined, http) });
const viaSdk = async (i: number) => {
  const wire = { ...benchBody('sdk', i), stream: true, stream_options: { include_usage: true } } as any;
  const res = await sdk.completions.create(wire, { timeout: 60_000, maxRetries: 0 }).asResponse();
  return readStreamedCompletion(res.body);
};
const direct = (i: number) => postCompletion(http, base, benchBody('direct', i), 60_000, true, undefined);
async function loop(f: (i: number) => Promise<unknown>, n: number, c: number) {
  let next = 0;
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: c }, async () => { while (next < n) await f(next++); }));
  const u = process.cpuUsage(cpu0);
  return (u.user + u.system) / 1000 / n;
}
await loop(direct, 500, 64); await loop(viaSdk, 500, 64);
console.log(`${n} requests at concurrency ${c}, ${new Date().toISOString()}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (let r = 0; r < reps; r++) {
  const a = await loop(viaSdk, n, c);
  const b = await loop(direct, n, c);
  console.log(`rep ${r + 1}: SDK ${a.toFixed(3)} ms CPU/request, direct ${b.toFixed(3)} ms (${(a - b).toFixed(3)} ms, ${(a / b).toFixed(2)}×)`);
}
sim.stop();
process.exit(0);
