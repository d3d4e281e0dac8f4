import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { redact } from '../io/secrets.ts';
import { StorageError, writeProblem } from '../io/storage-error.ts';

/** What the cache keeps for one request: the complete, validated response. */
export interface CachedResponse {
  text: string;
  finish_reason: string;
  model: string;
  latency_ms: number;
  /**
   * Raw response fields kept to audit an answer later (response id, created, system_fingerprint, usage) as JSON;
   * never read back into results.
   */
  audit?: string;
}

export interface ResponseCache {
  get(key: string): CachedResponse | null;
  put(key: string, value: CachedResponse): void;
  keys(): string[];
  close(): void;
}

export interface CacheOptions {
  /**
   * What the answers belong to beyond the request body: the model weights (`repo@revision`). The served model
   * name in the body does not change when a submission is re-pinned, so without a scope a rerun would reuse
   * answers from other weights. Keys stay the request's content address; rows are looked up per scope.
   */
  scope?: string;
  /** Called once, at the first row whose content does not match its checksum (it is treated as a miss). */
  onCorruptRow?(message: string): void;
}

/** Checksum of a row's content: what a flipped byte in the file would change. */
export const rowSha256 = (v: Pick<CachedResponse, 'text' | 'finish_reason' | 'model'>): string =>
  createHash('sha256').update(JSON.stringify([v.text, v.finish_reason, v.model])).digest('hex');

const ADVICE_OPEN = 'delete the file and rerun (answers are requested again), or pass --cache with another file or --no-cache';
const ADVICE_WRITE = 'free space or pass --cache with a file on another disk; the results so far are not written and a rerun resumes from the cache';

/**
 * Request cache in SQLite (WAL). Each put is its own committed transaction, written synchronously the moment a
 * response is validated, so every finished request survives kill -9. Only complete responses are ever put, each
 * with a checksum of its content that is verified on read. Any failure of the file is a StorageError naming it.
 */
export function openSqliteCache(path: string, opts: CacheOptions = {}): ResponseCache {
  const scope = opts.scope ?? '';
  let db: DatabaseSync;
  // A cache that cannot be written is found before any request is sent.
  const problem = writeProblem(path);
  if (problem) throw new StorageError(path, 'cannot write the request cache', problem, 'pass --cache with a file in a writable folder, or --no-cache');
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new DatabaseSync(path);
  } catch (e) {
    throw new StorageError(path, 'cannot open the request cache', e, 'pass --cache with a writable file or --no-cache');
  }
  let getStmt: StatementSync;
  let putStmt: StatementSync;
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined;
    if (check?.quick_check !== 'ok') throw new Error(`integrity check failed (${String(check?.quick_check).slice(0, 100)})`);
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL in WAL mode survives a process crash (kill -9); only an OS crash can lose the last commits.
    db.exec('PRAGMA synchronous = NORMAL');
    const columns = (db.prepare("SELECT name FROM pragma_table_info('responses')").all() as Array<{ name: string }>).map((c) => c.name);
    if (columns.length > 0 && !columns.includes('scope')) {
      db.close();
      throw new StorageError(path, 'this request cache was written by an older userturn (no model scope)', 'old format', 'delete it or pass --cache with a new file');
    }
    db.exec(`CREATE TABLE IF NOT EXISTS responses (
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      text TEXT NOT NULL,
      finish_reason TEXT NOT NULL,
      model TEXT NOT NULL,
      latency_ms REAL NOT NULL,
      created_at TEXT NOT NULL,
      sha256 TEXT,
      audit TEXT,
      PRIMARY KEY (scope, key)
    ) STRICT`);
    // Caches written before checksums: add the columns; their rows have no checksum and are read as before.
    if (columns.length > 0 && !columns.includes('sha256')) db.exec('ALTER TABLE responses ADD COLUMN sha256 TEXT');
    if (columns.length > 0 && !columns.includes('audit')) db.exec('ALTER TABLE responses ADD COLUMN audit TEXT');
    getStmt = db.prepare('SELECT text, finish_reason, model, latency_ms, sha256 FROM responses WHERE scope = ? AND key = ?');
    // REPLACE: a row that failed its checksum is overwritten by the fresh answer.
    putStmt = db.prepare('INSERT OR REPLACE INTO responses (scope, key, text, finish_reason, model, latency_ms, created_at, sha256, audit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  } catch (e) {
    if (e instanceof StorageError) throw e;
    try {
      db.close();
    } catch {
      // already unusable
    }
    throw new StorageError(path, 'not a usable request cache', e, ADVICE_OPEN);
  }
  let corruptReported = false;
  return {
    get(key) {
      let row: (CachedResponse & { sha256: string | null }) | undefined;
      try {
        row = getStmt.get(scope, key) as typeof row;
      } catch (e) {
        throw new StorageError(path, 'cannot read the request cache', e, ADVICE_OPEN);
      }
      if (!row) return null;
      if (row.sha256 !== null && row.sha256 !== rowSha256(row)) {
        if (!corruptReported) opts.onCorruptRow?.(`${path}: a cached answer does not match its checksum (the file was altered or damaged); such answers are requested again`);
        corruptReported = true;
        return null;
      }
      return { text: row.text, finish_reason: row.finish_reason, model: row.model, latency_ms: row.latency_ms };
    },
    put(key, v) {
      const text = redact(v.text);
      const row = { text, finish_reason: v.finish_reason, model: v.model };
      try {
        putStmt.run(scope, key, text, v.finish_reason, v.model, v.latency_ms, new Date().toISOString(), rowSha256(row), v.audit === undefined ? null : redact(v.audit));
      } catch (e) {
        throw new StorageError(path, 'cannot write the request cache', e, ADVICE_WRITE);
      }
    },
    keys() {
      return (db.prepare('SELECT key FROM responses WHERE scope = ? ORDER BY key').all(scope) as Array<{ key: string }>).map((r) => r.key);
    },
    close() {
      try {
        db.close();
      } catch {
        // closing twice, or a database that already failed
      }
    },
  };
}

/** --no-cache: remembers nothing across runs (in-flight de-duplication still applies). */
export function memoryCache(): ResponseCache {
  const m = new Map<string, CachedResponse>();
  return {
    get: (k) => m.get(k) ?? null,
    put: (k, v) => void m.set(k, v),
    keys: () => [...m.keys()].sort(),
    close: () => {},
  };
}
