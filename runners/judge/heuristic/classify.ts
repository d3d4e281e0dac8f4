import { closingRule, shortThanksRule } from './rules/closing.ts';
import { degenerateRule, SPECIAL_TOKEN_RE } from './rules/degenerate.ts';
import { groundingRule } from './rules/grounding.ts';
import { assistantVoiceRule, continuationRule, identityClaimRule } from './rules/leakage.ts';
import { CLOSING_ML } from './rules/multilingual.ts';
import { answerHeaderRule, ownAnswerRule } from './rules/own-answer.ts';
import { cutAtTurnBoundary, emptyBeforeBoundaryRule, repeatedHeadersRule } from './rules/role-header.ts';
import { planningMarkupRule, planningRule } from './rules/planning.ts';
import { helperRegisterRule, planStructureRule, shortClosingRule } from './rules/register.ts';
import { restatementRule } from './rules/restatement.ts';
import { translatedRestatementRule } from './rules/translated.ts';
import { computeSignals } from './signals/compute.ts';
import { NON_ASCII } from './text/normalize.ts';
import { ownWords } from './text/own-words.ts';
import type { RuleHit } from './types.ts';


/**
 * Label one user turn by rules, in a fixed order (first hit wins):
 * degenerate → role marker → planning markup → identity claim → planning language → assistant voice → acknowledgement-only → continuation →
 * restatement → grounding (follow-up vs new request). Pure and deterministic.
 */
export function classifyUserTurn(question: string, response: string, userTurn: string): RuleHit {
  const repeated = repeatedHeadersRule(userTurn);
  if (repeated) return repeated;
  // The shared role-header rule: only the text before the first end-of-turn marker or role header is judged.
  const cut = cutAtTurnBoundary(userTurn);
  const nothing = emptyBeforeBoundaryRule(cut);
  if (nothing) return nothing;
  const raw = cut.text;
  const degenerate = degenerateRule(raw);
  if (degenerate) return degenerate;

  const markup = planningMarkupRule(raw);
  if (markup) return markup;

  // Voice and planning cues count only in the turn's own words: text copied from the question and task
  // boilerplate ("the response should…", "Is there anything else I can help with?" quoted in a prompt) are not the
  // model speaking as the assistant.
  const own = ownWords(raw, question);
  const identity = identityClaimRule(own);
  if (identity) return identity;

  const planning = planningRule(own) ?? planStructureRule(own);
  if (planning) return planning;

  const text = raw.replace(SPECIAL_TOKEN_RE, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') {
    return { label: 'empty_or_degenerate', rule: 'degenerate.special_tokens_only', rationale: 'Nothing but markup.', evidence: null };
  }

  const ownText = own.replace(SPECIAL_TOKEN_RE, ' ').replace(/\s+/g, ' ').trim();
  const voice = assistantVoiceRule(ownText) ?? ownAnswerRule(ownText) ?? helperRegisterRule(ownText);
  if (voice) return voice;

  const closing = closingRule(text);
  if (closing.hit) return closing.hit;
  if (mlClosingOnly(text)) {
    return { label: 'generic_closing', rule: 'closing.acknowledgement', rationale: 'Only an acknowledgement, with no reference to the content of the answer.', evidence: text.slice(0, 120) };
  }
  // v10: acknowledgements in other languages are peeled off the start as the English ones are ("Спасибо! А если…").
  const rest = peelMlClosings(closing.rest);

  const continuation = continuationRule(rest, question, response) ?? answerHeaderRule(own.trim());
  if (continuation) return continuation;

  const signals = computeSignals(rest, question, response);
  const thanks = signals.strongRef || signals.weakRef ? null : shortThanksRule(text, signals.topicAOnly);
  if (thanks) return thanks;
  const shortClosing = signals.strongRef ? null : shortClosingRule(text, signals.answerNumbers.length);
  if (shortClosing) return shortClosing;
  const restatement = restatementRule(rest, question, response, signals) ?? translatedRestatementRule(rest, question, response, signals);
  if (restatement) return restatement;

  return groundingRule(rest, signals);
}

/**
 * `t` without the acknowledgements it opens with (CLOSING_ML, at most eight, each with the punctuation after it), as
 * far as `peel` allows each one: the two uses below differ only in which they take.
 */
function peelAcknowledgements(t: string, peel: (ack: string, rest: string) => boolean): string {
  for (let i = 0; i < 8 && t !== ''; i++) {
    const m = CLOSING_ML.exec(t);
    if (!m || m[0].length === 0 || !peel(m[0], t)) break;
    t = t.slice(m[0].length).replace(/^[\s,.!?。！？、~…\p{Extended_Pictographic}]+/u, '');
  }
  return t;
}

/**
 * The turn without the acknowledgements it opens with in another language, each followed by punctuation ("Grazie!
 * Ma se…", "Спасибо. А почему…"): a word that only opens a sentence ("Super Mario…") is not one. Unchanged otherwise.
 */
function peelMlClosings(text: string): string {
  const t = peelAcknowledgements(text.trim(), (ack, rest) => /[,.!。！、~…]/.test(ack) && ack.length !== rest.length);
  return t === text.trim() ? text : t;
}

/** A turn made only of acknowledgements (in Chinese, Japanese, Korean, Spanish, French, German, Portuguese and, since v10, twelve more languages). */
function mlClosingOnly(text: string): boolean {
  return peelAcknowledgements((NON_ASCII.test(text) ? text.normalize('NFKC') : text).trim(), () => true) === ''; // ASCII is its own NFKC form
}
