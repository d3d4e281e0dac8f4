import { intFlag, parseCommandArgs } from '../../core/args.ts';
import { ENGINES, type Engine } from '../../engines/serve-command.ts';
import type { ProbeJobOptions } from './options.ts';

export const PROBE_JOB_USAGE = `usage: probe-job.ts <submission.yaml> [--server engine|sim|none] [--engine ${ENGINES.join('|')}] [--port P] [--base-url URL…]
                    [--shard i/n] [--out DIR] [--judge-config FILE…] [--ready-timeout-s S] [--sim-profile NAME]
                    [--server-log FILE] [-- extra userturn run arguments]`;

const SERVERS: ReadonlyArray<ProbeJobOptions['server']> = ['engine', 'sim', 'none'];

/**
 * The job's options from its command line: 'help' for --help, 'usage' when the submission is missing or --server or
 * --engine names nothing known (the caller prints the usage). An unknown flag or a flag value that is not a whole
 * number (`--port abc`) throws UsageError.
 */
export function parseProbeJobArgs(argv: string[]): ProbeJobOptions | 'help' | 'usage' {
  const { values, positionals } = parseCommandArgs(argv, {
    server: { type: 'string', default: 'engine' },
    engine: { type: 'string' },
    port: { type: 'string' },
    'base-url': { type: 'string', multiple: true },
    shard: { type: 'string' },
    out: { type: 'string', default: 'results' },
    'judge-config': { type: 'string', multiple: true },
    'ready-timeout-s': { type: 'string' },
    'sim-profile': { type: 'string' },
    'server-log': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  const [submission, ...rest] = positionals;
  const server = values.server as ProbeJobOptions['server'];
  if (!submission || !SERVERS.includes(server) || (values.engine !== undefined && !ENGINES.includes(values.engine as Engine))) return 'usage';
  const optionalInt = (name: string, value: string | undefined) => (value === undefined ? undefined : intFlag(name, value, 0));
  const readyTimeoutS = optionalInt('ready-timeout-s', values['ready-timeout-s']);
  return {
    submission,
    server,
    engine: values.engine as Engine | undefined,
    port: optionalInt('port', values.port),
    baseUrls: values['base-url'],
    shard: values.shard,
    out: values.out,
    judgeConfigs: values['judge-config'],
    readyTimeoutMs: readyTimeoutS === undefined ? undefined : readyTimeoutS * 1000,
    simProfile: values['sim-profile'],
    serverLog: values['server-log'],
    runArgs: rest,
  };
}
