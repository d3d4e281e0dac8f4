import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSubmission } from './load-submission.ts';
import { ENGINES, buildServeCommand, formatCommand, type Engine } from './serve-command.ts';
import { parseCommandArgs } from '../core/args.ts';
import { runAsScript } from './run-script.ts';

/**
 * What one GPU runner does in the probe workflow, as one script a maintainer can also run by hand:
 *   1. start the engine from `serve-cmd` (argv array, no shell) — or the simulator for a dry run,
 *   2. wait until `/v1/models` answers (and lists the served model),
 *   3. `userturn run` the submission (this shard) against it, with the judge config from secrets,
 *   4. `userturn validate` the results folder,
 *   5. stop the server (its whole process group).
 */

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'main.ts');

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
  /** Where the server's output goes (it can be long: weight downloads, CUDA graphs). */
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Poll GET {base}/models until it answers 200 with a model list (containing `expectModel` when given). */
export async function waitForModels(base: string, opts: { timeoutMs: number; expectModel?: string; alive?: () => boolean; intervalMs?: number }): Promise<string[]> {
  const deadline = Date.now() + opts.timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (opts.alive && !opts.alive()) throw new Error(`the server exited before ${base}/models answered (${last})`);
    try {
      const res = await fetch(`${base}/models`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) {
        const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
        const ids = (body.data ?? []).map((m) => String(m.id));
        if (!opts.expectModel || ids.includes(opts.expectModel)) return ids;
        last = `serves ${ids.join(', ') || 'nothing'}, not ${opts.expectModel}`;
      } else last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(opts.intervalMs ?? 2000);
  }
  throw new Error(`${base}/models did not answer within ${Math.round(opts.timeoutMs / 1000)} s (${last})`);
}

/** The engine gets the environment minus the judge's and GitHub's credentials (it needs HF_TOKEN at most). */
export function engineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !/JUDGE|^USERTURN_API_KEY$|^GITHUB_TOKEN$|^GH_TOKEN$|^ACTIONS_/.test(k)));
}

/** Start a process in its own process group, output to a log file, never through a shell. */
function startDetached(argv: string[], logFile: string): ChildProcess {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'a');
  const child = spawn(argv[0]!, argv.slice(1), { detached: true, stdio: ['ignore', fd, fd], shell: false, env: engineEnv(process.env) });
  closeSync(fd);
  return child;
}

/** Whether any process of the group is left (the leader may be gone while its workers still hold the GPU). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * SIGTERM the server's process group, SIGKILL after a grace period. The group is signalled even when its leader
 * has already exited: engine workers outlive a crashed API server, and they hold the GPU.
 */
async function stop(child: ChildProcess, graceMs = 20_000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  const leaderDone = child.exitCode !== null || child.signalCode !== null;
  const exited = leaderDone ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return; // no process of the group is left
  }
  const deadline = Date.now() + graceMs;
  let leaderExited = leaderDone;
  void exited.then(() => (leaderExited = true));
  while (Date.now() < deadline && !(leaderExited && !groupAlive(pgid))) await sleep(100);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await exited;
}

/** Start the simulator on a free loopback port; resolves with its base URL once it prints "listening on". */
async function startSim(profile: string, logFile: string): Promise<{ child: ChildProcess; base: string }> {
  mkdirSync(dirname(logFile), { recursive: true });
  const child = spawn(process.execPath, [CLI, 'sim', '--port', '0', '--profile', profile], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolveUrl, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the simulator did not start within 30 s')), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolveUrl(`${m[1]}/v1`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited with ${code}`));
    });
  });
  child.stdout!.resume();
  return { child, base };
}

/** The userturn child running now (a signal to the job is passed on to it). */
let current: ChildProcess | null = null;

/** Run `userturn …` as a child (asynchronously, so a signal to the job is handled while it runs). */
async function cli(args: string[], log: (l: string) => void, output: 'inherit' | 'on-failure' = 'inherit'): Promise<number> {
  log(`$ userturn ${args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`);
  const child = spawn(process.execPath, [CLI, ...args], { stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  current = child;
  let captured = '';
  child.stdout?.on('data', (d: Buffer) => (captured += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (captured += d.toString()));
  const code = await new Promise<number>((r) => {
    child.once('error', () => r(1));
    child.once('close', (c) => r(c ?? 1));
  });
  current = null;
  if (output === 'on-failure' && code !== 0) log(captured);
  return code;
}

export async function runProbeJob(o: ProbeJobOptions): Promise<ProbeJobResult> {
  const log = o.log ?? ((l: string) => console.error(l));
  const loaded = await loadSubmission(o.submission);
  if (!loaded.ok) {
    for (const e of loaded.errors) log(e);
    return { exitCode: 1, resultDir: null, baseUrls: [] };
  }
  const sub = loaded.value;
  const out = resolve(o.out);
  const serverLog = resolve(o.serverLog ?? join(out, '..', `serve-${sub.id}.log`));
  let child: ChildProcess | null = null;
  let baseUrls = o.baseUrls ?? [];
  // Interrupted (Ctrl-C, a cancelled workflow): stop the detached server's group and the userturn child, then
  // let the finally block below wait for them. Without this the engine would keep the GPU after the job is gone.
  let interrupted: NodeJS.Signals | null = null;
  const onSignal = (sig: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = sig;
    log(`${sig}: stopping`);
    current?.kill(sig);
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const signalCode = () => (interrupted === 'SIGINT' ? 130 : 143);
  try {
    if (o.server === 'engine') {
      const cmd = buildServeCommand(sub, { engine: o.engine, port: o.port ?? 8000 });
      log(`starting: ${formatCommand(cmd.argv)}  (log: ${serverLog})`);
      child = startDetached(cmd.argv, serverLog);
      const spawned = child;
      let failed: Error | null = null;
      spawned.once('error', (e) => (failed = e));
      baseUrls = [cmd.base_url];
      const models = await waitForModels(cmd.base_url, {
        timeoutMs: o.readyTimeoutMs ?? 45 * 60_000,
        expectModel: cmd.served_model_name,
        alive: () => interrupted === null && failed === null && spawned.exitCode === null && spawned.signalCode === null,
      });
      log(`ready: ${cmd.base_url} serves ${models.join(', ')}`);
    } else if (o.server === 'sim') {
      const sim = await startSim(o.simProfile ?? 'restater', serverLog);
      child = sim.child;
      baseUrls = [sim.base];
      const models = await waitForModels(sim.base, { timeoutMs: o.readyTimeoutMs ?? 30_000, intervalMs: 200 });
      log(`ready (SIMULATOR, not a model): ${sim.base} serves ${models.join(', ')}`);
    } else {
      if (baseUrls.length === 0) throw new Error('--server none needs at least one --base-url');
      for (const b of baseUrls) log(`ready: ${b} serves ${(await waitForModels(b, { timeoutMs: o.readyTimeoutMs ?? 60_000 })).join(', ')}`);
    }

    const runArgs = ['run', o.submission, ...baseUrls.flatMap((b) => ['--base-url', b]), '--out', out];
    if (o.shard) runArgs.push('--shard', o.shard);
    for (const j of o.judgeConfigs ?? []) runArgs.push('--judge-config', j);
    runArgs.push(...(o.runArgs ?? []));
    if (interrupted) return { exitCode: signalCode(), resultDir: null, baseUrls };
    const runCode = await cli(runArgs, log, o.childOutput);
    if (interrupted) return { exitCode: signalCode(), resultDir: join(out, sub.id), baseUrls };
    if (runCode !== 0) {
      log(`userturn run exited with ${runCode}: not validating partial results`);
      return { exitCode: runCode, resultDir: join(out, sub.id), baseUrls };
    }
    const resultDir = join(out, sub.id);
    const validateCode = await cli(['validate', resultDir], log, o.childOutput);
    return { exitCode: interrupted ? signalCode() : validateCode, resultDir, baseUrls };
  } catch (e) {
    if (interrupted) {
      log(`interrupted by ${interrupted}: ${(e as Error).message}`);
      return { exitCode: signalCode(), resultDir: null, baseUrls };
    }
    throw e;
  } finally {
    if (child) {
      const t0 = Date.now();
      await stop(child, o.server === 'sim' ? 3000 : 20_000);
      log(`server stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    // Only now: a second Ctrl-C during the stop must not kill the job before the SIGKILL fallback.
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function main(argv: string[]): Promise<number> {
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
  const usage = `usage: probe-job.ts <submission.yaml> [--server engine|sim|none] [--engine vllm|sglang] [--port P] [--base-url URL…]
                    [--shard i/n] [--out DIR] [--judge-config FILE…] [--ready-timeout-s S] [--sim-profile NAME]
                    [--server-log FILE] [-- extra userturn run arguments]`;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [submission, ...rest] = positionals;
  const server = values.server as ProbeJobOptions['server'];
  if (!submission || !['engine', 'sim', 'none'].includes(server) || (values.engine !== undefined && !ENGINES.includes(values.engine as Engine))) {
    console.error(usage);
    return 2;
  }
  const r = await runProbeJob({
    submission,
    server,
    engine: values.engine as Engine | undefined,
    port: values.port ? Number(values.port) : undefined,
    baseUrls: values['base-url'],
    shard: values.shard,
    out: values.out!,
    judgeConfigs: values['judge-config'],
    readyTimeoutMs: values['ready-timeout-s'] ? Number(values['ready-timeout-s']) * 1000 : undefined,
    simProfile: values['sim-profile'],
    serverLog: values['server-log'],
    runArgs: rest,
  });
  if (r.resultDir) console.log(`results: ${r.resultDir}`);
  return r.exitCode;
}

runAsScript(import.meta, 'probe-job', main);
