/**
 * The stream reader (runners/client/sse-completion.ts) with and without its fast path (sse-fast-chunk.ts), on
 * streams written as `userturn sim` writes them (streamEvents: one chunk per word, a usage chunk, [DONE]), each body
 * pushed in one piece as the simulator sends it. Rounds alternate the two; each prints wall and CPU ms per 1,000
 * streams and the garbage collections V8 ran in it (with a fixed young generation, e.g. `--min-semi-space-size=1
 * --max-semi-space-size=1`, their count follows the bytes allocated). Not a test.
 *   npx node bench/sse-reader.ts [--streams 2000] [--words 40] [--rounds 5]
 */
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseScriptArgs } from '../runners/core/args.ts';
import { createSseCompletionReader } from '../runners/client/sse-completion.ts';
import { streamEvents } from '../runners/sim/stream-route.ts';
import { mulberry32 } from '../src/lib/metrics/prng.ts';

const USAGE = 'usage: npx node bench/sse-reader.ts [--streams N] [--words N] [--rounds N]';
const { values } = parseScriptArgs(process.argv.slice(2), { streams: { type: 'string', default: '2000' }, words: { type: 'string', default: '40' }, rounds: { type: 'string', default: '5' } }, USAGE);
const [streams, words, rounds] = [values.streams, values.words, values.rounds].map(Number) as [number, number, number];

const WORDS = ['the', 'question', 'is', 'why', 'seven?', 'could', 'you', 'explain', 'that', 'again,', 'please', '"step"', 'by', 'step', '—', 'café', 'naïve', '😀', 'and', 'then'];
const rng = mulberry32(16);
const bodies = Array.from({ length: streams }, () => {
  const text = Array.from({ length: words }, () => WORDS[Math.floor(rng() * WORDS.length)]).join(' ');
  const { chunks, usage } = streamEvents({ model: 'Qwen/Qwen3-8B', text, finish_reason: 'stop', usage: { prompt_tokens: 300, completion_tokens: words, total_tokens: 300 + words } }, true);
  return new TextEncoder().encode(`${chunks.join('')}${usage}data: [DONE]\n\n`);
});
const read = (fastPath: boolean, body: Uint8Array) => {
  const reader = createSseCompletionReader({ fastPath });
  reader.push(body);
  return reader.end();
};
for (const b of bodies.slice(0, 50)) if (JSON.stringify(read(true, b)) !== JSON.stringify(read(false, b))) throw new Error('the two paths differ');

let gcs = 0;
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcs++;
    gcMs += e.duration;
  }
}).observe({ entryTypes: ['gc'] });

console.log(`${streams} streams of ${words} words (${(bodies.reduce((n, b) => n + b.length, 0) / streams).toFixed(0)} bytes each), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (let round = 0; round < rounds; round++) {
  for (const fastPath of [false, true]) {
    const [g0, gm0, cpu0, t0] = [gcs, gcMs, process.cpuUsage(), performance.now()];
    for (const b of bodies) read(fastPath, b);
    const [wall, cpu] = [performance.now() - t0, process.cpuUsage(cpu0)];
    await new Promise((r) => setTimeout(r, 20)); // the round's gc entries arrive after it
    const per = 1000 / streams;
    console.log(`round ${round + 1} ${fastPath ? 'fast path ' : 'JSON.parse'}  ${(wall * per).toFixed(1).padStart(6)} ms wall  ${(((cpu.user + cpu.system) / 1000) * per).toFixed(1).padStart(6)} ms CPU per 1,000 streams  ${gcs - g0} gcs (${(gcMs - gm0).toFixed(1)} ms)`);
  }
}
