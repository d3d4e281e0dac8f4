import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProgress, noColor } from '../../../runners/probe/progress.ts';

describe('progress output', () => {
  it('on a TTY: one redrawn line with a bar, rate and ETA, closed by a newline', () => {
    let out = '';
    const p = createProgress({ tty: true, intervalMs: 10_000, write: (s) => (out += s) });
    p.update(5, 10);
    p.update(10, 10);
    p.finish();
    assert.ok(out.startsWith('\r['));
    assert.match(out, /requests 10\/10 \(100%\) [\d.]+\/s ETA/);
    assert.equal(out.split('\n').length, 2, 'a single line until finish');
  });
  it('not a TTY: plain lines at most every interval, and the last one always', () => {
    const lines: string[] = [];
    const p = createProgress({ tty: false, intervalMs: 60_000, write: (s) => lines.push(s) });
    for (let i = 1; i <= 100; i++) p.update(i, 100);
    p.finish();
    assert.equal(lines.length, 2);
    assert.ok(lines.every((l) => l.endsWith('\n') && !l.includes('\r')));
    assert.match(lines[1]!, /^requests 100\/100 \(100%\)/);
  });
});

describe('while no request finishes', () => {
  it('a line every interval all the same, with what is in flight, retried and failed; none after finish or close', (t) => {
    t.mock.timers.enable({ apis: ['setInterval'] });
    const lines: string[] = [];
    let detail = ' · 13 in flight';
    const p = createProgress({ tty: false, intervalMs: 10_000, write: (s) => lines.push(s), detail: () => detail });
    p.start(13);
    assert.equal(lines.length, 0, 'nothing at the start');
    t.mock.timers.tick(10_000);
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /^requests 0\/13 \(0%\) 0\.0\/s ETA \? · 13 in flight\n$/);
    detail = ' · 13 in flight, 2 retries';
    t.mock.timers.tick(10_000);
    assert.match(lines[1]!, /· 13 in flight, 2 retries\n$/);
    p.close();
    t.mock.timers.tick(60_000);
    assert.equal(lines.length, 2, 'closed: no more lines');
  });
});

describe('NO_COLOR', () => {
  const drawn = (ansi: boolean | undefined): string => {
    let out = '';
    const p = createProgress({ tty: true, intervalMs: 10_000, write: (s) => (out += s), ansi });
    p.update(5, 10);
    p.update(10, 10);
    p.finish();
    return out;
  };
  it('is read as set only when not empty', () => {
    assert.equal(noColor({ NO_COLOR: '1' }), true);
    assert.equal(noColor({ NO_COLOR: '' }), false);
    assert.equal(noColor({}), false);
  });
  it('without ANSI the TTY bar is redrawn with carriage returns and spaces, no escape sequence', () => {
    const out = drawn(false);
    assert.ok(!out.includes('\x1b'), JSON.stringify(out));
    assert.match(out, /^\r\[/);
    assert.match(out, /requests 10\/10 \(100%\)/);
    assert.ok(drawn(true).includes('\x1b[K'), 'the default keeps erase-to-end-of-line');
  });
});
