import type { z } from 'zod';

/** Edit distance (insert, delete, substitute, swap two neighbours) between two short words. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/** Longer than any key or flag name: a hostile document's megabyte-long key is not compared (the table is quadratic). */
const MAX_GUESSED = 64;

/** The closest of `known` at most two edits from `word` (one for words of up to four letters), or null. */
export function nearestWord(word: string, known: Iterable<string>): string | null {
  if (word.length > MAX_GUESSED) return null;
  const limit = word.length <= 4 ? 1 : 2;
  let best: { w: string; d: number } | null = null;
  for (const w of known) {
    // Lengths further apart than the limit cannot be within it.
    if (Math.abs(w.length - word.length) > limit) continue;
    const d = editDistance(word, w);
    if (d <= limit && (!best || d < best.d)) best = { w, d };
  }
  return best?.w ?? null;
}

interface Def { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[]; left?: z.ZodType; right?: z.ZodType; getter?: () => z.ZodType }
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object schemas a value at `path` is checked against (wrappers, unions and arrays looked through). */
function objectsAt(schema: z.ZodType, path: readonly PropertyKey[], depth = 0): Def[] {
  if (depth > 64) return [];
  const def = defOf(schema);
  const next = (s: z.ZodType | undefined, p = path) => (s ? objectsAt(s, p, depth + 1) : []);
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional': return next(def.innerType);
    case 'pipe': return next(def.in);
    case 'lazy': return next(def.getter?.());
    case 'union': return (def.options ?? []).flatMap((o) => next(o));
    case 'intersection': return [...next(def.left), ...next(def.right)];
  }
  if (path.length === 0) return def.type === 'object' ? [def] : [];
  const [head, ...rest] = path;
  if (def.type === 'object') return next(def.shape?.[String(head)], rest);
  if (def.type === 'array') return next(def.element, rest);
  if (def.type === 'record') return next(def.valueType, rest);
  return [];
}

/**
 * For the unknown keys of one object: the key each was probably meant to be (`tensor_paralel_size` →
 * `tensor_parallel_size`), a key the format allows at that place and the document does not already have there, or
 * null when none is close. The candidates are found once per object: a hostile document has thousands of keys.
 */
export function keyGuesser(schema: z.ZodType, path: readonly PropertyKey[], present: ReadonlySet<string>): (key: string) => string | null {
  const known = new Set(objectsAt(schema, path).flatMap((d) => Object.keys(d.shape ?? {})));
  const candidates = [...known].filter((k) => !present.has(k));
  return (key) => nearestWord(key, candidates);
}

/** The longest field description a "missing" error quotes (the first sentence of a longer one, when it fits). */
const MAX_HINT = 120;

/**
 * What the field at `path` should hold, as its schema describes it (`.describe(…)`): the description's first sentence,
 * without its full stop, or null when there is none or it is too long for an error line.
 */
export function fieldHint(schema: z.ZodType, path: readonly PropertyKey[]): string | null {
  if (path.length === 0) return null;
  const key = String(path.at(-1));
  for (const def of objectsAt(schema, path.slice(0, -1))) {
    const field = def.shape?.[key];
    const first = field?.description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '');
    if (first) return first.length <= MAX_HINT ? first : null;
  }
  return null;
}
