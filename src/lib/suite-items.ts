/** How many items of a dataset a suite runs: its cap when it has one, else the whole split; null when the split's size is not fixed. */
export function itemsRun(d: { items: number | null; item_cap: number | null }): number | null {
  if (d.items === null) return null;
  return d.item_cap === null ? d.items : Math.min(d.items, d.item_cap);
}

/** itemsRun of each dataset whose split size is fixed, by dataset id. */
export function itemsRunByDataset(datasets: ReadonlyArray<{ id: string; items: number | null; item_cap: number | null }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of datasets) {
    const n = itemsRun(d);
    if (n !== null) out.set(d.id, n);
  }
  return out;
}

/** Ids of the datasets a suite's standard run includes (`enabled`; absent means true, as in the schema), in suite order. */
export function standardRunIds(datasets: ReadonlyArray<{ id: string; enabled?: boolean }>): string[] {
  return datasets.filter((d) => d.enabled !== false).map((d) => d.id);
}
