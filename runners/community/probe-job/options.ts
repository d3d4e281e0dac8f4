import type { Engine } from '../../engines/serve-command.ts';

export interface ProbeJobOptions {
  submission: string;
  /** engine: serve-cmd's command; sim: the userturn simulator (dry run); none: use baseUrls as given. */
  server: 'engine' | 'sim' | 'none';
  engine?: Engine;
  port?: number;
  baseUrls?: string[];
  shard?: string;
  out: string;
  judgeConfigs?: string[];
  readyTimeoutMs?: number;
  simProfile?: string;
  /**
   * Where the engine's output goes (it can be long: weight downloads, CUDA graphs); default serve-<id>.log next to
   * `out`. Engine only: the simulator writes no log file.
   */
  serverLog?: string;
  /** Extra `userturn run` arguments (e.g. --limit, --data-dir, --template). */
  runArgs?: string[];
  log?: (line: string) => void;
  /** Output of the userturn child processes: shown (default) or captured and shown only on failure. */
  childOutput?: 'inherit' | 'on-failure';
}

export interface ProbeJobResult {
  exitCode: number;
  resultDir: string | null;
  baseUrls: string[];
}
