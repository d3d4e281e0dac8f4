import { join } from 'node:path';
import v8 from 'node:v8';
import { defaultCacheRoot } from '../core/defaults.ts';

/**
 * The V8 flags a run starts with. V8's flags belong to the whole process, and V8 documents changing one while it runs
 * as a risk of crashes. The second was set by the CPU stage's thread as it started, while the main thread was reading
 * answers; on 2026-11-26 a `userturn run` died of SIGSEGV at that moment (1 confirmed and 2 likely in some 50 runs of
 * the end-to-end test under a parallel load, none in 16 since the flag moved here; the cause is not proven).
 * - `--max-semi-space-size=4`: the young-generation cap (it cannot be changed once the heap exists; reexecWithHeapFlags
 *   says what it saves).
 * - `--no-regexp-tier-up`: the judge's rules are hundreds of large case-insensitive Unicode patterns, which V8 by
 *   default compiles twice (to bytecode at a pattern's first match, to machine code at its second); straight to machine
 *   code skips the first, most of their cost. Measured 2026-11-26: the first 12 verdicts of a fresh CPU-stage thread
 *   took 131-134 ms of CPU instead of 215-267 ms, later verdicts the same (bench/judge-heuristic.ts: 0.052-0.053 ms
 *   each either way), a 4k-request run 0.566 instead of 0.589 ms per request, for 0-4 MB more peak RSS.
 */
export const START_FLAGS = ['--max-semi-space-size=4', '--no-regexp-tier-up'] as const;

/**
 * A probe run allocates steadily (a response, a prompt, a verdict per request) but keeps little alive. V8's
 * default heap growth lets the old generation grow to several times the live set between major GCs
 * (measured: 540 MB RSS for 17k requests with ~110 MB live). A fixed 20% growth step keeps the heap close to the
 * live set. Each step costs a full marking of the live set, on V8's helper threads (3.8 of a 20k run's 11.3 s of
 * CPU), and larger steps were measured (2026-11-26, quiet machine): 30% used 0.58 ms of CPU per request at 20k @ 512
 * against 0.60–0.63 ms, and 40% 0.51 ms, but their peak RSS at 100k (234–242 and 239 MB) was more than 1.1× the
 * 20k peak (213–225 MB): memory would no longer be flat with the run's length. This flag is read whenever the heap
 * limit is recomputed, so setting it at run time works. It is set here, by the main thread before the run starts a
 * thread of its own, and not with START_FLAGS: from the process's start it also steps the heap while the run loads its
 * code and datasets, and a 20k-request run then made 34-36 major GCs instead of 28-29 and spent 4-7% more CPU per
 * request (medians of two alternated sets of 3 runs each, 2026-11-26; peak RSS the same).
 */
export function tuneHeapForLongRuns(): void {
  v8.setFlagsFromString('--heap-growing-percent=20');
}

/**
 * glibc's malloc, tuned for a long run. It gives threads arenas of their own (up to 8 per core), and memory freed
 * in one is not reused by another: with the main thread, the CPU stage's thread and Node's helper threads
 * allocating buffers, a 20k-request run held some 25 MB more RSS than with two arenas (230 against 205 MB at
 * 20k @ 512, CPU per request unchanged). And it raises its mmap threshold to the size of every mapped block freed,
 * so later large buffers come from the arenas and leave holes there: with the threshold fixed at 128 KB a run
 * peaked 4–8 MB lower at 20k and 9 MB lower at 100k (203–207 against 208–216 MB, 220 against 229 MB).
 * Read by glibc at process start only; other C libraries ignore them. A value the user set is kept.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Node's compile cache (NODE_COMPILE_CACHE, read at start-up, inherited by the CPU stage's thread and the render
 * process): modules compiled once are loaded from it, and TypeScript that was stripped once is not stripped again,
 * so the stripper (a WebAssembly build of swc) is not even loaded. Measured on 2026-11-26: a thread that strips
 * TypeScript costs some 40 ms of CPU and 17 MB of RSS more; a 20k-request run peaked at 188-189 MB with the cache
 * against 201-211 MB without, and a 4k run used 4% less CPU per request. The folder sits in the runner's cache
 * (USERTURN_CACHE_DIR, else ~/.cache/userturn), owned by the user; Node keys entries by its version and by each
 * file's content. A NODE_COMPILE_CACHE the user set is kept, and NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
export function compileCacheEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return env.NODE_DISABLE_COMPILE_CACHE ? {} : { NODE_COMPILE_CACHE: join(defaultCacheRoot(), 'node-compile-cache') };
}

/** The environment a run starts with: malloc's settings and the compile cache (values the user set win). */
export const runStartEnv = (): Record<string, string> => ({ ...MALLOC_ENV, ...compileCacheEnv() });

/** The START_FLAGS a process was not started with; a value the user gave (another semi-space size, say) is kept. */
export const missingStartFlags = (execArgv: readonly string[]): string[] => START_FLAGS.filter((f) => !execArgv.some((a) => a.startsWith(f.split('=')[0]!)));

/**
 * The young generation (64 MB by default on this kind of machine) can only be capped at start-up, and malloc's
 * arenas and the compile cache only through the environment at start-up. Measured on a 17k-request run: peak RSS
 * 314 MB by default, 229 MB with 8 MB semi-spaces; 4 MB saves ~15 MB more at 20k requests for a few % of CPU. When
 * the process was not started with all of them, replace it with itself plus the flag and runStartEnv():
 * process.execve keeps the PID, the stdio and the rest of the environment, so signals (kill -9) and exit codes
 * behave exactly as without it. Skipped where execve is unavailable (Windows) or when USERTURN_NO_REEXEC=1.
 */
export function reexecWithHeapFlags(): void {
  if (process.env.USERTURN_NO_REEXEC === '1' || process.env.USERTURN_REEXECED === '1') return;
  if (typeof process.execve !== 'function') return;
  const missing = missingStartFlags(process.execArgv);
  const wanted = runStartEnv();
  if (missing.length === 0 && Object.keys(wanted).every((k) => process.env[k] !== undefined)) return;
  const flags = [...missing, ...process.execArgv];
  process.execve(process.execPath, [process.execPath, ...flags, ...process.argv.slice(1)], { ...wanted, ...process.env, USERTURN_REEXECED: '1' });
}
