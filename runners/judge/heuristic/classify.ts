import { closingRule, shortThanksRule } from './rules/closing.ts';
import { degenerateRule, SPECIAL_TOKEN_RE } from './rules/degenerate.ts';
import { groundingRule } from './rules/grounding.ts';
import { assistantVoiceRule, continuationRule, identityClaimRule, ROLE_ANYWHERE, roleMarkerRule } from './rules/leakage.ts';
import { planningMarkupRule, planningRule } from './rules/planning.ts';
import { restatementRule } from './rules/restatement.ts';
import { computeSignals } from './signals.ts';
import type { RuleHit } from './types.ts';

/** Rule-set version, stamped as the heuristic judge's prompt_version. Bump when any rule changes a label. */
export const HEURISTIC_VERSION = 'heuristic-v5';

/** A user-role prefix the model may write itself ("User: …") is not a signal; drop it. */
const USER_PREFIX = /^\s*(?:(?:user|human|me|question|q)\s*:|<\|im_start\|>\s*user\b|<start_of_turn>\s*user\b)\s*/i;

/**
 * Label one user turn by rules, in a fixed order (first hit wins):
 * degenerate → role marker → planning markup → identity claim → planning language → assistant voice → acknowledgement-only → continuation →
 * restatement → grounding (follow-up vs new request). Pure and deterministic.
 */
export function classifyUserTurn(question: string, response: string, userTurn: string): RuleHit {
  const raw = userTurn;
  const degenerate = degenerateRule(raw);
  if (degenerate) return degenerate;

  const role = roleMarkerRule(raw);
  if (role) return role;

  const markup = planningMarkupRule(raw);
  if (markup) return markup;

  const identity = identityClaimRule(raw);
  if (identity) return identity;

  const planning = planningRule(raw);
  if (planning) return planning;

  // Text after an assistant header is the model answering itself; judge what the user wrote before it.
  let text = raw.replace(USER_PREFIX, '');
  const roleAt = ROLE_ANYWHERE.exec(text);
  if (roleAt && roleAt.index > 0) text = text.slice(0, roleAt.index);
  text = text.replace(SPECIAL_TOKEN_RE, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') {
    return { label: 'empty_or_degenerate', rule: 'degenerate.special_tokens_only', rationale: 'Nothing but markup.', evidence: null };
  }

  const voice = assistantVoiceRule(text);
  if (voice) return voice;

  const closing = closingRule(text);
  if (closing.hit) return closing.hit;
  const rest = closing.rest;

  const continuation = continuationRule(rest, question, response);
  if (continuation) return continuation;

  const signals = computeSignals(rest, question, response);
  const thanks = signals.strongRef || signals.weakRef ? null : shortThanksRule(text, signals.topicAOnly);
  if (thanks) return thanks;
  const restatement = restatementRule(rest, question, signals);
  if (restatement) return restatement;

  return groundingRule(rest, signals);
}
