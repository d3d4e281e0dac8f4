import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { test } from 'node:test';
import { closing, createPacer } from '../../../runners/sim/pacing.ts';

/** A response that records what was written and whether (and with what) it was ended. */
function fakeResponse() {
  const r = {
    destroyed: false,
    writes: [] as string[],
    ended: null as string | null,
    write(s: string) {
      r.writes.push(s);
      return true;
    },
    end(s: string, cb?: () => void) {
      r.ended = s;
      cb?.();
      return r;
    },
  };
  return r;
}
const asRes = (r: ReturnType<typeof fakeResponse>) => r as unknown as ServerResponse;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('unpaced: the whole stream in one end() with its callback, as before pacing existed', async () => {
  const r = fakeResponse();
  let ended = 0;
  assert.equal(await createPacer(0).send(asRes(r), ['a', 'b', 'c'], true, () => ended++), true);
  assert.deepEqual([r.writes, r.ended, ended], [[], 'abc', 1]);
  const w = fakeResponse();
  await createPacer(0).send(asRes(w), ['a', 'b'], false);
  assert.deepEqual([w.writes, w.ended], [['ab'], null]);
});

test('paced: the first piece at once, then one per step; the last ends the response; the timer stops when idle', async (t) => {
  const intervals = t.mock.method(globalThis, 'setInterval');
  const clears = t.mock.method(globalThis, 'clearInterval');
  const pacer = createPacer(5);
  const r = fakeResponse();
  let ended = 0;
  const sent = pacer.send(asRes(r), ['a', 'b', 'c'], true, () => ended++);
  assert.deepEqual([r.writes, r.ended], [['a'], null], 'the first piece leaves with the call');
  assert.equal(await sent, true);
  assert.deepEqual([r.writes, r.ended, ended], [['a', 'b'], 'c', 1]);
  assert.equal(clears.mock.callCount(), 1, 'no stream left: the step timer is cleared');
  // A later stream starts a new timer (the old one is gone), and streams in flight share one.
  const [x, y] = [fakeResponse(), fakeResponse()];
  await Promise.all([pacer.send(asRes(x), ['1', '2'], true), pacer.send(asRes(y), ['p', 'q', 'r'], false)]);
  assert.deepEqual([x.ended, y.writes, y.ended], ['2', ['p', 'q', 'r'], null]);
  assert.equal(intervals.mock.callCount(), 2);
  assert.equal(clears.mock.callCount(), 2);
});

test('a response destroyed between steps is dropped: send resolves false, nothing more is written, no end', async () => {
  const pacer = createPacer(5);
  const r = fakeResponse();
  let ended = 0;
  const sent = pacer.send(asRes(r), ['a', 'b', 'c', 'd'], true, () => ended++);
  r.destroyed = true;
  assert.equal(await sent, false);
  await sleep(20);
  assert.deepEqual([r.writes, r.ended, ended], [['a'], null, 0]);
});

test('close() settles every stream in flight (false) and stops stepping', async () => {
  const pacer = createPacer(5);
  const r = fakeResponse();
  const sent = pacer.send(asRes(r), ['a', 'b', 'c', 'd'], true);
  pacer.close();
  assert.equal(await sent, false);
  await sleep(20);
  assert.deepEqual([r.writes, r.ended], [['a'], null]);
});

test('closing() puts the trailing events in the last piece, as engines send them right after the last token', () => {
  assert.deepEqual(closing(['a', 'b'], '[DONE]'), ['a', 'b[DONE]']);
  assert.deepEqual(closing([], 'x'), ['x']);
});
