import type { DatabaseSync } from 'node:sqlite';

/**
 * A counter per scope of the answers in the `responses` table, bumped by triggers in the same transaction as any
 * row is inserted, replaced, changed or deleted, by this process or any other (an older userturn too: the
 * triggers live in the file). A stored result names the generation it was computed at (result-stage.ts): a new or
 * changed answer makes it stale without the result stage reading a single answer.
 */
export function setupAnswerGenerations(db: DatabaseSync): void {
  const bump = (scope: string) =>
    `INSERT INTO answer_generations (scope, generation) VALUES (${scope}, 1) ON CONFLICT (scope) DO UPDATE SET generation = generation + 1;`;
  db.exec(`CREATE TABLE IF NOT EXISTS answer_generations (
    scope TEXT PRIMARY KEY,
    generation INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE TRIGGER IF NOT EXISTS answers_inserted AFTER INSERT ON responses BEGIN ${bump('NEW.scope')} END;
  CREATE TRIGGER IF NOT EXISTS answers_updated AFTER UPDATE ON responses BEGIN ${bump('OLD.scope')} ${bump('NEW.scope')} END;
  CREATE TRIGGER IF NOT EXISTS answers_deleted AFTER DELETE ON responses BEGIN ${bump('OLD.scope')} END;`);
}

/** One scope's generation; no row reads as 0 (before any answer was written with the triggers in place). */
export const GENERATION_SQL = 'SELECT generation FROM answer_generations WHERE scope = ?';

export function answerGeneration(db: DatabaseSync, scope: string): number {
  return (db.prepare(GENERATION_SQL).get(scope) as { generation: number } | undefined)?.generation ?? 0;
}
