/**
 * At most this many characters of stored rows a table reads ahead in one scan (a 20k-request run holds about
 * 2 MB of answers and 10 MB of derived values). Past it, rows are read one by one, as before.
 */
export const READ_AHEAD_MAX_CHARS = 64 * 1024 * 1024;

/** How much read-ahead a cache file has left to hold. */
export interface ReadAheadBudget {
  chars: number;
}

export const readAheadBudget = (): ReadAheadBudget => ({ chars: READ_AHEAD_MAX_CHARS });

/**
 * Rows handed out lately, kept for a second lookup: twins come close together (samples of one item that drew the
 * same user turn share a verdict).
 */
const RECENT_ROWS = 1024;

/** Bits of the filter of keys the file holds beyond what is held here: 512 KB, about 2% false "may" at 100k keys. */
const FILTER_BITS = 1 << 22;

export interface ReadAhead<R> {
  /**
   * The row under `key`, or undefined when not held. A row handed out is kept only among the last RECENT_ROWS, so
   * memory drains as a rerun uses the rows.
   */
  take(key: string): R | undefined;
  /** A key whose row is being written (or replaced): forget what was read for it; the file holds it from now on. */
  written(key: string): void;
  /**
   * Whether the file may hold `key` although `take` did not: the scan stopped at the budget, or the key was
   * written or handed out since. When false, asking the file would find nothing, so a first run's misses cost no
   * query. Rows another process writes after the scan are not seen: sharing one scope of a cache file between two
   * runs at once can only re-send a request the other has answered.
   */
  mayHold(key: string): boolean;
  /**
   * The scan done now (it is done once, at the first lookup or here): how many rows it read, and whether that is all
   * the file held (false: it stopped at the budget, so there are more).
   */
  scanned(): { rows: number; complete: boolean };
}

/** 32-bit FNV-1a of a key, to index the filter (a collision only costs a query). */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Rows read ahead by one scan, so a rerun reads its rows in one pass instead of one query each (issue 16). The scan
 * runs at the first lookup; `scan` feeds rows until `add` returns false (the budget is spent). Where `mayHold` says
 * so, the caller looks a key up in the file one by one.
 */
export function readAhead<R>(budget: ReadAheadBudget, scan: (add: (key: string, row: R, chars: number) => boolean) => void): ReadAhead<R> {
  let rows: Map<string, R> | null = null;
  let complete = true;
  let read = 0;
  const recent = new Map<string, R>();
  // Keys the file holds that `rows` does not (written or handed out since the scan), as a one-hash bit filter:
  // fixed memory however long the run.
  let filter: Uint8Array | null = null;
  const mark = (key: string) => {
    const h = keyHash(key) & (FILTER_BITS - 1);
    (filter ??= new Uint8Array(FILTER_BITS >>> 3))[h >>> 3]! |= 1 << (h & 7);
  };
  const marked = (key: string) => {
    if (!filter) return false;
    const h = keyHash(key) & (FILTER_BITS - 1);
    return (filter[h >>> 3]! & (1 << (h & 7))) !== 0;
  };
  const held = (): Map<string, R> => {
    if (rows) return rows;
    rows = new Map();
    const into = rows;
    scan((key, row, chars) => {
      if (budget.chars < chars) return (complete = false);
      budget.chars -= chars;
      into.set(key, row);
      read++;
      return true;
    });
    return into;
  };
  return {
    take(key) {
      const all = held();
      const row = all.get(key);
      if (row === undefined) return recent.get(key);
      all.delete(key);
      recent.set(key, row);
      mark(key);
      // A Map iterates in insertion order: its first key is the oldest.
      if (recent.size > RECENT_ROWS) recent.delete(recent.keys().next().value!);
      return row;
    },
    written(key) {
      rows?.delete(key);
      recent.delete(key);
      mark(key);
    },
    mayHold(key) {
      held();
      return !complete || marked(key);
    },
    scanned() {
      held();
      return { rows: read, complete };
    },
  };
}
