/**
 * A bounded memo of a pure function of one text, for what the rules derive from a question or an answer: a run judges
 * one item's question about 12 times in a row against about 5 answers, so each is worked out once instead of on every
 * verdict. It keeps the most recently used distinct texts, at most `entries` of them and `chars` characters in all
 * (what is derived from a text is of the order of its size, so memory stays bounded); a longer text is not kept.
 */
export function memoOfText<T>(derive: (text: string) => T, entries = 64, chars = 16_384): (text: string) => T {
  const kept = new Map<string, T>();
  let size = 0;
  return (text) => {
    if (kept.has(text)) {
      const value = kept.get(text) as T;
      kept.delete(text); // re-inserted below: Map order is recency
      kept.set(text, value);
      return value;
    }
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
