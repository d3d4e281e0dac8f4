import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { StorageError, storageFix, writeProblem } from '../io/storage-error.ts';
import { createGroupCommit, GROUP_COMMIT, type GroupCommit } from './group-commit.ts';
import { makeDirsSync } from '../io/make-dirs.ts';

export const ADVICE_OPEN = 'delete the file and rerun (answers are requested again), or pass --cache with another file or --no-cache';

/** SQLite's primary result code (the low byte of an extended one: SQLITE_IOERR_FSYNC is 1034). */
const primaryCode = (e: unknown): number => ((e as { errcode?: number }).errcode ?? -1) & 0xff;

/** SQLite's primary result codes for a disk that cannot take a write, as the errno storageFix reads. */
const WRITE_ERRNO: Record<number, string> = { 8: 'EROFS', 10: 'EIO', 13: 'ENOSPC' }; // SQLITE_READONLY, _IOERR, _FULL

/** What to do about a cache write SQLite refused, by its result code, as storageFix advises for files. */
export function cacheWriteAdvice(e: unknown): string {
  const fix = storageFix({ code: WRITE_ERRNO[primaryCode(e)] }, 'pass --cache with a file elsewhere');
  return `${fix}; the results so far are not written and a rerun resumes from the cache`;
}

/** One cache file: its connection and the group commit every table of it writes through. */
export interface CacheFile {
  path: string;
  db: DatabaseSync;
  commits: GroupCommit;
  /** A prepared statement; a failure is the StorageError "not a usable request cache". */
  prepare(sql: string): StatementSync;
  /** One row of a statement, or undefined; a failure is the StorageError "cannot read the request cache". */
  read<T>(stmt: StatementSync, ...params: SQLInputValue[]): T | undefined;
  /** Rows of a statement in order, fed to `each` until it returns false; a failure is as for `read`. */
  scan<T>(stmt: StatementSync, params: SQLInputValue[], each: (row: T) => boolean): void;
  /** Commit what is queued, then close (throws the StorageError when the last commit fails). */
  close(): void;
}

/**
 * Open (or create) a cache file in SQLite WAL mode after an integrity check. Every failure is a StorageError
 * naming the file. `setup` creates the caller's tables; its errors are reported the same way.
 */
export function openCacheFile(path: string, setup: (db: DatabaseSync) => void, commit = GROUP_COMMIT, onWriteFailure?: (e: StorageError) => void): CacheFile {
  // A cache that cannot be written is found before any request is sent.
  const problem = writeProblem(path);
  if (problem) throw new StorageError(path, 'cannot write the request cache', problem, 'pass --cache with a file in a writable folder, or --no-cache');
  let db: DatabaseSync;
  try {
    makeDirsSync(dirname(path));
    db = new DatabaseSync(path);
  } catch (e) {
    throw new StorageError(path, 'cannot open the request cache', e, 'pass --cache with a writable file or --no-cache');
  }
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined;
    // SQLite reports one problem per line; the first ones, on one line (a StorageError shows only its first line).
    if (check?.quick_check !== 'ok') throw new Error(`integrity check failed (${String(check?.quick_check).replace(/\s+/g, ' ').trim().slice(0, 100)})`);
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL in WAL mode survives a process crash (kill -9); only an OS crash can lose the last commits.
    db.exec('PRAGMA synchronous = NORMAL');
    setup(db);
  } catch (e) {
    try {
      db.close();
    } catch {
      // already unusable
    }
    if (e instanceof StorageError) throw e;
    // A full, read-only or failing disk while creating the tables is a write problem, not a bad file.
    if (primaryCode(e) in WRITE_ERRNO) throw new StorageError(path, 'cannot write the request cache', e, cacheWriteAdvice(e));
    throw new StorageError(path, 'not a usable request cache', e, ADVICE_OPEN);
  }
  const commits = createGroupCommit(db, (e) => new StorageError(path, 'cannot write the request cache', e, cacheWriteAdvice(e)), commit, onWriteFailure);
  let open = true;
  return {
    path,
    db,
    commits,
    prepare(sql) {
      try {
        return db.prepare(sql);
      } catch (e) {
        throw new StorageError(path, 'not a usable request cache', e, ADVICE_OPEN);
      }
    },
    read<T>(stmt: StatementSync, ...params: SQLInputValue[]) {
      try {
        return stmt.get(...params) as T | undefined;
      } catch (e) {
        throw new StorageError(path, 'cannot read the request cache', e, ADVICE_OPEN);
      }
    },
    scan<T>(stmt: StatementSync, params: SQLInputValue[], each: (row: T) => boolean) {
      try {
        for (const row of stmt.iterate(...params) as Iterable<T>) if (!each(row)) break;
      } catch (e) {
        throw new StorageError(path, 'cannot read the request cache', e, ADVICE_OPEN);
      }
    },
    close() {
      if (!open) return;
      open = false;
      try {
        commits.flush();
      } finally {
        try {
          db.close();
        } catch {
          // a database that already failed
        }
      }
    },
  };
}
