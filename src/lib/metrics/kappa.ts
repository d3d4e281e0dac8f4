/** Confusion matrix of two raters over categories (rows a, columns b). */
export function confusion<T>(pairs: ReadonlyArray<readonly [T, T]>, categories: readonly T[]): number[][] {
  const idx = new Map(categories.map((c, i) => [c, i]));
  const m = categories.map(() => categories.map(() => 0));
  for (const [a, b] of pairs) {
    const i = idx.get(a);
    const j = idx.get(b);
    if (i !== undefined && j !== undefined) m[i]![j]!++;
  }
  return m;
}

/** Cohen's kappa from a confusion matrix; null when undefined (no pairs, or chance agreement is 1). */
export function cohensKappa(m: readonly (readonly number[])[]): number | null {
  const n = m.reduce((s, r) => s + r.reduce((t, x) => t + x, 0), 0);
  if (n === 0) return null;
  let po = 0;
  let pe = 0;
  for (let i = 0; i < m.length; i++) {
    po += m[i]![i]!;
    const row = m[i]!.reduce((s, x) => s + x, 0);
    const col = m.reduce((s, r) => s + r[i]!, 0);
    pe += (row / n) * (col / n);
  }
  po /= n;
  return pe === 1 ? null : (po - pe) / (1 - pe);
}
