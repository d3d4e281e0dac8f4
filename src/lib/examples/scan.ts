/** The example list (pure): which samples match the filters, and the scan that fills one page from the shards. */
import type { Manifest, ManifestShard, Shard, ShardItem, ShardSample } from '../../schema/shards.ts';
import { judgesDisagree } from '../site/disagree.ts';
import { matchesText } from '../site/search.ts';
import { primaryLabel } from '../site/shards.ts';

export const PAGE_SIZE = 20;

export interface Hit { item: ShardItem; sample: ShardSample }
/** "" means any; label "none" is a sample without a primary label. */
export interface Filters { condition: string; label: string; query: string; disagree: boolean }

export function matches(f: Filters, it: ShardItem, s: ShardSample): boolean {
  if (f.condition && s.condition !== f.condition) return false;
  if (f.label && (primaryLabel(s) ?? 'none') !== f.label) return false;
  if (f.disagree && !judgesDisagree(s)) return false;
  return matchesText(it, s, f.query);
}

/** False when the manifest's counts show the shard holds no sample of the label or condition asked for. */
export function mayMatch(f: Filters, entry: ManifestShard): boolean {
  if (f.label && !(entry.labels as Record<string, number>)[f.label]) return false;
  if (f.condition && !entry.conditions[f.condition]) return false;
  return true;
}

/** Consecutive hits of one item share one question block. */
export function groupHits(hits: readonly Hit[]): Array<{ key: string; item: ShardItem; hits: Hit[] }> {
  const out: Array<{ key: string; item: ShardItem; hits: Hit[] }> = [];
  for (const h of hits) {
    const last = out[out.length - 1];
    if (last && last.item.item_id === h.item.item_id) last.hits.push(h);
    else out.push({ key: `${h.item.item_id}~${h.sample.id}`, item: h.item, hits: [h] });
  }
  return out;
}

/** Where a scan stopped: the next shard to read, and matches found beyond the last page (a shard holds more). */
export interface ScanPosition { cursor: number; spill: Hit[] }

export interface ScanStep extends ScanPosition {
  page: Hit[];
  /** Why the scan stopped early (a shard failed to load), or "". */
  error: string;
}

/**
 * Read shards from the cursor until a page of matches is found or the manifest ends. `progress` sees the cursor
 * after each shard; when `stale()` turns true (a newer scan started) the scan stops and returns null.
 */
export async function scanPage(
  man: Manifest, at: ScanPosition, f: Filters, load: (n: number) => Promise<Shard>,
  progress: (cursor: number) => void, stale: () => boolean, size = PAGE_SIZE,
): Promise<ScanStep | null> {
  const found: Hit[] = [...at.spill];
  let cursor = at.cursor;
  let error = '';
  while (cursor < man.shards.length && found.length < size) {
    const entry = man.shards[cursor]!;
    cursor++;
    if (!mayMatch(f, entry)) { progress(cursor); continue; }
    let sh: Shard;
    try { sh = await load(entry.n); } catch (e) { error = `Could not load shard ${entry.n}: ${(e as Error).message}`; break; }
    if (stale()) return null;
    for (const it of sh.items) for (const s of it.samples) if (matches(f, it, s)) found.push({ item: it, sample: s });
    progress(cursor);
  }
  return { cursor, spill: found.slice(size), page: found.slice(0, size), error };
}
