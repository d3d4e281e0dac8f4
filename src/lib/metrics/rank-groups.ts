import type { ItemCount } from './bootstrap.ts';
import { exactMcNemar, fisherExact, holmAdjust } from './exact-tests.ts';
import { pairedRateSignFlip } from './sign-flip.ts';

/** One model's result on one dataset × condition: pooled counts, and per-item data when the summary carries them. */
export interface RankInput {
  hits: number;
  trials: number;
  /** Item ids in the order of `vector` ("1" hit, "0" miss, "." not judged): one sample per item; absent for suite v1 results. */
  items?: { ids: readonly string[]; vector: string } | null;
  /** Item ids and their follow-ups out of judged samples (trials 0: not judged): several samples per item. */
  counts?: { ids: readonly string[]; items: readonly ItemCount[] } | null;
}

export interface PairTest {
  a: number;
  b: number;
  /**
   * On the items both models have, paired: exact McNemar (one sample per item) or the exact sign-flip test on
   * per-item rate differences (several); unpaired: Fisher's exact test on the counts.
   */
  test: 'mcnemar' | 'sign_flip' | 'fisher';
  /** Paired items behind a McNemar or sign-flip test; 0 for Fisher. */
  shared: number;
  /** +1 when a is ahead, −1 when b is, 0 on a tie. */
  direction: number;
  p: number;
  p_holm: number;
  significant: boolean;
}

/** The two models' counts on the items both have, in x's order. */
function sharedCounts(x: NonNullable<RankInput['counts']>, y: NonNullable<RankInput['counts']>): Array<{ a: ItemCount; b: ItemCount }> {
  const other = new Map<string, ItemCount>();
  y.ids.forEach((id, i) => { const c = y.items[i]; if (c) other.set(id, c); });
  return x.ids.flatMap((id, i) => { const a = x.items[i], b = other.get(id); return a && b ? [{ a, b }] : []; });
}

/** Follow-ups over judged turns across every item: the rate the page shows. */
function pooledRate(items: readonly ItemCount[]): number {
  let hits = 0, trials = 0;
  for (const c of items) { hits += c.hits; trials += c.trials; }
  return trials > 0 ? hits / trials : 0;
}

function pairTest(x: RankInput, y: RankInput): Pick<PairTest, 'test' | 'shared' | 'direction' | 'p'> {
  if (x.counts && y.counts) {
    const t = pairedRateSignFlip(sharedCounts(x.counts, y.counts));
    // The test compares per-item rates; the page shows pooled ones (follow-ups over judged turns). Where judged counts
    // differ between items the two can point opposite ways: such a pair is not ranked, rather than rank the lower
    // shown rate ahead.
    const shown = Math.sign(pooledRate(x.counts.items) - pooledRate(y.counts.items));
    if (t.shared > 0) return { test: 'sign_flip', ...t, direction: t.direction === shown ? t.direction : 0 };
  }
  if (x.items && y.items) {
    const other = new Map<string, string>();
    y.items.ids.forEach((id, i) => other.set(id, y.items!.vector[i] ?? '.'));
    let onlyX = 0, onlyY = 0, shared = 0;
    x.items.ids.forEach((id, i) => {
      const a = x.items!.vector[i];
      const b = other.get(id);
      if ((a !== '0' && a !== '1') || (b !== '0' && b !== '1')) return;
      shared++;
      if (a === '1' && b === '0') onlyX++;
      else if (a === '0' && b === '1') onlyY++;
    });
    if (shared > 0) return { test: 'mcnemar', shared, direction: Math.sign(onlyX - onlyY), p: exactMcNemar(onlyX, onlyY) };
  }
  const rx = x.trials ? x.hits / x.trials : 0;
  const ry = y.trials ? y.hits / y.trials : 0;
  return { test: 'fisher', shared: 0, direction: Math.sign(rx - ry), p: fisherExact(x.hits, x.trials - x.hits, y.hits, y.trials - y.hits) };
}

/**
 * Rank groups from pairwise exact tests with the Holm correction across every pair: a model's group is 1 + the
 * number of models significantly better than it. Models that share items are compared paired on the items both
 * have: exact McNemar with one sample per item (so 4/1319 against 0/1319 gives p = 0.125), the exact sign-flip
 * test on per-item rate differences with several (the item is the unit, as in the rates' intervals); without
 * per-item data (suite v1 results, older sampled results), Fisher's exact test on the counts. Null inputs (no
 * result) get null.
 */
export function pairedRankGroups(xs: ReadonlyArray<RankInput | null>, alpha = 0.05): { groups: Array<number | null>; tests: PairTest[] } {
  const idx = xs.map((x, i) => (x && x.trials > 0 ? i : -1)).filter((i) => i >= 0);
  const raw: Array<Omit<PairTest, 'p_holm' | 'significant'>> = [];
  for (let i = 0; i < idx.length; i++) for (let j = i + 1; j < idx.length; j++) {
    const a = idx[i]!, b = idx[j]!;
    raw.push({ a, b, ...pairTest(xs[a]!, xs[b]!) });
  }
  const adjusted = holmAdjust(raw.map((t) => t.p));
  const tests = raw.map((t, k) => ({ ...t, p_holm: adjusted[k]!, significant: adjusted[k]! <= alpha && t.direction !== 0 }));
  const better = new Map<number, number>(idx.map((i) => [i, 0]));
  for (const t of tests) {
    if (!t.significant) continue;
    const loser = t.direction > 0 ? t.b : t.a;
    better.set(loser, better.get(loser)! + 1);
  }
  return { groups: xs.map((_, i) => (better.has(i) ? 1 + better.get(i)! : null)), tests };
}
