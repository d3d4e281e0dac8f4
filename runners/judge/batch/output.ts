import type { ShortenedField, Verdict } from '../../../src/schema/index.ts';

/**
 * One line of `userturn judge` output. A label: `{id, kind: "label", label, rationale, judge, rule, evidence_span}`.
 * A judge failure: `{id, kind: "judge_error", label: null, rationale: <reason>, judge, rule: null, evidence_span: null}`.
 * Either carries `shortened` when the judge saw a field shortened (see the judge prompt's field_limit).
 */
export interface OutputLine {
  id: string;
  kind: 'label' | 'judge_error';
  label: string | null;
  rationale: string;
  judge: string;
  rule: string | null;
  evidence_span: string | null;
  shortened?: ShortenedField[];
}

export function toOutputLine(id: string, v: Verdict): OutputLine {
  const note = v.shortened ? { shortened: v.shortened } : {};
  return v.kind === 'label'
    ? { id, kind: 'label', label: v.label, rationale: v.rationale, judge: v.judge, rule: v.rule, evidence_span: v.evidence_span, ...note }
    : { id, kind: 'judge_error', label: null, rationale: v.reason, judge: v.judge, rule: null, evidence_span: null, ...note };
}
