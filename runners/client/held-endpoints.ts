import { oneLine } from '../core/terminal-text.ts';
import type { Endpoint } from './endpoints.ts';
import { lookUpModel, type LookupOptions } from './model-lookup.ts';

/**
 * How often a held endpoint is looked up again: 1 s at first, doubling to 5 s, each wait from the end of the last
 * look-up. An endpoint back is taken in at most some 5 s late (it was up to 30 s, doubling from 2 s: back after 16 s
 * of a restart, found at 32 s), and one down for the whole run costs a look-up (three GETs) every 5 s.
 */
export const HELD_RECHECK = { firstMs: 1000, maxMs: 5000 } as const;

/** What the watcher tells its run: an endpoint found ready (default: it takes requests again), or left out for good. */
export interface HeldEvents {
  ready?(e: Endpoint): void;
  leftOut?(e: Endpoint): void;
}

/**
 * Look the held endpoints up again until each is ready (servedModels left them out at the start; endpoint-holds.ts
 * holds one that goes down mid-run, through `recheck`): one found serving `model` and able to serve it is taken back
 * into the run (`on.ready`); one found serving another model, or refusing, is left out for the rest of it (llama.cpp
 * answers whatever model a request names, so nothing later would tell). Each endpoint is asked again only once its
 * last look-up ended. The timers do not keep the process alive; `stop()` ends them, and any look-up in flight, when
 * the run ends.
 */
export function watchHeldEndpoints(held: Array<{ endpoint: Endpoint; reason: string }>, model: string, o: LookupOptions, log: (line: string) => void, every: { firstMs: number; maxMs: number } = HELD_RECHECK, on: HeldEvents = {}): { stop(): void; recheck(e: Endpoint): void } {
  const timers = new Set<NodeJS.Timeout>();
  // Ends the look-ups in flight too: one waiting on a silent host would keep the process up after the run.
  const ended = new AbortController();
  const lookup = { ...o, signal: ended.signal };
  let stopped = false;
  const leaveOut = (e: Endpoint, why: string) => {
    e.tally.leftOut = why;
    log(`warning: left out of this run: ${why}`);
    on.leftOut?.(e);
  };
  // `down`: it served part of the run before it went down (its reason goes to tally.down, not leftOut).
  const watch = (e: Endpoint, waitMs: number, down: boolean) => {
    const t = setTimeout(async () => {
      timers.delete(t);
      const found = await lookUpModel(e, lookup);
      if (stopped) return;
      if ('refused' in found) return leaveOut(e, found.refused);
      if ('model' in found && found.model !== model) return leaveOut(e, `${e.tally.url} now serves "${oneLine(found.model)}", not the run's "${oneLine(model)}"`);
      if ('model' in found && found.loading === undefined) {
        e.tally.leftOut = undefined;
        e.window = found.window;
        const after = Math.round((performance.now() - e.heldSince) / 1000);
        log(down ? `${e.tally.url} is back after ${after} s down (serving "${oneLine(model)}"): it takes requests again` : `${e.tally.url} is ready now (serving "${oneLine(model)}"): it takes requests from here on`);
        if (on.ready) on.ready(e);
        else e.held = false;
        return;
      }
      const why = 'model' in found ? found.loading : found.unanswered;
      if (down) e.tally.down = why;
      else e.tally.leftOut = why;
      watch(e, Math.min(every.maxMs, waitMs * 2), down);
    }, waitMs);
    t.unref();
    timers.add(t);
  };
  for (const { endpoint, reason } of held) {
    endpoint.held = true;
    endpoint.heldSince = performance.now();
    endpoint.tally.leftOut = reason;
    watch(endpoint, every.firstMs, false);
  }
  return {
    stop() {
      stopped = true;
      ended.abort(new Error('the run ended'));
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    recheck(e: Endpoint) {
      if (stopped) return;
      watch(e, every.firstMs, true);
    },
  };
}

/**
 * The endpoints that served the run, as a result records them (no user:password): all but those left out of it (held
 * and never found ready, or found serving another model or refusing) before they answered any attempt. One that went
 * down mid-run, or was left out once it came back, served its part.
 */
export const servingEndpoints = (endpoints: readonly Endpoint[]): string[] => endpoints.filter((e) => e.tally.leftOut === undefined || answered(e) > 0).map((e) => e.tally.url);

const answered = (e: Endpoint): number => e.tally.attempts - Object.values(e.tally.failed).reduce((a, b) => a + b, 0);
