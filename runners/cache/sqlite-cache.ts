import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';

/** What the cache keeps for one request: the complete, validated response. */
export interface CachedResponse {
  text: string;
  finish_reason: string;
  model: string;
  latency_ms: number;
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
}

/**
 * Request cache in SQLite (WAL). Each put is its own committed transaction, written synchronously the moment a
 * response is validated, so every finished request survives kill -9. Only complete responses are ever put.
 */
export function openSqliteCache(path: string, opts: CacheOptions = {}): ResponseCache {
  const scope = opts.scope ?? '';
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  // NORMAL in WAL mode survives a process crash (kill -9); only an OS crash can lose the last commits.
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA busy_timeout = 5000');
  const columns = (db.prepare("SELECT name FROM pragma_table_info('responses')").all() as Array<{ name: string }>).map((c) => c.name);
  if (columns.length > 0 && !columns.includes('scope')) {
    db.close();
    throw new Error(`${path}: this request cache was written by an older userturn (no model scope); delete it or pass --cache with a new file`);
  }
  db.exec(`CREATE TABLE IF NOT EXISTS responses (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    text TEXT NOT NULL,
    finish_reason TEXT NOT NULL,
    model TEXT NOT NULL,
    latency_ms REAL NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (scope, key)
  ) STRICT`);
  const getStmt: StatementSync = db.prepare('SELECT text, finish_reason, model, latency_ms FROM responses WHERE scope = ? AND key = ?');
  const putStmt: StatementSync = db.prepare('INSERT OR IGNORE INTO responses (scope, key, text, finish_reason, model, latency_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  return {
    get(key) {
      const row = getStmt.get(scope, key) as CachedResponse | undefined;
      return row ? { text: row.text, finish_reason: row.finish_reason, model: row.model, latency_ms: row.latency_ms } : null;
    },
    put(key, v) {
      putStmt.run(scope, key, v.text, v.finish_reason, v.model, v.latency_ms, new Date().toISOString());
    },
    keys() {
      return (db.prepare('SELECT key FROM responses WHERE scope = ? ORDER BY key').all(scope) as Array<{ key: string }>).map((r) => r.key);
    },
    close() {
      db.close();
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
