/** The engine versions a result records (RunInfo.engine_versions): one order and no repeats, however they were gathered. */
import type { EngineVersion } from '../schema/index.ts';

const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Each {engine, version} once, by engine then version, a null version (an endpoint that reported none) last. */
export function distinctVersions(list: readonly EngineVersion[]): EngineVersion[] {
  const seen = new Map<string, EngineVersion>();
  for (const v of list) seen.set(JSON.stringify([v.engine, v.version]), { engine: v.engine, version: v.version });
  return [...seen.values()].sort((a, b) => order(a.engine, b.engine) || (a.version === b.version ? 0 : a.version === null ? 1 : b.version === null ? -1 : order(a.version, b.version)));
}
