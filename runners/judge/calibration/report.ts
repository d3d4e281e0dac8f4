import { createHash } from 'node:crypto';
import { TAXONOMY_VERSION, type CalibrationReport, type CalibrationSetScore, type Label } from '../../../src/schema/index.ts';
import type { Judge } from '../../core/judge.ts';
import { scoreControls, type ControlsMeta } from '../controls/score.ts';
import type { ControlSet } from '../controls/types.ts';
import type { CalibrationItem } from '../labelled/load.ts';
import { scoreJudge } from './score.ts';

export interface LabelledSet {
  id: string;
  title: string;
  description: string;
  items: CalibrationItem[];
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

/** Score one judge on one labelled set; only labels present in the set enter the macro average. */
export async function scoreSet(judge: Judge, set: LabelledSet): Promise<CalibrationSetScore> {
  const s = await scoreJudge(judge, set.items);
  const present = new Set<Label>(set.items.map((i) => i.label));
  const perLabel = s.report.perLabel.filter((l) => present.has(l.label as Label));
  const macro = present.size > 1 ? perLabel.reduce((a, l) => a + l.f1, 0) / perLabel.length : null;
  const hash = createHash('sha256');
  for (const i of set.items) hash.update(JSON.stringify([i.id, i.label, i.question, i.response, i.user_turn]));
  return {
    id: set.id,
    title: set.title,
    description: set.description,
    n: set.items.length,
    judge_errors: s.errors,
    accuracy: round4(s.report.accuracy),
    macro_f1: macro === null ? null : round4(macro),
    per_label: perLabel.map((l) => ({ label: l.label as Label, precision: round4(l.precision), recall: round4(l.recall), f1: round4(l.f1), support: l.support })),
    confusion: s.confusion,
    items_sha256: hash.digest('hex'),
  };
}

/** Every judge on every set. Deterministic (no timestamps), so a rerun with the same judges changes nothing. */
export async function calibrationReport(judges: Judge[], sets: LabelledSet[], controls: { set: ControlSet; meta: ControlsMeta } | null = null): Promise<CalibrationReport> {
  const out: CalibrationReport = { format: 1, taxonomy_version: TAXONOMY_VERSION, judges: [] };
  for (const judge of judges) {
    const scored: CalibrationSetScore[] = [];
    for (const set of sets) scored.push(await scoreSet(judge, set));
    if (controls) out.judges.push({ judge: judge.stamp, sets: scored, controls: await scoreControls(judge, controls.set, controls.meta) });
    else out.judges.push({ judge: judge.stamp, sets: scored });
  }
  return out;
}
