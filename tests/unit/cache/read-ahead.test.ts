import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { readAhead } from '../../../runners/cache/read-ahead.ts';
import { openRunCache } from '../../../runners/cache/run-cache.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'ut-ahead-')), 'requests.sqlite');
const answer = (text: string) => ({ text, finish_reason: 'stop', model: 'm', latency_ms: 5 });

describe('read-ahead', () => {
  it('scanned() counts the rows of the one scan, says when the budget cut it, and does not scan again', () => {
    let scans = 0;
    const budget = { chars: 5 };
    const rows = readAhead<string>(budget, (add) => {
      scans++;
      for (const [k, v] of [['a', 'xx'], ['b', 'yyy'], ['c', 'z']]) if (!add(k!, v!, v!.length)) break;
    });
    assert.deepEqual(rows.scanned(), { rows: 2, complete: false });
    assert.equal(rows.take('a'), 'xx');
    assert.deepEqual(rows.scanned(), { rows: 2, complete: false }, 'what the file held at the scan, not what is left');
    assert.equal(scans, 1);
    const all = readAhead<string>({ chars: 100 }, (add) => void add('a', 'x', 1));
    assert.deepEqual(all.scanned(), { rows: 1, complete: true });
  });

  it('holds rows until its budget is spent, keeps the rows handed out lately, and forgets a rewritten one', () => {
    const budget = { chars: 5 };
    const rows = readAhead<string>(budget, (add) => {
      for (const [k, v] of [['a', 'xx'], ['b', 'yyy'], ['c', 'z']]) if (!add(k!, v!, v!.length)) break;
    });
    assert.equal(rows.take('c'), undefined, 'past the budget: not held');
    assert.equal(budget.chars, 0, 'the scan ran at the first lookup');
    assert.equal(rows.mayHold('c'), true, 'a scan cut by the budget cannot tell a miss');
    rows.written('b');
    assert.equal(rows.take('b'), undefined);
    assert.equal(rows.take('a'), 'xx');
    assert.equal(rows.take('a'), 'xx', 'a twin asking again finds it');
    rows.written('a');
    assert.equal(rows.take('a'), undefined);
  });

  it('after a complete scan a miss needs no query, unless the key was written or handed out since', () => {
    let scans = 0;
    const rows = readAhead<number>({ chars: 100 }, (add) => {
      scans++;
      add('a', 1, 1);
    });
    assert.equal(scans, 0, 'nothing is read before the first lookup');
    assert.equal(rows.mayHold('x'), false, 'not in a complete scan: the file has no such row');
    rows.written('x');
    assert.equal(rows.mayHold('x'), true, 'written since the scan: the file has it');
    assert.equal(rows.take('a'), 1);
    assert.equal(rows.mayHold('a'), true, 'handed out: a later lookup may have to find it in the file');
    assert.equal(rows.mayHold('y'), false);
    assert.equal(scans, 1, 'one scan');
  });

  it('forgets rows handed out long ago (memory drains as a rerun proceeds)', () => {
    const n = 5000;
    const rows = readAhead<number>({ chars: n }, (add) => {
      for (let i = 0; i < n; i++) add(`k${i}`, i, 1);
    });
    for (let i = 0; i < n; i++) assert.equal(rows.take(`k${i}`), i);
    assert.equal(rows.take(`k${n - 1}`), n - 1, 'the latest is still held');
    assert.equal(rows.take('k0'), undefined, 'the first is gone');
  });

  it('a reopened cache answers from its scan, finds rows written after it, and still checks every checksum', async () => {
    const file = fresh();
    const first = openRunCache(file, { scope: 's' });
    await Promise.all(['k1', 'k2', 'k3'].map((k) => first.responses.put(k, answer(`text of ${k}`))));
    first.stages.put('verdict', 'j', 'v1', { kind: 'ok' });
    first.close();
    const db = new DatabaseSync(file);
    db.exec(`UPDATE responses SET text = 'tampered' WHERE key = 'k3'`);
    db.close();
    const reports: string[] = [];
    const again = openRunCache(file, { scope: 's', onCorruptRow: (m) => reports.push(m) });
    assert.equal(again.responses.get('k1')?.text, 'text of k1');
    assert.equal(again.responses.get('k1')?.text, 'text of k1', 'asked twice');
    assert.equal(again.responses.get('k3'), null, 'an altered row is a miss');
    assert.equal(reports.length, 1);
    await again.responses.put('k4', answer('new'));
    assert.equal(again.responses.get('k4')?.text, 'new', 'a row written after the scan');
    await again.responses.put('k2', answer('replaced'));
    assert.equal(again.responses.get('k2')?.text, 'replaced', 'a replaced row is not served from the scan');
    assert.deepEqual(again.stages.get('verdict', 'j', 'v1'), { kind: 'ok' });
    assert.equal(again.stages.get('verdict', 'j', 'missing'), undefined);
    again.stages.put('verdict', 'j', 'missing', { kind: 'late' });
    assert.deepEqual(again.stages.get('verdict', 'j', 'missing'), { kind: 'late' });
    again.close();
    const other = openRunCache(file, { scope: 'other weights' });
    assert.equal(other.responses.get('k1'), null, 'another scope reads none of these rows');
    other.close();
  });
});
