import assert from 'node:assert/strict';
import childProcess from 'node:child_process';
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

/** The number of renders in each message sent to the render processes that `fork` starts while `during` runs. */
async function messagesSent(during: () => Promise<void>): Promise<number[]> {
  const sizes: number[] = [];
  const fork = childProcess.fork;
  childProcess.fork = ((...args: Parameters<typeof fork>) => {
    const child = fork(...args);
    const send = child.send.bind(child) as (m: unknown, ...rest: unknown[]) => boolean;
    child.send = ((m: unknown[], ...rest: unknown[]) => (sizes.push(m.length), send(m, ...rest))) as typeof child.send;
    return child;
  }) as typeof fork;
  syncBuiltinESMExports(); // render-process.ts's `fork` is now the counting one
  try {
    await during();
  } finally {
    childProcess.fork = fork;
    syncBuiltinESMExports();
  }
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

it('a reply waiting in the pipe when the time limit passes is taken, not refused (the caller kept the event loop busy past the limit)', { timeout: 30_000 }, async () => {
  const renderer = createRenderProcess({ timeoutMs: 300, heapMb: 96 });
  assert.deepEqual(await renderer.render(ask('warm', true)), { ok: true, text: '[warm]' });
  const reply = renderer.render(ask('a'));
  const until = Date.now() + 1_000;
  while (Date.now() < until); // the render takes milliseconds; its reply is read only after this
  assert.deepEqual(await reply, { ok: true, text: '[a]' });
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
