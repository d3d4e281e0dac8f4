import { LABELS, type Label } from '../../schema/taxonomy.ts';

/** Index of each label in taxonomy order: rows and columns of every matrix here follow LABELS. */
export const LABEL_INDEX: Readonly<Record<Label, number>> = Object.fromEntries(LABELS.map((l, i) => [l, i])) as Record<Label, number>;

export type Matrix = number[][];

export function emptyMatrix(size: number = LABELS.length): Matrix {
  return Array.from({ length: size }, () => Array.from({ length: size }, () => 0));
}

/** Confusion matrix of paired labels: rows = first label of each pair (judge A / truth), columns = second (judge B / prediction). */
export function confusionMatrix(pairs: ReadonlyArray<readonly [Label, Label]>): Matrix {
  const m = emptyMatrix();
  for (const [a, b] of pairs) {
    const row = m[LABEL_INDEX[a]];
    if (row) row[LABEL_INDEX[b]] = (row[LABEL_INDEX[b]] ?? 0) + 1;
  }
  return m;
}

export function matrixTotal(m: Matrix): number {
  let n = 0;
  for (const row of m) for (const v of row) n += v;
  return n;
}

export function rowSums(m: Matrix): number[] {
  return m.map((row) => row.reduce((s, v) => s + v, 0));
}

export function colSums(m: Matrix): number[] {
  const out = Array.from({ length: m[0]?.length ?? 0 }, () => 0);
  for (const row of m) row.forEach((v, j) => (out[j] = (out[j] ?? 0) + v));
  return out;
}

/** Plain-text rendering with short column headers, for test output and CLI reports. */
export function formatMatrix(m: Matrix, labels: readonly string[] = LABELS, rowTitle = 'row\\col'): string {
  const short = labels.map((l) => l.split('_').map((w) => w.slice(0, 3)).join('_'));
  const w = Math.max(...short.map((s) => s.length), 5) + 1;
  const first = Math.max(...labels.map((l) => l.length), rowTitle.length) + 1;
  const lines = [rowTitle.padEnd(first) + short.map((s) => s.padStart(w)).join('')];
  m.forEach((row, i) => lines.push((labels[i] ?? '').padEnd(first) + row.map((v) => String(v).padStart(w)).join('')));
  return lines.join('\n');
}
