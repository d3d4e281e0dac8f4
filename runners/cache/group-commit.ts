import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { StorageError } from '../io/storage-error.ts';

/**
 * Rows are committed in groups: at most `maxRows` rows or `windowMs` milliseconds after the first uncommitted
 * row, whichever comes first, in one transaction. What a kill -9 can lose is that window and nothing else.
 */
export const GROUP_COMMIT = { maxRows: 64, windowMs: 10 } as const;

export interface GroupCommit {
  /** Queue a row; resolves once it is committed, rejects with the StorageError when the commit fails. */
  write(stmt: StatementSync, params: SQLInputValue[]): Promise<void>;
  /** Commit what is queued now (throws the StorageError when that fails, or when an earlier commit failed). */
  flush(): void;
  /** The first failed commit: from then on every write fails with it. */
  readonly failed: StorageError | null;
}

interface Queued {
  stmt: StatementSync;
  params: SQLInputValue[];
  resolve(): void;
  reject(e: unknown): void;
}

/**
 * `fail` turns a SQLite error into the StorageError that names the file. `onFailure` hears of the first failed commit
 * at once: a commit of derived values alone has no caller waiting, and its failure would otherwise be seen only at
 * the next write.
 */
export function createGroupCommit(db: DatabaseSync, fail: (e: unknown) => StorageError, opts: { maxRows: number; windowMs: number } = GROUP_COMMIT, onFailure?: (e: StorageError) => void): GroupCommit {
  let queue: Queued[] = [];
  let timer: NodeJS.Timeout | null = null;
  let failed: StorageError | null = null;

  function commit(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const rows = queue;
    queue = [];
    try {
      db.exec('BEGIN');
      for (const r of rows) r.stmt.run(...r.params);
      db.exec('COMMIT');
    } catch (e) {
      try {
        if (db.isTransaction) db.exec('ROLLBACK');
      } catch {
        // the file is already unusable; the error below says why
      }
      if (!failed) {
        failed = fail(e);
        onFailure?.(failed);
      }
      for (const r of rows) r.reject(failed);
      return;
    }
    for (const r of rows) r.resolve();
  }

  return {
    get failed() {
      return failed;
    },
    write(stmt, params) {
      if (failed) return Promise.reject(failed);
      return new Promise<void>((resolve, reject) => {
        queue.push({ stmt, params, resolve, reject });
        if (queue.length >= opts.maxRows) commit();
        // Not unref'd: a caller awaiting this commit keeps the process alive until it lands.
        else timer ??= setTimeout(commit, opts.windowMs);
      });
    },
    flush() {
      commit();
      if (failed) throw failed;
    },
  };
}
