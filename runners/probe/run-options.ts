import type { ResultSummary } from '../../src/schema/index.ts';
import type { FailLimit } from '../client/fail-limit.ts';
import type { HttpTimeouts } from '../client/http-transport.ts';
import type { ClientStats } from '../client/types.ts';
import type { Judge } from '../core/judge.ts';
import type { SetupOptions as ReadSetupOptions } from './setup.ts';
import type { VerifyFn } from './verify-safe.ts';

/**
 * What every mode of `userturn run` reads to plan the run (run, --merge, --dry-run all start here): what setup
 * reads (setup.ts), plus the endpoints and key and the two output channels.
 */
export interface SetupOptions extends Omit<ReadSetupOptions, 'warn'> {
  /** Endpoints and key are registered as secrets (redacted from every log line) whatever the mode. */
  baseURLs: string[];
  apiKey?: string;
  log(message: string): void;
  out(message: string): void;
}

/** `run --merge`: result folders of `--shard i/n` runs to merge into one result (no request is sent). */
export interface MergeOptions extends SetupOptions {
  merge: string[];
  outDir: string;
}

/** A run that sends requests. */
export interface RunOptions extends SetupOptions {
  /** Served model name; default: what each endpoint lists first on /v1/models. */
  model?: string;
  concurrency: number;
  timeoutMs: number;
  /** Connect, first-byte and idle timeouts inside each attempt (unset: the client's defaults). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Stop the run when failed requests exceed this (--fail-on-error). */
  failLimit?: FailLimit | null;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long every endpoint may be down at once before the run stops (--outage-limit-s; default 10 min). */
  outageLimitMs?: number;
  /** How often a held endpoint is looked up again, first and at most (default HELD_RECHECK). */
  recheck?: { firstMs: number; maxMs: number };
  /** SQLite cache file; null for --no-cache. */
  cachePath: string | null;
  outDir: string;
  judgeConfigs: string[];
  tty: boolean;
  progressIntervalMs: number;
  /** Raw progress output (a redrawn bar on a TTY); default stderr. */
  progressWrite?(text: string): void;
}

/** Injected collaborators; defaults are the real ones (tests may pass a tiny judge while the panel is a stub). */
export interface RunDeps {
  judges?: Judge[];
  verify?: VerifyFn;
}

export interface RunOutcome {
  exitCode: 0 | 1;
  summary: ResultSummary | null;
  resultDir: string | null;
  stats: ClientStats | null;
}
