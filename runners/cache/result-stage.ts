import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { containsSecret } from '../io/secrets.ts';
import type { CacheFile } from './cache-file.ts';
import { answerGeneration, GENERATION_SQL } from './answer-generation.ts';
import { sha256Hex } from './key.ts';

/**
 * The result stage: a run's whole output, stored under a key naming everything that determines it
 * (probe/result-key.ts) and valid only at the answer generation it was computed at. `T` is what the runner keeps
 * (the sample files' digests and the summary); this module only stores it, with a checksum like every derived row.
 */
export interface StoredResult<T> {
  scope: string;
  generation: number;
  value: T;
}

export function setupResultStage(db: DatabaseSync): void {
  db.exec(`CREATE TABLE IF NOT EXISTS result_stage (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    sha256 TEXT NOT NULL
  ) STRICT, WITHOUT ROWID`);
}

/**
 * The result stored under `key` if it was kept for this scope and is still current (the scope's answers have not
 * changed since), read without opening the file for writing and without its integrity check: the two rows read
 * carry their own checksum and generation, and the caller verifies the files the result names. Undefined when
 * absent, stale or unreadable (the run then takes its ordinary path, which opens and checks the file).
 */
export function peekResult<T>(path: string, scope: string, key: string): T | undefined {
  if (!existsSync(path)) return undefined;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    // One read transaction: the generation and the row from the same snapshot.
    db.exec('BEGIN');
    const generation = answerGeneration(db, scope);
    const row = db.prepare('SELECT value, sha256 FROM result_stage WHERE key = ?').get(key) as { value: string; sha256: string } | undefined;
    db.exec('COMMIT');
    if (!row || row.sha256 !== sha256Hex(row.value)) return undefined;
    const stored = JSON.parse(row.value) as StoredResult<T>;
    return stored.scope === scope && stored.generation === generation ? stored.value : undefined;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/** The result stage of an open cache file. */
export interface ResultStage {
  /** The scope's answer generation when the file was opened, before the run read any answer. */
  readonly generation: number;
  /** The scope's answer generation now (what is committed: the rows queued for the next group are not counted). */
  current(): number;
  /** Store a run's result, valid at answer generation `generation`; committed with the file's next group. */
  put(key: string, value: unknown, generation: number): Promise<void>;
}

export function resultStage(file: CacheFile, scope: string): ResultStage {
  const generationStmt = file.prepare(GENERATION_SQL);
  const current = () => file.read<{ generation: number }>(generationStmt, scope)?.generation ?? 0;
  const putStmt = file.prepare('INSERT OR REPLACE INTO result_stage (key, value, sha256) VALUES (?, ?, ?)');
  return {
    generation: current(),
    current,
    put(key, value, generation) {
      const json = JSON.stringify({ scope, generation, value } satisfies StoredResult<unknown>);
      // Not kept when it holds a secret (as stage values, stage-cache.ts): the next rerun computes it again.
      if (containsSecret(json)) return Promise.resolve();
      return file.commits.write(putStmt, [key, json, sha256Hex(json)]);
    },
  };
}
