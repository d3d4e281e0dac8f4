/** Tokens of the search index (pure): the build and the browser split text the same way. */

/** Longer runs (hashes, base64) are cut: they are never typed as a query and would bloat the index. */
const MAX_TOKEN = 32;

/** Lower-cased runs of letters and digits, each once, in first-seen order. "As an AI" → as, an, ai. */
export function tokenize(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) out.add(m[0].slice(0, MAX_TOKEN));
  return [...out];
}
