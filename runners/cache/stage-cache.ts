import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { containsSecret } from '../io/secrets.ts';
import type { CacheFile } from './cache-file.ts';
import { canonicalJson, sha256Hex } from './key.ts';
import { readAhead, readAheadBudget, type ReadAhead, type ReadAheadBudget } from './read-ahead.ts';

/** The derived stages a rerun reuses: rendered prompts, verifier scores, judge verdicts, summaries. */
export const STAGES = ['prompt', 'score', 'verdict', 'summary'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageStats {
  reused: number;
  computed: number;
}

/**
 * What a run computes from its inputs and answers, stored by content so a rerun computes nothing twice. `version`
 * names everything besides the key that shapes the value (the code, the judge config, the template): when it
 * changes nothing stored under the old one is used. `key` is the content, from `contentKey`.
 */
export interface StageCache {
  get<T>(stage: Stage, version: string, key: string): T | undefined;
  /** Store a value; it is committed with the next group (a crash before that only means computing it again). */
  put(stage: Stage, version: string, key: string, value: unknown): void;
  getOrCompute<T>(stage: Stage, version: string, key: string, compute: () => T): T;
  /** The async form; a value that `keep` rejects (e.g. a judge error) is returned but not stored. */
  getOrComputeAsync<T>(stage: Stage, version: string, key: string, compute: () => Promise<T>, keep?: (v: T) => boolean): Promise<T>;
  readonly stats: Record<Stage, StageStats>;
}

/** The content address of a stage's input: sha-256 of its canonical JSON. */
export const contentKey = (...parts: unknown[]): string => sha256Hex(canonicalJson(parts));

/**
 * A rowid table, its values appended in write order and only the primary key's index taking random keys: measured
 * 42,667 rows written in groups of 64 (2026-11-26), 11–13 µs of CPU per row against 19–22 µs as a WITHOUT ROWID
 * table, whose random keys put the values themselves at random pages (and made the file 53 MB instead of 31 MB).
 * Files created before keep their layout; the statements are the same for both.
 */
export function setupStages(db: DatabaseSync): void {
  db.exec(`CREATE TABLE IF NOT EXISTS derived (
    stage TEXT NOT NULL,
    version TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    PRIMARY KEY (stage, version, key)
  ) STRICT`);
}

const emptyStats = (): Record<Stage, StageStats> => Object.fromEntries(STAGES.map((s) => [s, { reused: 0, computed: 0 }])) as Record<Stage, StageStats>;

/** The shared logic over a get/put pair: counting, and the compute-on-miss forms. */
function stageCacheOver(get: StageCache['get'], put: StageCache['put']): StageCache {
  const stats = emptyStats();
  const hit = <T>(stage: Stage, version: string, key: string): T | undefined => {
    const v = get<T>(stage, version, key);
    if (v !== undefined) stats[stage].reused++;
    return v;
  };
  const store = <T>(stage: Stage, version: string, key: string, v: T, keep?: (v: T) => boolean): T => {
    stats[stage].computed++;
    if (!keep || keep(v)) put(stage, version, key, v);
    return v;
  };
  return {
    stats,
    get,
    put,
    getOrCompute: (stage, version, key, compute) => hit(stage, version, key) ?? store(stage, version, key, compute()),
    async getOrComputeAsync(stage, version, key, compute, keep) {
      return hit(stage, version, key) ?? store(stage, version, key, await compute(), keep);
    },
  };
}

/**
 * The stage cache in the `derived` table of a cache file. Values are JSON with a checksum verified on read (a
 * mismatch is a miss, reported once). Rows go through the file's group commit; until it lands they are read
 * from memory.
 */
export function stageTable(file: CacheFile, onCorruptRow?: (message: string) => void, budget: ReadAheadBudget = readAheadBudget()): StageCache {
  type Row = { value: string; sha256: string };
  const getStmt = file.prepare('SELECT value, sha256 FROM derived WHERE stage = ? AND version = ? AND key = ?');
  // A stage's values under one version in one scan at its first lookup (one range of the primary key).
  const scanStmt = file.prepare('SELECT key, value, sha256 FROM derived WHERE stage = ? AND version = ?');
  const ahead = new Map<string, ReadAhead<Row>>();
  const aheadFor = (stage: Stage, version: string): ReadAhead<Row> => {
    const id = `${stage}\u0000${version}`;
    let a = ahead.get(id);
    if (!a) ahead.set(id, (a = readAhead<Row>(budget, (add) => file.scan<Row & { key: string }>(scanStmt, [stage, version], (r) => add(r.key, r, r.value.length)))));
    return a;
  };
  const putStmt = file.prepare('INSERT OR REPLACE INTO derived (stage, version, key, value, sha256) VALUES (?, ?, ?, ?, ?)');
  const uncommitted = new Map<string, string>();
  let corruptReported = false;
  const get = <T>(stage: Stage, version: string, key: string): T | undefined => {
    const id = `${stage}\u0000${version}\u0000${key}`;
    let json = uncommitted.get(id);
    if (json === undefined) {
      const a = aheadFor(stage, version);
      const row = a.take(key) ?? (a.mayHold(key) ? file.read<Row>(getStmt, stage, version, key) : undefined);
      if (!row) return undefined;
      if (row.sha256 !== sha256Hex(row.value)) {
        if (!corruptReported) onCorruptRow?.(`${file.path}: a stored ${stage} does not match its checksum (the file was altered or damaged); such values are computed again`);
        corruptReported = true;
        return undefined;
      }
      json = row.value;
    }
    return JSON.parse(json) as T;
  };
  const put = (stage: Stage, version: string, key: string, value: unknown): void => {
    // A file that failed a commit stops the run here too, not only at the next answer.
    if (file.commits.failed) throw file.commits.failed;
    const json = JSON.stringify(value);
    // A value holding a secret (a summary naming a served model whose name echoes the API key, say) is not kept:
    // redacting it would make a rerun read something other than what this run computed. It is computed again.
    if (containsSecret(json)) return;
    const id = `${stage}\u0000${version}\u0000${key}`;
    uncommitted.set(id, json);
    aheadFor(stage, version).written(key);
    file.commits.write(putStmt, [stage, version, key, json, sha256Hex(json)]).then(
      () => uncommitted.get(id) === json && uncommitted.delete(id),
      () => {}, // the failure is kept by the group commit and thrown at the next write
    );
  };
  return stageCacheOver(get, put);
}

/** --no-cache: every stage is computed (and counted), nothing is kept. */
export const noStageCache = (): StageCache => stageCacheOver(() => undefined, () => {});

/**
 * One stored value read before the run opens its cache file (to set the run up): read-only, and undefined when the
 * file is absent, unreadable, or without a value that matches its checksum. The run's own open reports problems.
 */
export function peekStage<T>(path: string, stage: Stage, version: string, key: string): T | undefined {
  if (!existsSync(path)) return undefined;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const row = db.prepare('SELECT value, sha256 FROM derived WHERE stage = ? AND version = ? AND key = ?').get(stage, version, key) as { value: string; sha256: string } | undefined;
    return row && row.sha256 === sha256Hex(row.value) ? (JSON.parse(row.value) as T) : undefined;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}
