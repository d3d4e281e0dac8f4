import { oneLine } from '../core/terminal-text.ts';
import { ENDPOINT_REST, EndpointError, type Endpoint } from './endpoints.ts';

/** Every endpoint down for longer than the outage limit: the run stops (exit 1), its finished answers cached. */
export class EndpointsDown extends EndpointError {}

/** How long every endpoint may be down at once before the run stops (--outage-limit-s): a vLLM reload takes minutes. */
export const DEFAULT_OUTAGE_LIMIT_MS = 600_000;

/** What a run gives the holds: who looks a held endpoint up again, the outage limit, where lines go. */
export interface HoldWatch {
  /** Look `e` up until it is ready, then call release(e) (held-endpoints.ts). */
  recheck(e: Endpoint): void;
  outageLimitMs: number;
  log(line: string): void;
}

/**
 * Endpoints taken out of a run while they cannot be reached, mid-run (an engine restarting: its port closed, or its
 * proxy answering 502-504). An attempt that fails so on an endpoint that has failed ENDPOINT_REST.after attempts in a
 * row holds it: it gets no request until a look-up finds it ready (the look-ups of held-endpoints.ts), and the
 * requests that met it go to the other endpoints or wait, without spending their attempts (nor those that made up the
 * failures in a row: attempt-budget.ts). Without held endpoints a request gave up after some 16-31 s of refused
 * attempts, so a restart longer than that failed every request of the run meanwhile. When every endpoint stays held
 * longer than the outage limit the waiting requests fail with EndpointsDown, which stops the run. Nothing is held
 * until `watch` is called (doctor and bare clients spend their attempts as before): a held endpoint needs someone to
 * look it up again.
 */
export function createEndpointHolds(endpoints: readonly Endpoint[]) {
  let watch: HoldWatch | null = null;
  let outage: NodeJS.Timeout | undefined;
  let down: EndpointsDown | null = null;
  let waiting: PromiseWithResolvers<void> | null = null;
  // Left out for good. tally.leftOut alone does not say so: one not ready yet at the start carries its reason there too.
  const gone = new Set<Endpoint>();
  const secondsSince = (t: number) => Math.round((performance.now() - t) / 1000);

  /** The run stops: every waiting and later request fails with `why`. */
  const stopWith = (why: string) => {
    down = new EndpointsDown(`stopped: ${why}. No result was written; finished requests are cached, so a rerun resumes.`);
    clearTimeout(outage);
    outage = undefined;
    waiting?.reject(down);
    waiting = null;
  };
  const stopRun = () => {
    const s = Math.round(watch!.outageLimitMs / 1000);
    const each = endpoints.map((e) => `${e.tally.url} for ${secondsSince(e.heldSince)} s${e.tally.down || e.tally.leftOut ? ` (${oneLine(e.tally.down ?? e.tally.leftOut!)})` : ''}`);
    stopWith(`no endpoint could be reached for ${s} s (--outage-limit-s ${s}): ${each.join('; ')}`);
  };

  return {
    watch(w: HoldWatch): void {
      watch = w;
    },
    /** Whether endpoints are held at all (`watch` was called): if not, an unreached attempt counts as any other. */
    watching(): boolean {
      return watch !== null;
    },
    /**
     * After an attempt on `e` that did not reach it (Failure.unreached) and was recorded (recordAttempt): whether `e`
     * is held now, already or from this failure on. Then the attempt is not the request's to count.
     */
    held(e: Endpoint, reason: string): boolean {
      if (e.held) return watch !== null;
      if (watch === null || e.failuresInARow < ENDPOINT_REST.after) return false;
      e.held = true;
      e.outages++;
      e.heldSince = performance.now();
      e.tally.down = reason;
      const serving = endpoints.filter((x) => !x.held).length;
      const meanwhile = serving > 0 ? `${serving} other endpoint(s) take its requests meanwhile` : `no endpoint serves meanwhile: requests wait, the run stops if none is back within ${Math.round(watch.outageLimitMs / 1000)} s (--outage-limit-s)`;
      watch.log(`${e.tally.url} is down (${oneLine(reason)}): held until a look-up finds it ready; ${meanwhile}`);
      if (serving === 0 && outage === undefined) {
        // A held endpoint's look-ups do not keep the process alive; this timer does, while requests wait.
        outage = setTimeout(stopRun, watch.outageLimitMs);
      }
      watch.recheck(e);
      return true;
    },
    /**
     * An endpoint was found serving another model, or refusing, when looked up again: left out for good. Once every
     * endpoint is, nothing can serve the run, and it stops now rather than at the outage limit.
     */
    leftOut(e: Endpoint): void {
      gone.add(e);
      if (down || !endpoints.every((x) => gone.has(x))) return;
      stopWith(`no endpoint can serve the run: ${endpoints.map((x) => oneLine(x.tally.leftOut!)).join('; ')}`);
    },
    /** `e` is ready again: it takes requests, and requests waiting for an endpoint go on. */
    release(e: Endpoint): void {
      e.held = false;
      e.heldSince = 0;
      e.failuresInARow = 0;
      e.restUntil = 0;
      e.tally.down = undefined;
      clearTimeout(outage);
      outage = undefined;
      waiting?.resolve();
      waiting = null;
    },
    /** Resolves once an endpoint is not held (at once if one is not); rejects with EndpointsDown past the outage limit. */
    serving(): Promise<void> {
      if (down) return Promise.reject(down);
      if (endpoints.some((e) => !e.held)) return Promise.resolve();
      if (!waiting) {
        waiting = Promise.withResolvers<void>();
        // Rejected with nobody waiting (every request between attempts) is not an unhandled rejection.
        waiting.promise.catch(() => {});
      }
      return waiting.promise;
    },
    /** The run ended: no outage timer outlives it. */
    stop(): void {
      clearTimeout(outage);
      outage = undefined;
    },
  };
}

export type EndpointHolds = ReturnType<typeof createEndpointHolds>;
