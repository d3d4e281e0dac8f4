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

export interface ReadAhead<R> {
  /** The row under `key`, handed out once (memory drains as a rerun uses the rows); undefined when not held. */
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
  scan((key, row, chars) => {
    if (budget.chars < chars) return false;
    budget.chars -= chars;
    rows.set(key, row);
    return true;
  });
  return {
    take(key) {
      const row = rows.get(key);
      if (row !== undefined) rows.delete(key);
      return row;
    },
    drop: (key) => void rows.delete(key),
  };
}
