import type { Submission } from '../../../src/schema/index.ts';
import { oneLine, shownPath } from '../../core/terminal-text.ts';
import { ENGINES } from '../../engines/behaviour.ts';
import { buildServeCommand, formatCommand } from '../../engines/serve-command.ts';
import type { Interrupt, JobHandles } from './interrupt.ts';
import type { ProbeJobOptions } from './options.ts';
import { startDetached } from './processes.ts';
import { waitForEndpoints, waitForModels } from './readiness.ts';
import { startSim } from './simulator.ts';

/** What the job gives the server start: the submission, where the engine logs, and the job's handles. */
export interface ServerStart {
  sub: Submission;
  serverLog: string;
  handles: JobHandles;
  interrupt: Interrupt;
  log: (line: string) => void;
  setBaseUrls: (urls: string[]) => void;
}

/**
 * Start the server the options ask for, recording it in `handles` so a signal reaches it, and wait until every
 * endpoint lists its models. The engine's and the simulator's base URL replace `o.baseUrls` through `setBaseUrls`
 * as soon as it is known, so an interrupted job still reports it.
 */
export async function startServer(o: ProbeJobOptions, { sub, serverLog, handles, interrupt, log, setBaseUrls }: ServerStart): Promise<void> {
  if (o.server === 'engine') {
    const cmd = buildServeCommand(sub, { engine: o.engine, port: o.port ?? 8000 });
    // Ollama serves nothing until the model is pulled: the job does not run follow-up commands.
    if (cmd.then.length > 0) throw new Error(`${cmd.engine}: start the server and its follow-up commands by hand (userturn serve-cmd prints them), then use --server none --base-url ${cmd.base_url}`);
    log(`starting: ${formatCommand(cmd.argv)}  (log: ${shownPath(serverLog)})`);
    const spawned = startDetached(cmd.argv, serverLog);
    handles.server = spawned;
    let failed: Error | null = null;
    spawned.once('error', (e) => (failed = e));
    setBaseUrls([cmd.base_url]);
    const model = await waitForModels(cmd.base_url, {
      timeoutMs: o.readyTimeoutMs ?? 45 * 60_000,
      expectModel: cmd.served_model_name,
      readyRoute: ENGINES[cmd.engine].readyRoute,
      alive: () => interrupt.signal() === null && failed === null && spawned.exitCode === null && spawned.signalCode === null,
    });
    log(`ready: ${cmd.base_url} serves ${oneLine(model)}`);
  } else if (o.server === 'sim') {
    const sim = await startSim(o.simProfile ?? 'restater');
    handles.server = sim.child;
    setBaseUrls([sim.base]);
    const model = await waitForModels(sim.base, { timeoutMs: o.readyTimeoutMs ?? 30_000, intervalMs: 200, alive: () => interrupt.signal() === null });
    log(`ready (SIMULATOR, not a model): ${sim.base} serves ${oneLine(model)}`);
  } else {
    const baseUrls = o.baseUrls ?? [];
    if (baseUrls.length === 0) throw new Error('--server none needs at least one --base-url');
    await waitForEndpoints(baseUrls, { timeoutMs: o.readyTimeoutMs ?? 60_000, readyRoute: ENGINES[o.engine ?? sub.serving.engine].readyRoute, alive: () => interrupt.signal() === null }, log);
  }
}
