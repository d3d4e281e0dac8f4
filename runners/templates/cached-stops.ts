import { contentKey, peekStage, type StageCache } from '../cache/stage-cache.ts';
import type { DerivedStops, StopsSource } from './prompts.ts';

const STOPS_KEY = contentKey('stops');

/**
 * The template's derived stops kept in the run's cache file under the builder's fingerprint (template, options,
 * rendering code): a rerun finds them before setting up and never starts the render process, which a fully cached
 * run needs for nothing else. A first run derives them as before (a broken template fails the same way) and keeps
 * them once the cache is open.
 */
export function storedStops(cachePath: string | null) {
  let derived: { version: string; stops: DerivedStops } | null = null;
  const stopsFrom: StopsSource = async (version, derive) => {
    const kept = cachePath === null ? undefined : peekStage<DerivedStops>(cachePath, 'prompt', version, STOPS_KEY);
    if (kept) return kept;
    derived = { version, stops: await derive() };
    return derived.stops;
  };
  return {
    stopsFrom,
    /** Keep stops derived by this run in the now open cache. */
    keep(stages: StageCache): void {
      if (derived) stages.put('prompt', derived.version, STOPS_KEY, derived.stops);
    },
  };
}
