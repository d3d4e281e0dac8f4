/**
 * A bounded memo of a pure function of one text, for what the rules derive from a question or an answer: a run judges
 * one item's question about 12 times against about 5 answers, so each is worked out once instead of on every
 * verdict. At concurrency 512 some 160 items are in flight and their verdicts arrive interleaved, so the memo holds
 * hundreds of texts (a 20k-request run: the judge's thread 10% less busy than with 32 texts, 2026-11-26). It keeps
 * the latest distinct texts, at most `entries` of them and `chars` characters in all (what is derived from a text is
 * of the order of its size, so memory stays bounded); a longer text is not kept.
 * The oldest text goes first: a run is done with an item's texts after its dozen verdicts, so use order buys nothing.
 */
export function memoOfText<T>(derive: (text: string) => T, entries = 512, chars = 524_288): (text: string) => T {
  const kept = new Map<string, T>();
  let size = 0;
  return (text) => {
    if (kept.has(text)) return kept.get(text) as T;
    const value = derive(text);
    if (text.length > chars) return value;
    kept.set(text, value);
    size += text.length;
    for (const old of kept.keys()) {
      if (kept.size <= entries && size <= chars) break;
      kept.delete(old);
      size -= old.length;
    }
    return value;
  };
}
