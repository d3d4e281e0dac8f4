import { setTimeout as sleep } from 'node:timers/promises';
import { createEndpoints } from '../../client/endpoints.ts';
import { redactUrl } from '../../../src/schema/url-redact.ts';
import { oneLine } from '../../core/terminal-text.ts';
import { endpointGrace, lookUpModel } from '../../client/model-lookup.ts';

export interface WaitOptions {
  timeoutMs: number;
  /** Wait until the list contains this model (an engine serves one named model). */
  expectModel?: string;
  /** False once the server is known to be gone: stop waiting at once. */
  alive?: () => boolean;
  intervalMs?: number;
  /** The engine's readiness route (EngineBehaviour.readyRoute): a 503 there means the model is still loading. */
  readyRoute?: string | null;
  /** Ends the wait (its reason is the error's message). */
  signal?: AbortSignal;
  /** waitForEndpoints: how long the others get once one is ready (default LATE_READY_MS). */
  lateMs?: number;
  /** A refusal (a wrong key or path) ends the wait at once (RefusedError), as it stops the run. */
  stopOnRefusal?: boolean;
}

/** An endpoint that refused (model-lookup.ts): not a host still starting, so waiting longer cannot help. */
export class RefusedError extends Error {}

/** One look-up's longest wait: a host that takes the connection but never answers is asked again after it. */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * Look `base` up as the run does (model-lookup.ts: its key from USERTURN_API_KEY, a URL's user:password, the engine's
 * readiness route) until it serves a model (`expectModel` when given) and can serve it; the model. While it is starting
 * every answer means "not yet": a refusal too (Ollama lists nothing until a model is pulled). Every reason it gives
 * names the endpoint without credentials: a review's job printed a URL's password in its warning and its error.
 */
export async function waitForModels(base: string, opts: WaitOptions): Promise<string> {
  const deadline = Date.now() + opts.timeoutMs;
  const [endpoint] = createEndpoints([base], process.env.USERTURN_API_KEY, LOOKUP_TIMEOUT_MS);
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (opts.alive && !opts.alive()) throw new Error(`the server exited before ${redactUrl(base)} was ready (${last})`);
    if (opts.signal?.aborted) throw new Error(`${redactUrl(base)} was not ready: ${(opts.signal.reason as Error).message} (${last})`);
    // No try nor pause runs past the deadline (a review's 8 s wait took 14.5 s).
    const left = () => Math.max(1, deadline - Date.now());
    const found = await lookUpModel(endpoint!, { timeoutMs: Math.min(LOOKUP_TIMEOUT_MS, left()), expected: opts.expectModel ? [opts.expectModel] : [], readyRoute: opts.readyRoute, signal: opts.signal });
    // Ended while it looked, by a signal or by the deadline cutting the try short: what was seen before says more than
    // the ending ("no complete answer within 0.001 s" replaced a loading host's 503 under load).
    if (opts.signal?.aborted) continue;
    if ('refused' in found && opts.stopOnRefusal) throw new RefusedError(found.refused);
    const ready = 'model' in found && found.loading === undefined && (!opts.expectModel || found.model === opts.expectModel);
    if (!ready && Date.now() >= deadline && last !== 'no answer yet') continue;
    if ('model' in found && opts.expectModel && found.model !== opts.expectModel) last = `serves "${oneLine(found.model)}", not "${opts.expectModel}"`;
    else if ('model' in found) {
      if (found.loading === undefined) return found.model;
      last = found.loading;
    } else last = 'refused' in found ? found.refused : found.unanswered;
    await sleep(Math.min(opts.intervalMs ?? 2000, left()), undefined, { signal: opts.signal }).catch(() => {});
  }
  throw new Error(`${redactUrl(base)} was not ready within ${Math.round(opts.timeoutMs / 1000)} s (${last})`);
}

/** Once one endpoint is ready, how long the job waits for the others (the run holds those and takes them in later). */
export const LATE_READY_MS = 10_000;

/**
 * Several endpoints the job was given (`--server none`): waited for together, each up to `timeoutMs`, and once one is
 * ready the others get LATE_READY_MS more. The job goes on with those ready, naming each one that is not (the run looks
 * it up again and takes it in once it is); it stops only when none is, naming each. Waited for one after another,
 * eight hosts could take eight timeouts, one host down stopped a job the others could have run, and later one host
 * down held the job for the whole timeout. `alive` false (an interrupt) ends every wait at once; a refusal stops the job.
 */
export async function waitForEndpoints(bases: string[], opts: WaitOptions, log: (line: string) => void): Promise<void> {
  const grace = endpointGrace(opts.lateMs ?? LATE_READY_MS);
  const watchAlive = setInterval(() => opts.alive && !opts.alive() && grace.stop('the job was interrupted'), 200);
  const settled = await Promise.allSettled(
    bases.map(async (b) => {
      const model = await waitForModels(b, { ...opts, alive: undefined, signal: grace.signal, stopOnRefusal: true }).catch((e: unknown) => {
        if (e instanceof RefusedError) grace.stop('not waited for further: another endpoint refused');
        throw e;
      });
      grace.ready();
      return model;
    }),
  );
  grace.end();
  clearInterval(watchAlive);
  // A refusal stops the job, as it would stop the run: a wrong key or path, not a host still starting.
  const refused = settled.flatMap((s) => (s.status === 'rejected' && s.reason instanceof RefusedError ? [s.reason.message] : []));
  if (refused.length > 0) throw new Error(refused.join('; '));
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error).message] : []));
  if (failures.length === bases.length || (opts.alive && !opts.alive())) throw new Error(failures.join('; ') || 'the job was interrupted');
  settled.forEach((s, i) => log(s.status === 'fulfilled' ? `ready: ${redactUrl(bases[i]!)} serves ${oneLine(s.value)}` : `warning: going on without it (the run takes it in once it is ready): ${(s.reason as Error).message}`));
}
