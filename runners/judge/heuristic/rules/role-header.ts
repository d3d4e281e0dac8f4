import { clip } from '../text/sentences.ts';
import type { RuleHit } from '../types.ts';
import { SPECIAL_TOKEN_RE } from './degenerate.ts';

/**
 * The role-header rule, shared word for word with the LLM judge prompt (docs/judges.md):
 *   judge only the text before the first end-of-turn marker or role header of the template (the runner cuts
 *   there); text after it is not judged; if nothing but whitespace/special tokens remains before it, the label is
 *   empty_or_degenerate.
 * The heuristic does not know the template, so it recognises the markers of the common families (ChatML, Llama 3,
 * Gemma, Mistral, Phi, gpt-oss; since v10 Llama 4, DeepSeek's full-width ones, Granite, Command-R and GLM's
 * observation header) and a plain-text role label at the start of a line ("Assistant:", "User:").
 * A leading user label ("User: …") is the turn's own role and is dropped, not cut at.
 * Between a Llama 3 header's tags, `\s*(?:\w+\s*)?` is `\s*\w*\s*` without its two ways of matching blanks: that
 * form backtracked over every split of a whitespace run (a header then 64k spaces took 2.7 s, quadratic).
 */
export const TURN_BOUNDARY = new RegExp(
  [
    /<\|im_end\|>|<\|eot_id\|>|<end_of_turn>|<\|end\|>|<\|return\|>|<\|endoftext\|>|<\/s>|<\|im_start\|>\s*\w*|<\|start_header_id\|>\s*(?:\w+\s*)?<\|end_header_id\|>|<\|start_header_id\|>\s*\w*|<start_of_turn>\s*\w*|\[\/?INST\]|<\|(?:assistant|user|system)\|>|<\|start\|>\s*\w*/.source,
    // v10: Llama 4, DeepSeek V3/R1 (full-width bars, "▁" for spaces), Granite, Command-R, GLM's tool turn, Mistral's
    // system prompt: the end-of-turn markers and role headers those templates write, tried after the older ones.
    /<\|eot\|>|<\|header_start\|>\s*\w*|<｜end▁of▁sentence｜>|<｜(?:User|Assistant)｜>|<\|end_of_text\|>|<\|start_of_role\|>\s*\w*|<\|END_OF_TURN_TOKEN\|>|<\|START_OF_TURN_TOKEN\|>(?:<\|\w+_TOKEN\|>)?|<\|(?:CHATBOT|USER|SYSTEM)_TOKEN\|>|<\|observation\|>|\[SYSTEM_PROMPT\]/.source,
    /(?:^|\n)[ \t]*(?:#{2,3}[ \t]*)?(?:assistant|user|human|model|system|ai|chatbot|gpt|bot|response|instruction)[ \t]*:/.source,
  ].join('|'),
  'i',
);

const HEADER_COUNT =
  /<\|im_start\|>|<\|start_header_id\|>|<start_of_turn>|\[INST\]|<\|(?:assistant|user|system)\|>|<\|start\|>|<\|header_start\|>|<｜(?:User|Assistant)｜>|<\|start_of_role\|>|<\|START_OF_TURN_TOKEN\|>|(?:^|\n)[ \t]*(?:assistant|user|human|model|system)[ \t]*:/gi;

const LEADING_USER =
  /^\s*(?:(?:user|human|me|question|q)\s*:|<\|im_start\|>\s*user\b|<start_of_turn>\s*user\b|<\|start_header_id\|>\s*user\s*<\|end_header_id\|>|<\|header_start\|>\s*user\s*<\|header_end\|>|<｜User｜>|<\|start_of_role\|>\s*user\s*<\|end_of_role\|>|<\|START_OF_TURN_TOKEN\|><\|USER_TOKEN\|>)\s*/i;

export interface Cut {
  /** The text that is judged: before the first boundary, leading user label dropped. */
  text: string;
  /** The boundary the text was cut at, if any. */
  boundary: string | null;
}

export function cutAtTurnBoundary(raw: string): Cut {
  const text = raw.replace(LEADING_USER, '');
  const m = TURN_BOUNDARY.exec(text);
  if (!m) return { text, boundary: null };
  return { text: text.slice(0, m.index), boundary: m[0].trim() };
}

/** Three or more role headers: the model loops through a dialogue instead of writing one turn. */
export function repeatedHeadersRule(raw: string): RuleHit | null {
  const n = raw.match(HEADER_COUNT)?.length ?? 0;
  if (n < 3) return null;
  return {
    label: 'empty_or_degenerate',
    rule: 'degenerate.repeated_role_headers',
    rationale: `${n} role headers in one user turn: a loop through a dialogue, not a message.`,
    evidence: clip(raw, 120),
  };
}

/** The shared rule's last clause: nothing but whitespace or special tokens before the first boundary. */
export function emptyBeforeBoundaryRule(cut: Cut): RuleHit | null {
  if (cut.boundary === null) return null;
  if (cut.text.replace(SPECIAL_TOKEN_RE, ' ').trim() !== '') return null;
  return {
    label: 'empty_or_degenerate',
    rule: 'degenerate.nothing_before_header',
    rationale: `Nothing but whitespace or special tokens before the first end-of-turn marker or role header ("${clip(cut.boundary, 40)}"); text after it is not judged.`,
    evidence: clip(cut.boundary, 80),
  };
}
