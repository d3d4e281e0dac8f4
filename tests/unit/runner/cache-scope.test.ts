import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { openSqliteCache } from '../../../runners/cache/sqlite-cache.ts';

const answer = { text: 'The answer is 18.', finish_reason: 'stop', model: 'm', latency_ms: 5 };

test('cached answers are scoped to the model revision: re-pinned weights never get another revision\'s answers', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'ut-scope-')), 'requests.sqlite');
  const old = openSqliteCache(file, { scope: 'Org/Model@main' });
  old.put('k1', answer);
  assert.deepEqual(old.get('k1'), answer);
  old.close();
  const repinned = openSqliteCache(file, { scope: 'Org/Model@0123456789abcdef0123456789abcdef01234567' });
  assert.equal(repinned.get('k1'), null, 'a new revision must query the model again');
  repinned.put('k1', { ...answer, text: 'The answer is 19.' });
  assert.equal(repinned.get('k1')?.text, 'The answer is 19.');
  repinned.close();
  const again = openSqliteCache(file, { scope: 'Org/Model@main' });
  assert.equal(again.get('k1')?.text, 'The answer is 18.', 'each revision keeps its own answers');
  again.close();
  // Keys stay the content address of the request body, so they can be compared with what a server saw.
  const db = new DatabaseSync(file);
  assert.deepEqual((db.prepare('SELECT DISTINCT key FROM responses').all() as Array<{ key: string }>).map((r) => r.key), ['k1']);
  db.close();
});

test('a cache file in the old unscoped format is refused with a message naming the file', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'ut-scope-old-')), 'old.sqlite');
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE responses (key TEXT PRIMARY KEY, text TEXT NOT NULL, finish_reason TEXT NOT NULL, model TEXT NOT NULL, latency_ms REAL NOT NULL, created_at TEXT NOT NULL) STRICT');
  db.close();
  assert.throws(() => openSqliteCache(file, { scope: 'a@b' }), new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.*older userturn`));
});
