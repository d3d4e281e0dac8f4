/** How many items of a dataset a suite runs: its cap when it has one, else the whole split; null when the split's size is not fixed. */
export function itemsRun(d: { items: number | null; item_cap: number | null }): number | null {
  if (d.items === null) return null;
  return d.item_cap === null ? d.items : Math.min(d.items, d.item_cap);
}
