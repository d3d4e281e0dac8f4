import type { Label } from '../../../src/schema/index.ts';

/** The inputs every rule sees, pre-computed once per verdict. */
export interface RuleContext {
  question: string;
  response: string;
  /** The user turn after trimming and after any leading acknowledgement was split off by the closing rule. */
  userTurn: string;
  /** The raw user turn as generated. */
  raw: string;
}

/** A rule that fired: the label, the rule id (stamped as `rule` on the verdict), why, and the span that triggered it. */
export interface RuleHit {
  label: Label;
  rule: string;
  rationale: string;
  evidence: string | null;
}
