import { colSums, rowSums, type Matrix } from './confusion.ts';

export interface LabelScore {
  label: string;
  precision: number;
  recall: number;
  f1: number;
  /** Items whose true label is this one (row sum). */
  support: number;
  /** Items predicted as this label (column sum). */
  predicted: number;
}

export interface ClassificationReport {
  perLabel: LabelScore[];
  /** Unweighted mean F1 over the labels that occur in the truth or the predictions. */
  macroF1: number;
  macroPrecision: number;
  macroRecall: number;
  accuracy: number;
  n: number;
}

/**
 * Per-label precision/recall/F1 from a confusion matrix with rows = truth and columns = prediction.
 * Precision is 0 for a label never predicted, recall 0 for a label with no support (the usual convention);
 * labels absent from both truth and predictions are left out of the macro averages.
 */
export function classificationReport(m: Matrix, labels: readonly string[]): ClassificationReport {
  const rows = rowSums(m);
  const cols = colSums(m);
  const n = rows.reduce((s, v) => s + v, 0);
  const perLabel: LabelScore[] = labels.map((label, i) => {
    const tp = m[i]?.[i] ?? 0;
    const support = rows[i] ?? 0;
    const predicted = cols[i] ?? 0;
    const precision = predicted === 0 ? 0 : tp / predicted;
    const recall = support === 0 ? 0 : tp / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { label, precision, recall, f1, support, predicted };
  });
  const present = perLabel.filter((s) => s.support > 0 || s.predicted > 0);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, v) => s + v, 0) / xs.length);
  let diag = 0;
  m.forEach((row, i) => (diag += row[i] ?? 0));
  return {
    perLabel,
    macroF1: mean(present.map((s) => s.f1)),
    macroPrecision: mean(present.map((s) => s.precision)),
    macroRecall: mean(present.map((s) => s.recall)),
    accuracy: n === 0 ? 0 : diag / n,
    n,
  };
}

/** Fixed-width table of a report, for test output and CLI reports. */
export function formatReport(r: ClassificationReport): string {
  const lines = [`${'label'.padEnd(22)}${'P'.padStart(7)}${'R'.padStart(7)}${'F1'.padStart(7)}${'n'.padStart(6)}`];
  for (const s of r.perLabel) {
    lines.push(`${s.label.padEnd(22)}${s.precision.toFixed(3).padStart(7)}${s.recall.toFixed(3).padStart(7)}${s.f1.toFixed(3).padStart(7)}${String(s.support).padStart(6)}`);
  }
  lines.push(`${'macro'.padEnd(22)}${r.macroPrecision.toFixed(3).padStart(7)}${r.macroRecall.toFixed(3).padStart(7)}${r.macroF1.toFixed(3).padStart(7)}${String(r.n).padStart(6)}`);
  lines.push(`accuracy ${r.accuracy.toFixed(3)}`);
  return lines.join('\n');
}
