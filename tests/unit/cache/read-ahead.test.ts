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
  it('holds rows until its budget is spent, keeps the rows handed out lately, and forgets a dropped one', () => {
    const budget = { chars: 5 };
    const rows = readAhead<string>(budget, (add) => {
      for (const [k, v] of [['a', 'xx'], ['b', 'yyy'], ['c', 'z']]) if (!add(k!, v!, v!.length)) break;
    });
    assert.equal(budget.chars, 0);
    assert.equal(rows.take('c'), undefined, 'past the budget: not held');
    rows.drop('b');
    assert.equal(rows.take('b'), undefined);
    assert.equal(rows.take('a'), 'xx');
    assert.equal(rows.take('a'), 'xx', 'a twin asking again finds it');
    rows.drop('a');
    assert.equal(rows.take('a'), undefined);
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
