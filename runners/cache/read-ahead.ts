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

export interface ReadAhead<R> {
  /**
   * The row under `key`, or undefined when not held. A row handed out is kept only among the last RECENT_ROWS, so
   * memory drains as a rerun uses the rows.
   */
  take(key: string): R | undefined;
  /** Forget a key whose row is being replaced. */
  drop(key: string): void;
}

/**
 * Rows read ahead by one scan, so a rerun reads its rows in one pass instead of one query each (issue 16). `scan`
 * feeds rows until `add` returns false (the budget is spent). A key not held is looked up one by one by the
 * caller: it may have been written after the scan, or lie past the budget.
 */
export function readAhead<R>(budget: ReadAheadBudget, scan: (add: (key: string, row: R, chars: number) => boolean) => void): ReadAhead<R> {
  const rows = new Map<string, R>();
  const recent = new Map<string, R>();
  scan((key, row, chars) => {
    if (budget.chars < chars) return false;
    budget.chars -= chars;
    rows.set(key, row);
    return true;
  });
  return {
    take(key) {
      const row = rows.get(key);
      if (row === undefined) return recent.get(key);
      rows.delete(key);
      recent.set(key, row);
      // A Map iterates in insertion order: its first key is the oldest.
      if (recent.size > RECENT_ROWS) recent.delete(recent.keys().next().value!);
      return row;
    },
    drop(key) {
      rows.delete(key);
      recent.delete(key);
    },
  };
}
