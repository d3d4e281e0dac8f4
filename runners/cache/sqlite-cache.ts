import { DatabaseSync } from 'node:sqlite';
import { redact } from '../io/secrets.ts';
import { StorageError } from '../io/storage-error.ts';
import { openCacheFile, type CacheFile } from './cache-file.ts';
import { sha256Hex } from './key.ts';
import { readAhead, readAheadBudget, type ReadAhead, type ReadAheadBudget } from './read-ahead.ts';

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
  /**
   * The name the engine answered with when it was another of its served names than `model`, or whenever the endpoint
   * served the model under several names (served-aliases.ts).
   */
  answered_as?: string;
  /** A `length` finish's usage.completion_tokens, read from `audit` (outside the checksum, as audit is): a clipped budget shows in it. */
  completion_tokens?: number;
  /**
   * An answer the engine clipped at its window (budget-clips.ts): the window the endpoints reported when it came,
   * absent when they reported none. A run reuses such an answer only under the same window. Outside the checksum.
   */
  clip_window?: number;
}

export interface ResponseCache {
  /** The answer stored under `key` (committed, or put and still waiting for its group commit), or null. */
  get(key: string): CachedResponse | null;
  /** Store an answer; resolves once it is committed (durable against kill -9), rejects with a StorageError. */
  put(key: string, value: CachedResponse): Promise<void>;
  /** Answers put and still waiting for their group commit (close() commits them). */
  waiting(): number;
  keys(): string[];
  /**
   * The answers of this scope the file held when the run opened it (read ahead in the one scan a run does anyway);
   * `complete` false: at least that many (the read-ahead budget ran out). Absent for --no-cache.
   */
  stored?(): { answers: number; complete: boolean };
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
  /** Called once, as the file's first failed commit happens (group-commit.ts): the run stops then. */
  onWriteFailure?(e: StorageError): void;
}

/** Checksum of a row's content: what a flipped byte in the file would change. A row without answered_as sums as before. */
export const rowSha256 = (v: Pick<CachedResponse, 'text' | 'finish_reason' | 'model'> & { answered_as?: string | null }): string =>
  sha256Hex(JSON.stringify(v.answered_as == null ? [v.text, v.finish_reason, v.model] : [v.text, v.finish_reason, v.model, v.answered_as]));

/** The `responses` table: created, or refused when an older userturn wrote it, or given the newer columns. */
export function setupResponses(db: DatabaseSync, path: string): void {
  const columns = (db.prepare("SELECT name FROM pragma_table_info('responses')").all() as Array<{ name: string }>).map((c) => c.name);
  if (columns.length > 0 && !columns.includes('scope')) throw new StorageError(path, 'this request cache was written by an older userturn (no model scope)', 'old format', 'delete it or pass --cache with a new file');
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
    answered_as TEXT,
    clip_window INTEGER,
    PRIMARY KEY (scope, key)
  ) STRICT`);
  // Caches written before checksums: add the columns; their rows have no checksum and are read as before.
  if (columns.length > 0 && !columns.includes('sha256')) db.exec('ALTER TABLE responses ADD COLUMN sha256 TEXT');
  if (columns.length > 0 && !columns.includes('audit')) db.exec('ALTER TABLE responses ADD COLUMN audit TEXT');
  if (columns.length > 0 && !columns.includes('answered_as')) db.exec('ALTER TABLE responses ADD COLUMN answered_as TEXT');
  if (columns.length > 0 && !columns.includes('clip_window')) db.exec('ALTER TABLE responses ADD COLUMN clip_window INTEGER');
}

/**
 * Request cache in SQLite (WAL). Answers are put the moment they are validated and committed in groups (see
 * group-commit.ts); `put` resolves once its group is committed, and only then does an answer count as done, so a
 * kill -9 loses at most the uncommitted window. Only complete responses are ever put, each with a checksum of its
 * content that is verified on read. Any failure of the file is a StorageError naming it.
 */
export function openSqliteCache(path: string, opts: CacheOptions = {}): ResponseCache {
  const file = openCacheFile(path, (db) => setupResponses(db, path), undefined, opts.onWriteFailure);
  return responseTable(file, opts);
}

/** The request cache on an open cache file; closing it closes the file. */
export function responseTable(file: CacheFile, opts: CacheOptions = {}, budget: ReadAheadBudget = readAheadBudget()): ResponseCache {
  const { db, path } = file;
  const scope = opts.scope ?? '';
  type Row = Omit<CachedResponse, 'answered_as' | 'completion_tokens' | 'clip_window'> & { sha256: string | null; answered_as: string | null; completion_tokens: number | null; clip_window: number | null };
  // A `length` answer's completion tokens, from its audit (null for rows written without one).
  const TOKENS = "CASE WHEN finish_reason = 'length' AND json_valid(audit) THEN json_extract(audit, '$.usage.completion_tokens') END AS completion_tokens";
  const getStmt = file.prepare(`SELECT text, finish_reason, model, latency_ms, sha256, answered_as, clip_window, ${TOKENS} FROM responses WHERE scope = ? AND key = ?`);
  // The scope's answers in one scan at the first lookup (none on a first run): a rerun needs them all, and a key
  // the scan did not find is asked of the file only when it may be there since.
  const scanStmt = file.prepare(`SELECT key, text, finish_reason, model, latency_ms, sha256, answered_as, clip_window, ${TOKENS} FROM responses WHERE scope = ?`);
  const ahead: ReadAhead<Row> = readAhead<Row>(budget, (add) => file.scan<Row & { key: string }>(scanStmt, [scope], (r) => add(r.key, r, r.text.length)));
  // REPLACE: a row that failed its checksum is overwritten by the fresh answer.
  const putStmt = file.prepare('INSERT OR REPLACE INTO responses (scope, key, text, finish_reason, model, latency_ms, created_at, sha256, audit, answered_as, clip_window) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  /** Answers put and not yet committed: a twin request asking meanwhile must find them. */
  const uncommitted = new Map<string, CachedResponse>();
  let corruptReported = false;
  return {
    get(key) {
      const pending = uncommitted.get(key);
      if (pending) return pending;
      const row = ahead.take(key) ?? (ahead.mayHold(key) ? file.read<Row>(getStmt, scope, key) : undefined);
      if (!row) return null;
      if (row.sha256 !== null && row.sha256 !== rowSha256(row)) {
        if (!corruptReported) opts.onCorruptRow?.(`${path}: a cached answer does not match its checksum (the file was altered or damaged); such answers are requested again`);
        corruptReported = true;
        return null;
      }
      const answer: CachedResponse = { text: row.text, finish_reason: row.finish_reason, model: row.model, latency_ms: row.latency_ms };
      if (row.answered_as !== null) answer.answered_as = row.answered_as;
      if (Number.isInteger(row.completion_tokens)) answer.completion_tokens = row.completion_tokens!;
      if (row.clip_window !== null) answer.clip_window = row.clip_window;
      return answer;
    },
    put(key, v) {
      // Every field a server wrote: an echoed key can hide in the model's name as well as in the text.
      const text = redact(v.text);
      const answeredAs = v.answered_as === undefined ? {} : { answered_as: redact(v.answered_as) };
      const row = { text, finish_reason: redact(v.finish_reason), model: redact(v.model), ...answeredAs };
      const value: CachedResponse = { ...row, latency_ms: v.latency_ms, ...(v.completion_tokens === undefined ? {} : { completion_tokens: v.completion_tokens }), ...(v.clip_window === undefined ? {} : { clip_window: v.clip_window }) };
      uncommitted.set(key, value);
      ahead.written(key);
      const params = [scope, key, text, row.finish_reason, row.model, v.latency_ms, new Date().toISOString(), rowSha256(row), v.audit === undefined ? null : redact(v.audit), row.answered_as ?? null, v.clip_window ?? null];
      return file.commits.write(putStmt, params).finally(() => {
        if (uncommitted.get(key) === value) uncommitted.delete(key);
      });
    },
    waiting: () => uncommitted.size,
    stored() {
      const { rows, complete } = ahead.scanned();
      return { answers: rows, complete };
    },
    keys() {
      file.commits.flush();
      return (db.prepare('SELECT key FROM responses WHERE scope = ? ORDER BY key').all(scope) as Array<{ key: string }>).map((r) => r.key);
    },
    close: () => file.close(),
  };
}

/** --no-cache: remembers nothing across runs (in-flight de-duplication still applies). */
export function memoryCache(): ResponseCache {
  const m = new Map<string, CachedResponse>();
  return {
    get: (k) => m.get(k) ?? null,
    put: (k, v) => {
      m.set(k, v);
      return Promise.resolve();
    },
    waiting: () => 0,
    keys: () => [...m.keys()].sort(),
    close: () => {},
  };
}

/**
 * The served model names a scope's answers were given under (the `model` column), read-only; none when the file or
 * its table is missing or unreadable. What a rerun without an endpoint knows of the model (probe/offline-rerun.ts).
 */
export function cachedModelNames(path: string, scope: string): string[] {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    return (db.prepare('SELECT DISTINCT model FROM responses WHERE scope = ? ORDER BY model').all(scope) as Array<{ model: string }>).map((r) => r.model);
  } catch {
    return [];
  } finally {
    db?.close();
  }
}
