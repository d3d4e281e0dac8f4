/** Text search over shard samples (pure): case- and whitespace-insensitive phrase match. */
import type { ShardItem, ShardSample } from '../../schema/shards.ts';

export const normalize = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** True when the phrase occurs in the generated user turn, the question or the answer of the sample. */
export function matchesText(item: ShardItem, s: ShardSample, phrase: string): boolean {
  const q = normalize(phrase);
  if (!q) return true;
  return normalize(s.user_turn).includes(q) || normalize(item.question).includes(q) || normalize(s.response ?? item.response).includes(q);
}
