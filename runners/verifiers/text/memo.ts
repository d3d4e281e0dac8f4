/**
 * A tiny memo for text → tokens: the same response (and its loose variants) is tokenized by many instruction checks.
 * Keeps the last few results; callers must treat the returned arrays as read-only.
 */
export function memoize<T>(fn: (text: string) => T, size = 8): (text: string) => T {
  const cache = new Map<string, T>();
  return (text: string) => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const v = fn(text);
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(text, v);
    return v;
  };
}
