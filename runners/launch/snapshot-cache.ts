import { copyFileSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * Copy a live SQLite request cache to shared storage without ever opening SQLite there: VACUUM INTO writes a
 * consistent snapshot next to the live file (local disk, safe while the run keeps writing), then it is copied
 * to a temp name on the shared storage and renamed over the previous snapshot.
 * Used by the scheduler tasks `userturn launch` writes: node runners/launch/snapshot-cache.ts LIVE DEST
 */
export function snapshotCache(live: string, dest: string): void {
  const local = `${live}.snapshot`;
  rmSync(local, { force: true });
  const db = new DatabaseSync(live, { readOnly: true });
  try {
    db.prepare('VACUUM INTO ?').run(local);
  } finally {
    db.close();
  }
  mkdirSync(dirname(dest), { recursive: true });
  const tmp = `${dest}.${process.pid}.tmp`;
  copyFileSync(local, tmp);
  renameSync(tmp, dest);
  rmSync(local, { force: true });
}

if (import.meta.main) {
  const [live, dest] = process.argv.slice(2);
  if (!live || !dest) {
    console.error('usage: node runners/launch/snapshot-cache.ts LIVE.sqlite DEST.sqlite');
    process.exit(2);
  }
  snapshotCache(live, dest);
}
