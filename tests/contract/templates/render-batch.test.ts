import assert from 'node:assert/strict';
import childProcess, { type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { it } from 'node:test';
import { createRenderProcess, overLimits, RENDER_BATCH } from '../../../runners/templates/render-process.ts';
import type { RenderRequest } from '../../../runners/templates/render-types.ts';

/** Echoes the message, except that 'spin' loops (time, no memory) and 'grow' builds a list past the heap limit. */
const TEMPLATE = {
  source: 'file:submissions/acme/t.jinja',
  template: "{% set c = messages[0].content %}{% if c == 'spin' %}{% for i in range(20000) %}{% for j in range(20000) %}{% endfor %}{% endfor %}{% elif c == 'grow' %}{% for i in range(999999999) %}{% endfor %}{% endif %}[{{ c }}]",
  bos_token: null,
  eos_token: null,
};
const LIMITS = { timeoutMs: 1_500, heapMb: 96 };
const ask = (content: string, first = false): RenderRequest => ({ templateId: 0, ...(first ? { template: TEMPLATE } : {}), messages: [{ role: 'user', content }], addGenerationPrompt: false, kwargs: {} });

/** Runs `during` with `fork` (render-process.ts's) replaced by `replace(fork)`. */
async function withFork(replace: (fork: typeof childProcess.fork) => typeof childProcess.fork, during: () => Promise<void>): Promise<void> {
  const fork = childProcess.fork;
  childProcess.fork = replace(fork);
  syncBuiltinESMExports(); // render-process.ts's `fork` is now this one
  try {
    await during();
  } finally {
    childProcess.fork = fork;
    syncBuiltinESMExports();
  }
}

/** Runs `during` with `fork` handing every render process it starts to `started` first. */
const withForks = (started: (child: ChildProcess) => void, during: () => Promise<void>) =>
  withFork((fork) => ((...args: Parameters<typeof fork>) => {
    const child = fork(...args);
    started(child);
    return child;
  }) as typeof fork, during);

/** Runs `during` with every render process started sleeping `ms` (Infinity: for ever) before it loads, as on a loaded machine. */
const withSlowStart = (ms: number, during: () => Promise<void>) =>
  withFork((fork) => ((module: string, args: readonly string[], options: childProcess.ForkOptions) => {
    const sleep = `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0${Number.isFinite(ms) ? `, ${ms}` : ''});`;
    return fork(module, args, { ...options, execArgv: [...(options.execArgv ?? []), '--import', `data:text/javascript,${encodeURIComponent(sleep)}`] });
  }) as typeof fork, during);

/** The number of renders in each message sent to the render processes that `fork` starts while `during` runs. */
async function messagesSent(during: () => Promise<void>): Promise<number[]> {
  const sizes: number[] = [];
  await withForks((child) => {
    const send = child.send.bind(child) as (m: unknown, ...rest: unknown[]) => boolean;
    child.send = ((m: unknown[], ...rest: unknown[]) => (sizes.push(m.length), send(m, ...rest))) as typeof child.send;
  }, during);
  return sizes;
}

it('renders asked together go in batches of at most RENDER_BATCH: each gets its own answer, in order', { timeout: 30_000 }, async () => {
  const n = RENDER_BATCH * 2 + 5;
  let replies: unknown[] = [];
  const sizes = await messagesSent(async () => {
    const renderer = createRenderProcess(LIMITS);
    replies = await Promise.all(Array.from({ length: n }, (_, i) => renderer.render(ask(`q${i}`, i === 0))));
  });
  assert.deepEqual(replies, Array.from({ length: n }, (_, i) => ({ ok: true, text: `[q${i}]` })));
  // The first render goes at once; the others wait for it and go in as few messages as the cap allows.
  assert.deepEqual(sizes, [1, RENDER_BATCH, RENDER_BATCH, n - 1 - 2 * RENDER_BATCH]);
});

for (const [hostile, why] of [['spin', 'over the time limit'], ['grow', 'out of memory']] as const) {
  it(`a render ${why} inside a batch is the only one refused: the batch is sent again one render at a time`, { timeout: 30_000 }, async () => {
    const renderer = createRenderProcess(LIMITS);
    // The first render goes alone; the next five wait for it and go as one batch, the hostile one in their middle.
    const contents = ['first', 'b', 'c', hostile, 'd', 'e'];
    const replies = await Promise.all(contents.map((c, i) => renderer.render(ask(c, i === 0))));
    assert.deepEqual(
      replies,
      contents.map((c) => (c === hostile ? { ok: false, message: overLimits(LIMITS) } : { ok: true, text: `[${c}]` })),
    );
    // The render process was replaced, and was sent the template again.
    assert.deepEqual(await renderer.render(ask('after')), { ok: true, text: '[after]' });
  });
}

/**
 * Write system calls made so far by a process's main thread (Linux /proc), or null elsewhere. The render process's
 * main thread writes nothing but its replies, one write each.
 */
function mainThreadWrites(pid: number): number | null {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/task/${pid}/io`, 'utf8'))![1]);
  } catch {
    return null;
  }
}

/** Blocks the event loop (the caller's, as a busy caller does) for `ms`, without spinning. */
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

it('a reply waiting in the pipe when the time limit passes is taken, not refused (the caller kept the event loop busy past the limit)', { timeout: 30_000 }, async () => {
  const children: ChildProcess[] = [];
  await withForks((child) => children.push(child), async () => {
    // The caller blocks, not spins, past a run's own limit.
    const limits = { timeoutMs: 5_000, heapMb: 96 };
    const renderer = createRenderProcess(limits);
    assert.deepEqual(await renderer.render(ask('warm', true)), { ok: true, text: '[warm]' });
    const pid = children.at(-1)!.pid!;
    const before = mainThreadWrites(pid);
    const limitPassed = Date.now() + limits.timeoutMs + 20;
    const reply = renderer.render(ask('a'));
    // The event loop held until the reply is in the pipe (the render process wrote it) and the limit has passed, so
    // the limit's timer and the reply are both due when the loop runs again. Without /proc, the limit alone is waited
    // for (5 s for a render of milliseconds).
    const written = () => before === null || mainThreadWrites(pid)! > before;
    const deadline = Date.now() + 20_000;
    while (!(written() && Date.now() >= limitPassed)) {
      assert.ok(Date.now() < deadline, 'the render process wrote no reply in 20 s');
      block(5);
    }
    assert.deepEqual(await reply, { ok: true, text: '[a]' });
  });
});

it('a render process that cannot be started refuses its renders at once, with the reason; the next one that starts renders', { timeout: 30_000 }, async () => {
  const renderer = createRenderProcess(LIMITS);
  const node = process.execPath;
  process.execPath = '/nonexistent/node';
  let replies;
  try {
    replies = await Promise.all(['a', 'b', 'c'].map((c, i) => renderer.render(ask(c, i === 0))));
  } finally {
    process.execPath = node;
  }
  for (const r of replies) assert.match(r.ok ? '' : r.message, /^the render process could not be started or reached \(spawn \/nonexistent\/node ENOENT\)$/);
  assert.deepEqual(await renderer.render(ask('after')), { ok: true, text: '[after]' });
});

it('a render process\'s start-up does not count against the time limit: one ready after 2 s renders under a 0.5 s limit', { timeout: 30_000 }, async () => {
  const limits = { timeoutMs: 500, heapMb: 96 };
  await withSlowStart(2_000, async () => {
    const renderer = createRenderProcess(limits);
    assert.deepEqual(await renderer.render(ask('slow start', true)), { ok: true, text: '[slow start]' });
    // And the limit still holds once it is ready.
    assert.deepEqual(await renderer.render(ask('spin')), { ok: false, message: overLimits(limits) });
  });
});

it('a render process never ready is stopped at the start-up limit, its renders refused as not started; the next one renders', { timeout: 30_000 }, async () => {
  const renderer = createRenderProcess({ ...LIMITS, startupMs: 1_000 });
  let replies;
  await withSlowStart(Infinity, async () => {
    replies = await Promise.all(['a', 'b'].map((c, i) => renderer.render(ask(c, i === 0))));
  });
  for (const r of replies!) assert.deepEqual(r, { ok: false, message: 'the render process could not be started or reached (it was not ready after 1 s)' });
  assert.deepEqual(await renderer.render(ask('after')), { ok: true, text: '[after]' });
});
