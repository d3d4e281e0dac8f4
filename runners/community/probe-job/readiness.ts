import { setTimeout as sleep } from 'node:timers/promises';
import { createEndpoints, redactUrl } from '../../client/endpoints.ts';
import { lookUpModel } from '../../client/model-lookup.ts';

export interface WaitOptions {
  timeoutMs: number;
  /** Wait until the list contains this model (an engine serves one named model). */
  expectModel?: string;
  /** False once the server is known to be gone: stop waiting at once. */
  alive?: () => boolean;
  intervalMs?: number;
  /** The engine's readiness route (EngineBehaviour.readyRoute): a 503 there means the model is still loading. */
  readyRoute?: string | null;
}

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
    const found = await lookUpModel(endpoint!, { timeoutMs: LOOKUP_TIMEOUT_MS, expected: opts.expectModel ? [opts.expectModel] : [], readyRoute: opts.readyRoute });
    if ('model' in found && opts.expectModel && found.model !== opts.expectModel) last = `serves "${found.model}", not "${opts.expectModel}"`;
    else if ('model' in found) {
      if (found.loading === undefined) return found.model;
      last = found.loading;
    } else last = 'refused' in found ? found.refused : found.unanswered;
    await sleep(opts.intervalMs ?? 2000);
  }
  throw new Error(`${redactUrl(base)} was not ready within ${Math.round(opts.timeoutMs / 1000)} s (${last})`);
}

/**
 * Several endpoints the job was given (`--server none`): waited for together, each up to `timeoutMs`. The job goes
 * on with those that answered, naming each one that did not (the run looks it up again and takes it in once ready);
 * it stops only when none answered, naming each. Waited for one after another, eight hosts could take eight
 * timeouts, and one host down stopped a job the others could have run.
 */
export async function waitForEndpoints(bases: string[], opts: WaitOptions, log: (line: string) => void): Promise<void> {
  const settled = await Promise.allSettled(bases.map((b) => waitForModels(b, opts)));
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as Error).message] : []));
  if (failures.length === bases.length) throw new Error(failures.join('; '));
  settled.forEach((s, i) => log(s.status === 'fulfilled' ? `ready: ${redactUrl(bases[i]!)} serves ${s.value}` : `warning: ${(s.reason as Error).message}; going on without it (the run takes it in once it is ready)`));
}
