import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  timeoutMs: number;
  /** Wait until the list contains this model (an engine serves one named model). */
  expectModel?: string;
  /** False once the server is known to be gone: stop waiting at once. */
  alive?: () => boolean;
  intervalMs?: number;
}

/** Poll GET {base}/models until it answers 200 with a model list (containing `expectModel` when given). */
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
