import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { test } from 'node:test';
import { snapshotCache } from '../../../runners/launch/snapshot-cache.ts';

test('a snapshot of a live WAL cache holds every committed row and leaves no temp file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-snap-'));
  const live = join(dir, 'local', 'requests.sqlite');
  mkdirSync(join(dir, 'local'));
  const writer = new DatabaseSync(live);
  writer.exec('PRAGMA journal_mode = WAL; CREATE TABLE responses (key TEXT PRIMARY KEY, text TEXT)');
  const put = writer.prepare('INSERT INTO responses VALUES (?, ?)');
  for (let i = 0; i < 100; i++) put.run(`k${i}`, `answer ${i}`);
  const dest = join(dir, 'shared', 'cache', 'shard-1.sqlite');
  snapshotCache(live, dest); // while the writer still holds the database open, rows in the WAL
  put.run('k100', 'after the first snapshot');
  snapshotCache(live, dest); // replaces the previous snapshot
  writer.close();
  const copy = new DatabaseSync(dest, { readOnly: true });
  assert.equal((copy.prepare('SELECT count(*) AS n FROM responses').get() as { n: number }).n, 101);
  copy.close();
  assert.deepEqual(readdirSync(join(dir, 'shared', 'cache')), ['shard-1.sqlite']);
  assert.equal(existsSync(`${live}.snapshot`), false);
});
