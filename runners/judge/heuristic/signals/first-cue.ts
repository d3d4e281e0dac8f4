import { normalize } from '../text/normalize.ts';
import { sentences } from '../text/sentences.ts';
import { COMPARATIVE, FORM_CONSTRAINT, TASK_OPENER } from './cues.ts';

/**
 * The first cue found in `text` that the question does not already contain: a phrase the question itself uses
 * ("explain your answer", "what if") cannot be a reaction to the answer.
 */
export function firstCue(res: RegExp[], text: string, question = ''): string | null {
  const q = normalize(question).replace(/\s+/g, ' ');
  for (const re of res) {
    const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(g)) {
      const cue = m[0].trim();
      if (cue === '' || (q !== '' && q.includes(normalize(cue).replace(/\s+/g, ' ')))) continue;
      // "Rewrite this: …", "translate the text below": the cue points forward at material the turn brings itself.
      const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 30);
      if (/^[^.?!\n:]{0,25}(?::|\n)|^\s*["“'`]|^\s*(?:the\s+)?(?:text|passage|paragraph|sentence|article|code|story)?\s*(?:below|following)\b/i.test(after)) continue;
      // Inside a constraint on the form of the reply ("Each sentence must contain 3 more words than the previous
      // one", "end with the same word"), "previous" and "same" point inside the reply to come.
      if (!/^(?:your|you)\b/i.test(cue) && FORM_CONSTRAINT.test(sentenceAround(text, m.index ?? 0))) continue;
      return cue;
    }
  }
  return null;
}

/** The sentence of `text` that contains position `at`. */
function sentenceAround(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('.', at - 1), text.lastIndexOf('?', at - 1), text.lastIndexOf('!', at - 1), text.lastIndexOf('\n', at - 1)) + 1;
  const ends = ['.', '?', '!', '\n'].map((c) => text.indexOf(c, at)).filter((i) => i >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) + 1 : text.length);
}

/**
 * A comparison with what was given, or a question about "this"/"it", in the first sentence. Not when it compares
 * things the turn names itself ("Is Federer better than Nadal?"), not when it points forward ("elaborate on the
 * following"), and in a long turn only at its very start ("With the listed principles, write…").
 */
export function anaphorOf(ownWords: string, counted: number, namesNew: boolean): string | null {
  const first = sentences(ownWords)[0] ?? '';
  if (namesNew || /\bthan\b/i.test(first)) return null; // comparing things the turn names itself
  const m = firstCue([COMPARATIVE], first) ?? /\b(?:of|about|with|for|to|on|in) (?:it|this|that|these|those|them)\s*\?/i.exec(first)?.[0] ?? null;
  if (m === null) return null;
  if (counted >= 20 && first.indexOf(m) > 30) return null;
  return m;
}

export function standsAlone(first: string): boolean {
  const n = first.split(/\s+/).filter(Boolean).length;
  return n >= 6 && (/\?\s*$/.test(first) || TASK_OPENER.test(first));
}
