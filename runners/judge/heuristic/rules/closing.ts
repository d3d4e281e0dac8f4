import { clip } from '../text/sentences.ts';
import { contentTokens } from '../text/tokens.ts';
import type { RuleHit } from '../types.ts';

/**
 * generic_closing: an acknowledgement that references nothing specific ("Thanks!", "Great, that helps").
 * Acknowledgement phrases are peeled off the turn; if nothing substantive is left, it is a closing. If a real
 * question or request remains ("Thanks! But why did you divide by 2?"), the remainder is judged by the other rules.
 */

const ACK = new RegExp(
  [
    String.raw`thanks?(?: you)?(?: (?:so|very) much| a (?:lot|ton|bunch|million))?(?: for (?:the|your|this|that|all|explaining|helping|clarifying|checking)\b[^.!?,;\n]{0,40})?`,
    String.raw`(?:oh|ah|aha|ahh|oh wow)`,
    String.raw`(?:i )?love (?:it|this|that)`,
    String.raw`(?:(?:really|very|super|so) )?(?:great|nice|good|clear|excellent|perfect|helpful|useful|brilliant|lovely) (?:explanation|answer|job|work|response|stuff|one|list|tips|advice)`,
    String.raw`(?:(?:really|very|super|so|extremely) )?(?:helpful|useful|clear)`,
    String.raw`(?:that |it |this )?makes (?:(?:a lot of|a lot more|more|perfect|total|complete) )?sense(?: now)?`,
    String.raw`thx|ty|tysm|cheers|much appreciated|appreciate (?:it|that|the help|your help)|i (?:really )?appreciate (?:it|that|the help|your help|this)`,
    String.raw`(?:ok(?:ay)?|alright|all right|right|cool|nice|great|awesome|perfect|wonderful|excellent|amazing|brilliant|fantastic|good|sweet|neat|wow|yes|yeah|yep|got it|gotcha|i see|understood|noted|fair enough|sounds good|makes sense|that makes sense|i understand(?: now)?|interesting)`,
    String.raw`(?:that|this|it|you)(?:'s| is| was| were| are| have been)? (?:(?:really|very|super|so|extremely|quite|incredibly) )?(?:helpful|useful|great|perfect|clear|amazing|awesome|excellent|wonderful|exactly what i (?:needed|wanted|was looking for)|a (?:big |great |huge )?help|the best|a lifesaver|good|nice|fantastic|brilliant)`,
    String.raw`(?:that|this|it) (?:really |totally |definitely )?(?:helps|helped|works|worked for me|clears (?:it|things) up|cleared (?:it|things) up|answers my question|answered my question)(?: a lot)?`,
    String.raw`(?:now )?i (?:get|got|understand) it(?: now)?`,
    String.raw`(?:have a (?:nice|great|good) (?:day|one|evening|weekend))|bye|goodbye|see you|talk (?:to you )?later|take care`,
    String.raw`(?:you(?:'re| are) (?:the best|a (?:star|lifesaver|genius)|awesome|amazing|so helpful))`,
    String.raw`that'?s all(?: i needed)?|no (?:more )?questions?|nothing else|i'?m (?:good|all set|done)|all good|will do|i(?:'ll| will) (?:try (?:it|that)(?: out)?|give it a try|do that|use (?:it|that))`,
    String.raw`(?:thanks|thank you) again`,
  ].join('|'),
  'iy',
);

/** Filler and punctuation that may sit between acknowledgements. */
const FILLER = /[\s,.;:!…~\-–—()'"*]+|[\p{Extended_Pictographic}\u{FE0F}\u{200D}]+|\b(?:so|very|much|really|and|too|again|a lot|for (?:your|the) help|for (?:explaining|helping|your time))\b/iuy;

/** Peel acknowledgement phrases off the start; return what was peeled and what remains. */
export function peelAcknowledgement(text: string): { ack: string; rest: string } {
  let i = 0;
  let peeledAck = false;
  for (;;) {
    FILLER.lastIndex = i;
    const f = FILLER.exec(text);
    if (f && f[0].length > 0) {
      i += f[0].length;
      continue;
    }
    ACK.lastIndex = i;
    const m = ACK.exec(text);
    if (m && m[0].length > 0) {
      const after = text[i + m[0].length];
      if (after !== undefined && /[\p{L}\p{N}]/u.test(after)) break; // partial word: stop
      i += m[0].length;
      peeledAck = true;
      continue;
    }
    break;
  }
  if (!peeledAck) return { ack: '', rest: text };
  return { ack: text.slice(0, i).trim(), rest: text.slice(i).trim() };
}

export function closingRule(text: string): { hit: RuleHit | null; rest: string } {
  const { ack, rest } = peelAcknowledgement(text);
  if (!ack) return { hit: null, rest: text };
  const restTokens = contentTokens(rest);
  if (rest === '' || (restTokens.length === 0 && !/\?/.test(rest))) {
    return {
      hit: {
        label: 'generic_closing',
        rule: 'closing.acknowledgement',
        rationale: `Only an acknowledgement ("${clip(ack, 60)}") with no reference to the content of the answer.`,
        evidence: clip(ack, 120),
      },
      rest: '',
    };
  }
  return { hit: null, rest };
}

const THANKS = /\b(?:thanks?|thank you|thx|ty|cheers|appreciate(?:d)?)\b/i;

/**
 * A short thank-you whose other words are not on the list above ("Beautiful, thanks!", "Worked, thanks!"): at most
 * six words, a thanks word, no question, no number, and nothing taken from the answer.
 */
export function shortThanksRule(text: string, answerOnlyTopicWords: number): RuleHit | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 6 || !THANKS.test(text) || /[?\d]/.test(text) || answerOnlyTopicWords > 0) return null;
  return {
    label: 'generic_closing',
    rule: 'closing.short_thanks',
    rationale: `A short thank-you ("${clip(text, 60)}") that neither asks anything nor refers to the answer.`,
    evidence: clip(text, 120),
  };
}
