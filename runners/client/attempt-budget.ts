import type { Endpoint } from './endpoints.ts';

/** An attempt that did not reach its endpoint, while it is not known yet whether the endpoint was down. */
interface Unsettled {
  e: Endpoint;
  outages: number;
  answered: number;
}

/**
 * The attempts one request has spent (completions-client.ts). An attempt that did not reach its endpoint
 * (Failure.unreached) is not the request's to count when the endpoint turns out to be down: held (endpoint-holds.ts),
 * by this failure or by another request's, before the endpoint answered anything again. Those that made up the failures
 * in a row before the hold are given back too, once it starts; until then such an attempt is left unsettled (the
 * request retries, after its backoff, without counting it), and it is counted once the endpoint answers another attempt
 * (it was up: the failure was the request's own). A request gets attempts back for at most `maxAttempts` outages: one
 * that keeps meeting an endpoint that fails it and then looks ready (it may be what brings the engine down) spends
 * them again.
 */
export type AttemptBudget = ReturnType<typeof attemptBudget>;

export function attemptBudget(maxAttempts: number) {
  let spent = 0;
  let unsettled: Unsettled[] = [];
  // The outages (endpoint, its outage number) this request got attempts back for.
  const met = new Set<string>();
  /** Whether an attempt lost to `e`'s outage number `n` is given back: at most `maxAttempts` outages per request. */
  const forgiven = (e: Endpoint, n: number): boolean => {
    const key = `${n} ${e.baseURL}`;
    if (!met.has(key) && met.size >= maxAttempts) return false;
    met.add(key);
    return true;
  };
  const settle = () => {
    unsettled = unsettled.filter((u) => {
      if (u.e.answered !== u.answered) spent++;
      else if (u.e.outages !== u.outages) spent += forgiven(u.e, u.e.outages) ? 0 : 1;
      else return true;
      return false;
    });
  };
  return {
    /** Attempts counted so far (what a failed request's reason says). */
    get spent(): number {
      return spent;
    },
    /** Attempts sent and not given back, the unsettled included: the retry number its backoff is for. */
    get tries(): number {
      return spent + unsettled.length;
    },
    /** An attempt that counts: answered badly, or failed in a way that says nothing about the endpoint. */
    spend(): void {
      spent++;
    },
    /**
     * An attempt that did not reach `e` while a run watches for outages; `held`: whether `e` is held now
     * (EndpointHolds.held). Returns whether the attempt was given back.
     */
    unreached(e: Endpoint, held: boolean): boolean {
      if (!held) {
        // Past its outages the request spends such attempts at once, as it would without holds.
        if (met.size >= maxAttempts) spent++;
        else unsettled.push({ e, outages: e.outages, answered: e.answered });
        return false;
      }
      settle();
      if (forgiven(e, e.outages)) return true;
      spent++;
      return false;
    },
    /** Whether the request has no attempt left, once what is known of its unsettled attempts is settled. */
    exhausted(): boolean {
      settle();
      return spent >= maxAttempts;
    },
  };
}
