import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { createGroupCommit, GROUP_COMMIT } from '../../../runners/cache/group-commit.ts';
import { openSqliteCache } from '../../../runners/cache/sqlite-cache.ts';
import { StorageError } from '../../../runners/io/storage-error.ts';

const answer = (i: number) => ({ text: `The answer is ${i}.`, finish_reason: 'stop', model: 'm', latency_ms: 5 });

/** Rows another connection sees: what a process started after a kill -9 would find. */
function durableRows(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM responses').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const fresh = () => join(mkdtempSync(join(tmpdir(), 'ut-group-')), 'requests.sqlite');

describe('group commit of the request cache', () => {
  it('an answer is readable at once but durable only when its put resolves; the group lands in one commit', async () => {
    const file = fresh();
    const cache = openSqliteCache(file);
    const puts = [1, 2, 3].map((i) => cache.put(`k${i}`, answer(i)));
    assert.equal(cache.get('k2')?.text, 'The answer is 2.', 'a twin request finds an answer still waiting for its commit');
    assert.equal(durableRows(file), 0, 'nothing is durable before the group commits');
    await Promise.all(puts);
    assert.equal(durableRows(file), 3);
    cache.close();
  });

  it(`${GROUP_COMMIT.maxRows} rows commit at once, without waiting for the window`, () => {
    const file = fresh();
    const cache = openSqliteCache(file);
    for (let i = 0; i < GROUP_COMMIT.maxRows; i++) void cache.put(`k${i}`, answer(i));
    assert.equal(durableRows(file), GROUP_COMMIT.maxRows);
    void cache.put('one-more', answer(-1));
    assert.equal(durableRows(file), GROUP_COMMIT.maxRows, 'the next row waits for the next group');
    cache.close();
    assert.equal(durableRows(file), GROUP_COMMIT.maxRows + 1, 'close commits what is queued');
  });

  it('a failed commit rolls back its whole group, rejects every row of it with the StorageError, and every later write', async () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v INTEGER CHECK (v >= 0))');
    const stmt = db.prepare('INSERT INTO t (v) VALUES (?)');
    const commits = createGroupCommit(db, (e) => new StorageError('cache.sqlite', 'cannot write the request cache', e, ''));
    await commits.write(stmt, [1]);
    const group = await Promise.allSettled([commits.write(stmt, [2]), commits.write(stmt, [-1])]);
    for (const r of group) {
      assert.equal(r.status, 'rejected');
      assert.match(String((r as PromiseRejectedResult).reason.message), /^cache\.sqlite: cannot write the request cache: .*CHECK constraint/);
    }
    assert.deepEqual((db.prepare('SELECT v FROM t').all() as Array<{ v: number }>).map((r) => r.v), [1], 'the good row of the failed group is not committed either');
    assert.equal(db.isTransaction, false);
    await assert.rejects(commits.write(stmt, [3]), StorageError);
    assert.throws(() => commits.flush(), StorageError);
    db.close();
  });

  it('the first failed commit is told to onFailure as it happens, though no caller waits for its rows', async () => {
    // Derived values are written without waiting (stage-cache.ts): their commit failing was seen only at the next write,
    // and a run went on sending requests meanwhile.
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v INTEGER CHECK (v >= 0))');
    const stmt = db.prepare('INSERT INTO t (v) VALUES (?)');
    const heard: StorageError[] = [];
    const commits = createGroupCommit(db, (e) => new StorageError('cache.sqlite', 'cannot write the request cache', e, ''), { maxRows: 2, windowMs: 10 }, (e) => heard.push(e));
    void commits.write(stmt, [1]).catch(() => {});
    void commits.write(stmt, [-1]).catch(() => {}); // the group is full: it commits now, and fails
    assert.equal(heard.length, 1);
    assert.equal(heard[0], commits.failed);
    await assert.rejects(commits.write(stmt, [2]), StorageError);
    assert.equal(heard.length, 1, 'told once');
    db.close();
  });
});
