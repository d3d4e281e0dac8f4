import { hashSeed, mulberry32 } from '../../src/lib/metrics/prng.ts';

/** A stored user turn eligible for annotation, with the stratum it falls in. */
export interface Candidate<T> {
  /** Stable key (submission, dataset, sample id): candidates are sorted by it, so file order never matters. */
  key: string;
  stratum: { dataset: string; condition: string; label: string; family: string };
  value: T;
}

export interface Allocation {
  key: string;
  stratum: Candidate<unknown>['stratum'];
  size: number;
  drawn: number;
}

const stratumKey = (s: Candidate<unknown>['stratum']): string => [s.dataset, s.condition, s.label, s.family].join('\u0000');

export function shuffle<T>(xs: T[], rand: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/**
 * Stratified draw of n candidates, deterministic for a seed.
 * 1. Every stratum gets min(floor, size) items, so rare labels appear. When n cannot cover every floor, strata are
 *    served one item per pass, labels interleaved (rarest label first, then smallest stratum), until n is used up; `floorMet` is false.
 * 2. The rest of n is shared in proportion to what each stratum has left (largest remainder, ties by stratum key).
 * 3. Within a stratum, items are taken from a seeded shuffle; the drawn items are shuffled again (seeded) so the
 *    batch order says nothing about strata.
 */
export function stratifiedDraw<T>(candidates: ReadonlyArray<Candidate<T>>, n: number, floor: number, seed: number): { drawn: Array<Candidate<T>>; strata: Allocation[]; floorMet: boolean } {
  if (n > candidates.length) throw new RangeError(`--n ${n} is more than the ${candidates.length} stored user turns that can be annotated`);
  const groups = new Map<string, Array<Candidate<T>>>();
  for (const c of [...candidates].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const k = stratumKey(c.stratum);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  const strata: Allocation[] = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, cs]) => ({ key, stratum: cs[0]!.stratum, size: cs.length, drawn: 0 }));
  const floors = strata.reduce((s, a) => s + Math.min(floor, a.size), 0);
  const floorMet = floors <= n;
  if (!floorMet) {
    const labelTotals = new Map<string, number>();
    for (const a of strata) labelTotals.set(a.stratum.label, (labelTotals.get(a.stratum.label) ?? 0) + a.size);
    // Interleave labels (rarest label first, then smallest stratum within a label): every label gets strata early.
    const byLabel = new Map<string, Allocation[]>();
    for (const a of [...strata].sort((x, y) => x.size - y.size || (x.key < y.key ? -1 : 1))) byLabel.set(a.stratum.label, [...(byLabel.get(a.stratum.label) ?? []), a]);
    const labelOrder = [...byLabel.keys()].sort((x, y) => labelTotals.get(x)! - labelTotals.get(y)! || (x < y ? -1 : 1));
    const order: Allocation[] = [];
    for (let i = 0; order.length < strata.length; i++) for (const l of labelOrder) if (byLabel.get(l)![i]) order.push(byLabel.get(l)![i]!);
    // One item per stratum per pass, so as many strata as possible are represented before any gets a second.
    let left = n;
    for (let pass = 0; pass < floor && left > 0; pass++) {
      for (const a of order) {
        if (left === 0) break;
        if (a.drawn < Math.min(floor, a.size)) {
          a.drawn++;
          left--;
        }
      }
    }
  } else {
    for (const a of strata) a.drawn = Math.min(floor, a.size);
    const rest = n - floors;
    const room = strata.reduce((s, a) => s + (a.size - a.drawn), 0);
    if (rest > 0 && room > 0) {
      const shares = strata.map((a) => ({ a, q: (rest * (a.size - a.drawn)) / room }));
      let given = 0;
      for (const s of shares) {
        const whole = Math.floor(s.q);
        s.a.drawn += whole;
        given += whole;
      }
      const byRemainder = [...shares].sort((x, y) => y.q - Math.floor(y.q) - (x.q - Math.floor(x.q)) || (x.a.key < y.a.key ? -1 : 1));
      for (const s of byRemainder) {
        if (given >= rest) break;
        if (s.a.drawn < s.a.size) {
          s.a.drawn++;
          given++;
        }
      }
    }
  }
  const drawn: Array<Candidate<T>> = [];
  for (const a of strata) {
    const pool = shuffle([...groups.get(a.key)!], mulberry32(hashSeed(seed, a.key)));
    drawn.push(...pool.slice(0, a.drawn));
  }
  return { drawn: shuffle(drawn, mulberry32(hashSeed(seed, 'batch-order'))), strata, floorMet };
}
