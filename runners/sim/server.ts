import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerError } from '../core/errors.ts';
import { ENGINES } from '../engines/behaviour.ts';
import type { SimContext, SimOptions } from './context.ts';
import { createDelivery } from './delivery.ts';
import { faultPicker } from './faults.ts';
import { errorBody, sendJson } from './http-io.ts';
import { createPacer } from './pacing.ts';
import { startingMs } from './loading.ts';
import { loadGsm8kReferences } from './references.ts';
import { route } from './routes.ts';
import { chatmlEndTokens, DEFAULT_SERVED_MODEL } from './served-model.ts';
import { newStats, type SimStats } from './stats.ts';
import { SIMULATOR_MODEL_PREFIX } from '../../src/lib/summary-provenance.ts';

export type { SimOptions } from './context.ts';

/** --ignore-stops, or --misbehave ignore-stops (which also makes the model run on past its turn). */
const ignoresStops = (opts: SimOptions): boolean => (opts.ignoreStops ?? false) || (opts.misbehave?.has('ignore-stops') ?? false);

export interface RunningSim {
  url: string;
  port: number;
  server: Server;
  stats: SimStats;
  close(): Promise<void>;
}

/**
 * Why the port could not be opened, in one line when the machine is the reason (another process holds it, a port
 * below 1024 without the right): a stack trace and exit 70 said "bug" for what is the operator's to fix.
 */
function listenFailure(e: NodeJS.ErrnoException, port: number): Error {
  if (e.code === 'EADDRINUSE') return new ServerError(`port ${port} is in use (another process listens on 127.0.0.1:${port}): pick another --port, or --port 0 for a free one`);
  if (e.code === 'EACCES') return new ServerError(`port ${port} cannot be opened: permission denied (ports below 1024 need privileges): pick another --port`);
  return e;
}

/** The simulated OpenAI-compatible server: a test and demo stand-in, never a model. */
export function startSim(opts: SimOptions): Promise<RunningSim> {
  const stats = newStats();
  const ctx: SimContext = {
    opts,
    stats,
    servedModel: `${SIMULATOR_MODEL_PREFIX}${opts.profile.name}`,
    gen: { profile: opts.profile, seed: opts.seed, gsm8k: loadGsm8kReferences(opts.dataDir), unfinishedRate: opts.unfinishedRate, runPast: opts.runPast || opts.misbehave?.has('ignore-stops'), endToken: opts.endToken },
    emulated: opts.engine
      ? { engine: ENGINES[opts.engine], serverSpecial: opts.serverSpecial ?? false, ignoreStops: ignoresStops(opts), endAtBudget: opts.endAtBudget ?? false, chatmlEnds: chatmlEndTokens(opts.modelFiles ?? DEFAULT_SERVED_MODEL, ENGINES[opts.engine]) }
      : null,
    nextFault: faultPicker(opts.faults, opts.seed),
    hanging: new Set(),
    judgeRequests: [],
    delivery: createDelivery(stats),
    pacer: createPacer(opts.tokenMs ?? 0),
    readyAt: performance.now() + startingMs(opts),
  };
  const server = createServer((req, res) => {
    route(ctx, req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`simulator bug: ${(e as Error).message}`, 'server_error'));
    });
  });
  server.on('connection', (socket) => ctx.delivery.watch(socket));
  server.keepAliveTimeout = 30_000;
  server.maxRequestsPerSocket = 0;
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(listenFailure(e, opts.port)));
    server.listen(opts.port, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        server,
        stats,
        close: () =>
          new Promise<void>((r) => {
            ctx.pacer.close();
            for (const h of ctx.hanging) h.socket?.destroy();
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
