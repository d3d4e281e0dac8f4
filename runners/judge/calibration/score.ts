import { LABELS, type Label } from '../../../src/schema/index.ts';
import { classificationReport, confusionMatrix, formatMatrix, formatReport, type ClassificationReport, type Matrix } from '../../../src/lib/agreement/index.ts';
import type { Judge } from '../../core/judge.ts';
import type { CalibrationItem } from '../labelled/load.ts';

export interface ScoredItem {
  item: CalibrationItem;
  predicted: Label | null;
  rule: string | null;
}

export interface CalibrationScore {
  report: ClassificationReport;
  confusion: Matrix;
  errors: number;
  misses: ScoredItem[];
}

/** Run a judge over labelled items and score it (rows = true label, columns = judge label, taxonomy order). */
export async function scoreJudge(judge: Judge, items: CalibrationItem[]): Promise<CalibrationScore> {
  const scored: ScoredItem[] = [];
  for (const item of items) {
    const v = await judge.judge({ id: item.id, question: item.question, response: item.response, user_turn: item.user_turn });
    scored.push({ item, predicted: v.kind === 'label' ? v.label : null, rule: v.kind === 'label' ? v.rule : null });
  }
  const pairs = scored.filter((s) => s.predicted !== null).map((s) => [s.item.label, s.predicted as Label] as const);
  const confusion = confusionMatrix(pairs);
  return {
    report: classificationReport(confusion, LABELS),
    confusion,
    errors: scored.filter((s) => s.predicted === null).length,
    misses: scored.filter((s) => s.predicted !== s.item.label),
  };
}

export function formatScore(title: string, s: CalibrationScore): string {
  const misses = s.misses.map((m) => `  ${m.item.id} [${m.item.label} → ${m.predicted ?? 'judge_error'} by ${m.rule}] ${JSON.stringify(m.item.user_turn).slice(0, 110)}`);
  return [
    `== ${title} ==`,
    formatReport(s.report),
    '',
    formatMatrix(s.confusion, LABELS, 'truth\\judge'),
    s.errors ? `judge errors: ${s.errors}` : '',
    `misses (${s.misses.length}):`,
    ...misses,
  ].join('\n');
}
