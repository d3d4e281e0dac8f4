import type { HumanAgreementReport, HumanLabel } from '../../schema/annotation.ts';
import { LABELS, type Label } from '../../schema/taxonomy.ts';
import type { JudgeStamp, Verdict } from '../../schema/verdict.ts';
import { confusionMatrix } from './confusion.ts';
import { cohenKappaInterval, fleissKappaInterval, type KappaBootstrapOptions } from './kappa-interval.ts';
import { classificationReport } from './scores.ts';

export interface AnnotatorLabels {
  id: string;
  /** item id → label; items the annotator skipped are absent. */
  labels: ReadonlyMap<string, HumanLabel>;
}

export interface PanelJudgeVerdicts {
  stamp: JudgeStamp;
  /** item id → this judge's verdict; items it never saw are absent. */
  verdicts: ReadonlyMap<string, Verdict>;
}

const isLabel = (l: HumanLabel | undefined): l is Label => l !== undefined && l !== 'unsure';

/**
 * The human majority label of one item: the label given by more annotators than any other (a strict plurality
 * among those who gave a taxonomy label; "unsure" and skipped items do not vote). A tie is left for adjudication.
 */
export function majorityLabel(votes: ReadonlyArray<HumanLabel | undefined>): { kind: 'label'; label: Label } | { kind: 'tie' } | { kind: 'none' } {
  const counts = new Map<Label, number>();
  for (const v of votes) if (isLabel(v)) counts.set(v, (counts.get(v) ?? 0) + 1);
  if (counts.size === 0) return { kind: 'none' };
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (sorted.length > 1 && sorted[0]![1] === sorted[1]![1]) return { kind: 'tie' };
  return { kind: 'label', label: sorted[0]![0] };
}

/** Everything of a human-agreement report that is computed (the caller adds batch, date and format). */
export function humanAgreement(
  itemIds: readonly string[],
  annotators: readonly AnnotatorLabels[],
  judges: readonly PanelJudgeVerdicts[],
  opts: KappaBootstrapOptions,
): Pick<HumanAgreementReport, 'annotators' | 'inter_annotator' | 'majority' | 'judges'> {
  const annotatorRows = annotators.map((a) => {
    let labelled = 0;
    let unsure = 0;
    for (const id of itemIds) {
      const l = a.labels.get(id);
      if (l === 'unsure') unsure++;
      else if (l !== undefined) labelled++;
    }
    return { id: a.id, labelled, unsure, skipped: itemIds.length - labelled - unsure };
  });

  let inter: HumanAgreementReport['inter_annotator'] = null;
  if (annotators.length >= 2) {
    const complete = itemIds.map((id) => annotators.map((a) => a.labels.get(id))).filter((ls): ls is Label[] => ls.every(isLabel));
    const pairs = [];
    for (let i = 0; i < annotators.length; i++) {
      for (let j = i + 1; j < annotators.length; j++) {
        const a = annotators[i]!;
        const b = annotators[j]!;
        const both: Array<readonly [Label, Label]> = [];
        for (const id of itemIds) {
          const la = a.labels.get(id);
          const lb = b.labels.get(id);
          if (isLabel(la) && isLabel(lb)) both.push([la, lb]);
        }
        pairs.push({ a: a.id, b: b.id, ...cohenKappaInterval(both, opts) });
      }
    }
    inter = { fleiss: fleissKappaInterval(complete, opts), pairs };
  }

  const majority = new Map<string, Label>();
  let ties = 0;
  let unlabelled = 0;
  for (const id of itemIds) {
    const m = majorityLabel(annotators.map((a) => a.labels.get(id)));
    if (m.kind === 'label') majority.set(id, m.label);
    else if (m.kind === 'tie') ties++;
    else unlabelled++;
  }

  const judgeRows = judges.map((j) => {
    const pairs: Array<readonly [Label, Label]> = [];
    let judgeErrors = 0;
    let missing = 0;
    for (const [id, human] of majority) {
      const v = j.verdicts.get(id);
      if (!v) missing++;
      else if (v.kind === 'judge_error') judgeErrors++;
      else pairs.push([human, v.label]);
    }
    const confusion = confusionMatrix(pairs);
    const report = classificationReport(confusion, LABELS);
    return {
      judge: j.stamp,
      n: pairs.length,
      judge_errors: judgeErrors,
      missing,
      kappa: cohenKappaInterval(pairs, opts),
      per_label: report.perLabel.map((s) => ({ label: s.label as Label, precision: s.precision, recall: s.recall, f1: s.f1, support: s.support })),
      confusion,
    };
  });

  return { annotators: annotatorRows, inter_annotator: inter, majority: { items: majority.size, ties, unlabelled }, judges: judgeRows };
}
