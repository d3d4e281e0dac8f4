import type { DatasetId, Label } from '../../../src/schema/index.ts';

/** How a control turn was made: another item's question, the item's own question restated, or a human second turn. */
export type ControlKind = 'other_item' | 'restatement' | 'second_turn';

/** One control: an exchange (q, a) and a user turn u whose label is known by construction. */
export interface ControlItem {
  /** `<dataset>/<item id>/<kind>`: unique within a control set. */
  id: string;
  dataset: DatasetId;
  kind: ControlKind;
  /** For restatements: which transform made u (verbatim, framed, …). */
  transform: string | null;
  gold: Label;
  question: string;
  response: string;
  user_turn: string;
}

export interface ControlSet {
  /** Gold new_unrelated_query or prompt_restatement: a judge should never call these genuine follow-ups. */
  negative: ControlItem[];
  /** Gold genuine_followup: real human second turns. */
  positive: ControlItem[];
}
