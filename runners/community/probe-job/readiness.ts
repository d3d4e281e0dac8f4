import { setTimeout as sleep } from 'node:timers/promises';

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

/** Whether an engine's readiness route answers 503 (its body read, so the connection is free again). */
async function stillLoading(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  await res.arrayBuffer();
  return res.status === 503;
}

/**
 * Poll GET {base}/models until it answers 200 with a model list (containing `expectModel` when given), and the
 * engine's readiness route, if it has one, no longer answers 503 (llama.cpp lists its model while it loads it).
 */
export async function waitForModels(base: string, opts: WaitOptions): Promise<string[]> {
  const deadline = Date.now() + opts.timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (opts.alive && !opts.alive()) throw new Error(`the server exited before ${base}/models answered (${last})`);
    try {
      const res = await fetch(`${base}/models`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) {
        const body = (await res.json()) as { data?: Array<{ id?: unknown }> };
        const ids = (body.data ?? []).map((m) => String(m.id));
        if (opts.expectModel && !ids.includes(opts.expectModel)) last = `serves ${ids.join(', ') || 'nothing'}, not ${opts.expectModel}`;
        else if (opts.readyRoute && (await stillLoading(`${base}/${opts.readyRoute}`))) last = `lists its model, but ${base}/${opts.readyRoute} answers 503 (still loading it)`;
        else return ids;
      } else last = `HTTP ${res.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(opts.intervalMs ?? 2000);
  }
  throw new Error(`${base}/models did not answer within ${Math.round(opts.timeoutMs / 1000)} s (${last})`);
}

/**
 * Several endpoints the job was given (`--server none`): waited for together, each up to `timeoutMs`. The job goes
 * on with those that answered, naming each one that did not (the runner rests an endpoint that fails); it stops only
 * when none answered. Waited for one after another, eight hosts could take eight timeouts, and one host down stopped a
 * job the others could have run.
 */
export async function waitForEndpoints(bases: string[], opts: WaitOptions, log: (line: string) => void): Promise<void> {
  const settled = await Promise.allSettled(bases.map((b) => waitForModels(b, opts)));
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  settled.forEach((s, i) => log(s.status === 'fulfilled' ? `ready: ${bases[i]} serves ${s.value.join(', ')}` : `warning: ${(s.reason as Error).message}; going on without waiting for it`));
}
