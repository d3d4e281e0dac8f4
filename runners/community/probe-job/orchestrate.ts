import { join, resolve } from 'node:path';
import { scrubUrls } from '../../client/endpoints.ts';
import { terminalText } from '../../core/terminal-text.ts';
import { registerEnvSecrets, registerUrlSecrets } from '../../io/secrets.ts';
import { loadSubmission } from '../load-submission.ts';
import { listenForInterrupt, type JobHandles } from './interrupt.ts';
import type { ProbeJobOptions, ProbeJobResult } from './options.ts';
import { stopGroup } from './processes.ts';
import { startServer } from './start-server.ts';
import { runUserturn } from './userturn-child.ts';

/**
 * What one GPU runner does in the probe workflow:
 *   1. start the engine from `serve-cmd` (argv array, no shell, output in the server log) — or the simulator for a
 *      dry run, or nothing when the base URLs are given,
 *   2. wait until `/v1/models` answers (and lists the served model),
 *   3. `userturn run` the submission (this shard) against it, with the judge config from secrets,
 *   4. `userturn validate` the results folder,
 *   5. stop the server (its whole process group).
 */
export async function runProbeJob(o: ProbeJobOptions): Promise<ProbeJobResult> {
  // Every line the job prints: a URL's user:password or a server's control characters never reach the terminal (a
  // review's job printed a password in its warnings and the run command it echoed; a model id retitled the terminal).
  const sink = o.log ?? ((l: string) => console.error(l));
  const log = (l: string) => sink(terminalText(scrubUrls(l)));
  // A server may echo the Authorization header (a URL's user:password goes as Basic auth) into what the job prints.
  for (const u of o.baseUrls ?? []) registerUrlSecrets(u);
  registerEnvSecrets();
  const loaded = await loadSubmission(o.submission);
  if (!loaded.ok) {
    for (const e of loaded.errors) log(e);
    return { exitCode: 1, resultDir: null, baseUrls: [] };
  }
  const sub = loaded.value;
  const out = resolve(o.out);
  const serverLog = resolve(o.serverLog ?? join(out, '..', `serve-${sub.id}.log`));
  const handles: JobHandles = { server: null, userturn: null };
  const cli = (args: string[]) => runUserturn(args, { log, output: o.childOutput, track: (c) => (handles.userturn = c) });
  let baseUrls = o.baseUrls ?? [];
  const interrupt = listenForInterrupt(handles, log);
  try {
    await startServer(o, { sub, serverLog, handles, interrupt, log, setBaseUrls: (urls) => (baseUrls = urls) });

    const runArgs = ['run', o.submission, ...baseUrls.flatMap((b) => ['--base-url', b]), '--out', out];
    if (o.shard) runArgs.push('--shard', o.shard);
    for (const j of o.judgeConfigs ?? []) runArgs.push('--judge-config', j);
    runArgs.push(...(o.runArgs ?? []));
    if (interrupt.signal()) return { exitCode: interrupt.exitCode(), resultDir: null, baseUrls };
    const runCode = await cli(runArgs);
    if (interrupt.signal()) return { exitCode: interrupt.exitCode(), resultDir: join(out, sub.id), baseUrls };
    if (runCode !== 0) {
      log(`userturn run exited with ${runCode}: not validating partial results`);
      return { exitCode: runCode, resultDir: join(out, sub.id), baseUrls };
    }
    const resultDir = join(out, sub.id);
    const validateCode = await cli(['validate', resultDir]);
    return { exitCode: interrupt.signal() ? interrupt.exitCode() : validateCode, resultDir, baseUrls };
  } catch (e) {
    if (interrupt.signal()) {
      log(`interrupted by ${interrupt.signal()}: ${(e as Error).message}`);
      return { exitCode: interrupt.exitCode(), resultDir: null, baseUrls };
    }
    throw e;
  } finally {
    if (handles.server) {
      const t0 = Date.now();
      await stopGroup(handles.server, o.server === 'sim' ? 3000 : 20_000);
      log(`server stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    interrupt.dispose();
  }
}
