import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { cli, root, type SimStatsJson } from './processes.ts';

/** Fails a storage write in the middle of a command, where USERTURN_TEST_FAIL says (see the file's header). */
export const STORAGE_FAILS_PRELOAD = join(root, 'tests', 'fixtures', 'preload', 'storage-fails-mid-run.mjs');

export type FailWhere = 'samples' | 'cache' | 'llm-verdict' | 'heuristic-verdict';

export interface FailedCommand {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The simulator's request count at the failure, read by the preload while the command's event loop was held. */
  seenAtFailure: number;
  /** Milliseconds from the failure's line on stderr to the command's exit: a command that waited for its requests in flight ends late. */
  exitAfterMs: number;
}

/** `userturn <argv>` with the preload failing storage at `where`; `statsUrl` is the simulator's /sim/stats?keys=0. */
export function commandWithStorageFailure(where: FailWhere, statsUrl: string, argv: string[]): Promise<FailedCommand> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NODE_OPTIONS: `--import ${STORAGE_FAILS_PRELOAD}`, USERTURN_TEST_FAIL: where, USERTURN_TEST_SIM_STATS: statsUrl };
    const child = spawn(process.execPath, [cli, ...argv], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let failedAt = 0;
    let exitedAt = 0;
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => {
      stderr += d;
      if (!failedAt && stderr.includes('TEST: storage fails')) failedAt = performance.now();
    });
    child.on('exit', () => (exitedAt = performance.now()));
    child.on('close', (code) => {
      const seen = /TEST: storage fails; the simulator has seen (\d+) requests/.exec(stderr);
      if (!seen) return reject(new Error(`the failure was not injected (userturn ${argv.join(' ')}, exit ${code}):\n${stderr}`));
      resolve({ code, stdout, stderr, seenAtFailure: Number(seen[1]), exitAfterMs: exitedAt - failedAt });
    });
  });
}

/** The LLM judge's requests: the engine's answers go to /v1/completions, the judge's to /v1/chat/completions. */
export const verdictRequests = (stats: SimStatsJson): number => Object.values(stats.routes['/v1/chat/completions'] ?? {}).reduce((a, b) => a + b, 0);

/** The keys of every answer in a cache file (a rerun must not ask for one of them again). */
export function cachedKeys(file: string): Set<string> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return new Set((db.prepare('SELECT key FROM responses').all() as Array<{ key: string }>).map((r) => r.key));
  } finally {
    db.close();
  }
}

/** The LLM judge's answers in a cache file (the simulator's judge answers as `judge-…`). */
export function verdictRows(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM responses WHERE model LIKE 'judge%'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}
