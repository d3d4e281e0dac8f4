import { clip } from '../text/sentences.ts';
import { firstMatch } from './first-match.ts';
import type { RuleHit } from '../types.ts';
import { PLANNING_ML } from './multilingual.ts';

/**
 * meta_planning: reasoning about how to respond instead of writing a message. Think/analysis tags, gpt-oss
 * analysis channels, and planning language that talks about "the user" in the third person or about "my response".
 */

const TAGS: Array<[RegExp, string]> = [
  [/<\/?think>|<\/?thinking>|<\/?reasoning>|<\|begin_of_thought\|>/i, 'planning.think_tag'],
  [/<\|channel\|>\s*analysis|^\s*analysis\s*(?:\n|:)|<\|start\|>assistant<\|channel\|>/i, 'planning.analysis_channel'],
  [/^\s*(?:thinking process|thought process|reasoning|internal monologue|scratchpad|plan|draft|outline|notes|approach|to-?do)\s*:/i, 'planning.heading'],
];

/** Third-person talk about the user, or deliberation about the reply being written. */
const PLANNING: RegExp[] = [
  /\b(?:the|this) (?:person|asker|questioner|customer|student|op)(?:'s)? (?:is|has|wants?|asks?|asked|needs?|seems?|probably|likely|might|may|just|already|mentioned)\b/i,
  /\b(?:the|this) user(?:'s)? (?:is|was|wants?|wanted|asks?|asked|has|had|might|may|seems?|needs?|said|says|provided|gave|expects?|would|could|probably|likely|just|already|mentioned|requests?|requested|clearly|appears?)\b/i,
  /\b(?:i|we) (?:should|need to|must|have to|will|'ll|am going to|want to) (?:respond|reply|answer (?:the|this|their|his|her)|explain (?:to )?(?:the|them)|provide|acknowledge|address|clarify|make sure|double-check|keep (?:it|the answer)|structure|format|draft|mention|start by|begin by|figure out how)\b/i,
  /\b(?:my|the|our) (?:response|reply|answer) should\b/i,
  /\blet me (?:think|figure out how|plan|consider how|draft|structure|outline (?:my|the) (?:response|answer)|recall|analy[sz]e (?:the|this) (?:request|question|query))\b/i,
  /\b(?:okay|ok|alright|hmm)[,.]? (?:so )?(?:the user|let me|let's see|i need)\b/i,
  /\bhow (?:should|do|can) i (?:respond|reply|answer this|approach this)\b/i,
  /\bin (?:my|the) (?:response|reply),? i (?:will|should|'ll)\b/i,
  /\b(?:respond|reply) to the user\b|\b(?:ask|tell|remind|give|show|help|answer|inform|warn|reassure|guide) the user\b|\bthe user'?s (?:question|request|message|problem|intent|query)\b/i,
  /^\s*we (?:need|have) to (?:answer|respond|reply|explain|provide|compute|solve|output|give|produce|write)\b|\bwe should (?:present|answer|respond|explain|output|mention|give|produce|format)\b/i,
  /^\s*first,? i (?:need|should|will|'ll|must|have) to\b|\bi (?:need to|should|will|'ll) (?:address|cover|structure|outline)\b/i,
  // heuristic-v14: "let me make sure I understand" is the user checking what they read, not the model checking its work.
  /\blet me (?:count|double-check|verify|make sure(?! i (?:understand|understood|got|get|follow|read))|re-?read the (?:question|request|prompt))\b/i,
  // Meta-talk beyond the phrase list: the task, the prompt or the assistant in the third person.
  // This and "next question" below start only at the first of their stretch before a "?": a later one has the same
  // "?" after it (each rescanned to it; STEP_LIST in register.ts says more).
  /(?=\bthe (?:question|problem|prompt|task|instruction|request|query) (?:asks|says|states|wants|requires|is asking|mentions|specifies)\b)(?<!\bthe (?:question|problem|prompt|task|instruction|request|query) (?:asks|says|states|wants|requires|is asking|mentions|specifies)\b[^?]*?)\bthe (?:question|problem|prompt|task|instruction|request|query) (?:asks|says|states|wants|requires|is asking|mentions|specifies)\b(?![^?]*\?)/i,
  /\b(?:we|i)(?:'re| are| am) (?:asked|told|supposed|required) to\b/i,
  /\bthe assistant(?:'s)? (?:should|must|needs|will|would|has|answer|response|reply)\b/i,
  // heuristic-v6: the model writing about the user's next message instead of writing it.
  /\b(?:from|for|by|of|to) the user\b|(?=\bnext (?:user )?(?:question|message|turn|query|prompt)\b)(?<!\bnext (?:user )?(?:question|message|turn|query|prompt)\b[^?]*?)\bnext (?:user )?(?:question|message|turn|query|prompt)(?: from| for| by)?\b(?![^?]*\?)/i,
  ...PLANNING_ML,
];

/** "Answer: not necessarily. Mention half-life, give the example…": an answer heading followed by instructions to itself. */
const ANSWER_PLAN = /^\s*(?:answer|reply|response)\s*:[^]*?(?:^|[.;]\s+)(?:mention|give|suggest|explain|add|include|list|note|cover|keep|end with|start with)\b/i;

/** Think tags, analysis channels, planning headings: markup that only reasoning output carries. */
export function planningMarkupRule(text: string): RuleHit | null {
  const plan = ANSWER_PLAN.exec(text);
  if (plan && !/[?？]/.test(text)) return { label: 'meta_planning', rule: 'planning.heading', rationale: 'An answer heading followed by instructions to itself about the reply.', evidence: clip(plan[0], 80) };
  for (const [re, rule] of TAGS) {
    const m = re.exec(text);
    if (m) return { label: 'meta_planning', rule, rationale: `Contains reasoning/analysis markup ("${clip(m[0], 40)}").`, evidence: clip(m[0], 80) };
  }
  return null;
}

/** Planning language: deliberation about the reply, the user in the third person. */
export function planningRule(text: string): RuleHit | null {
  const m = firstMatch(PLANNING, text);
  if (m) {
    return {
      label: 'meta_planning',
      rule: 'planning.language',
      rationale: `Deliberates about how to respond ("${clip(m[0], 60)}") instead of writing a user message.`,
      evidence: clip(m[0], 120),
    };
  }
  return null;
}
