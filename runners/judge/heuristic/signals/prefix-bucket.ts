/**
 * One bucket of overlap.ts's prefix index (the words of a set that share their first four letters), and the test
 * whether a word meets one of them: a shared prefix of at least five letters and three quarters of the longer word,
 * or a word of seven or more letters that starts the other.
 *
 * A small bucket is scanned word by word. A large one is sorted once, with a range-minimum table of word lengths:
 * the words sharing the first d letters of t are one range of the sorted bucket, which narrows as d grows, so the
 * test reads the shortest word of each range instead of every word. Scanning made a turn of many words sharing a
 * prefix with many question words cost their product (1.7 s for 128k characters of each); both ways give the same
 * answer (the shortest word of a range decides both conditions, see `meets`).
 */
const SCAN_MAX = 32;

export interface PrefixBucket {
  words: string[];
  /** Built at the first lookup in a bucket of more than SCAN_MAX words. */
  sorted: SortedBucket | null;
}

interface SortedBucket {
  words: string[];
  /** min[j][i]: the shortest length among words[i .. i + 2^j). */
  min: Int32Array[];
}

export const newBucket = (): PrefixBucket => ({ words: [], sorted: null });

/** The scan the index stands for: some word of the bucket meets t. */
const meetsOne = (t: string, w: string): boolean => {
  let k = 0;
  while (k < t.length && k < w.length && t[k] === w[k]) k++;
  return k >= 5 && (k >= 0.75 * Math.max(t.length, w.length) || (k === Math.min(t.length, w.length) && k >= 7));
};

export function meets(t: string, bucket: PrefixBucket): boolean {
  if (bucket.words.length <= SCAN_MAX) return bucket.words.some((w) => meetsOne(t, w));
  const s = (bucket.sorted ??= sortBucket(bucket.words));
  // Every word of the bucket shares t's first four letters. For d = 5 … |t|, [lo, hi) holds the words that share
  // its first d letters (all of length d or more). For a word w whose shared prefix with t is k letters:
  //  - "three quarters of the longer" holds iff, at d = k, 0.75 · max(|t|, |w|) <= d; and any word of a range d with
  //    0.75 · max(|t|, |w|) <= d shares at least d letters, so it holds for it: the shortest word of each range decides;
  //  - "a word of seven or more letters starts the other": w starts t iff the range d = |w| holds a word of length d
  //    (the shortest, as none is shorter); t starts w iff the range d = |t| is not empty.
  let lo = 0;
  let hi = s.words.length;
  for (let d = 5; d <= t.length; d++) {
    const c = t.charCodeAt(d - 1);
    lo = firstAtLeast(s.words, lo, hi, d - 1, c);
    hi = firstAtLeast(s.words, lo, hi, d - 1, c + 1);
    if (lo >= hi) return false;
    const shortest = rangeMin(s.min, lo, hi);
    if (d >= 0.75 * Math.max(t.length, shortest)) return true;
    if (d >= 7 && (shortest === d || d === t.length)) return true;
  }
  return false;
}

/** In words[lo, hi), sorted and sharing their first `at` characters: the first whose character at `at` is c or more (a word that ends there comes first). */
function firstAtLeast(words: string[], lo: number, hi: number, at: number, c: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const w = words[mid] as string;
    if ((w.length > at ? w.charCodeAt(at) : -1) < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sortBucket(words: string[]): SortedBucket {
  // Code-unit order, the order in which `t[k] === w[k]` compares characters.
  const sorted = [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const min = [Int32Array.from(sorted, (w) => w.length)];
  for (let span = 1; 2 * span <= sorted.length; span *= 2) {
    const prev = min[min.length - 1] as Int32Array;
    const next = new Int32Array(sorted.length - 2 * span + 1);
    for (let i = 0; i < next.length; i++) next[i] = Math.min(prev[i] as number, prev[i + span] as number);
    min.push(next);
  }
  return { words: sorted, min };
}

function rangeMin(min: Int32Array[], lo: number, hi: number): number {
  const j = 31 - Math.clz32(hi - lo);
  const row = min[j] as Int32Array;
  return Math.min(row[lo] as number, row[hi - (1 << j)] as number);
}
