import { normalize } from '../text/normalize.ts';
import { matchesAny } from '../text/any-match.ts';
import { memoOfText } from '../text/memo.ts';
import { COMPARATIVE, FORM_CONSTRAINT, TASK_OPENER } from './cues.ts';

/** The question as cues are looked up in it: normalised, whitespace runs as one space. */
const cueHaystack = memoOfText((question: string) => normalize(question).replace(/\s+/g, ' '));

/** Each cue pattern's global form, compiled once (a pattern is a module constant, so the map stays small). */
const globalForms = new WeakMap<RegExp, RegExp>();
function globalForm(re: RegExp): RegExp {
  let g = globalForms.get(re);
  if (g === undefined) {
    g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    globalForms.set(re, g);
  }
  return g;
}

/** Past an empty match, as String.prototype.matchAll steps (by code point under the u or v flag). */
function stepPastEmpty(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  return at + ((text.codePointAt(at) as number) > 0xffff ? 2 : 1);
}

const POINTS_FORWARD = /^[^.?!\n:]{0,25}(?::|\n)|^\s*["“'`]|^\s*(?:the\s+)?(?:text|passage|paragraph|sentence|article|code|story)?\s*(?:below|following)\b/i;
const ADDRESSES_YOU = /^(?:your|you)\b/i;

/**
 * The first cue found in `text` that the question does not already contain: a phrase the question itself uses
 * ("explain your answer", "what if") cannot be a reaction to the answer.
 */
export function firstCue(res: readonly RegExp[], text: string, question = ''): string | null {
  if (!matchesAny(res, text)) return null;
  const q = cueHaystack(question);
  for (const re of res) {
    const g = globalForm(re);
    g.lastIndex = 0;
    for (let m = g.exec(text); m !== null; m = g.exec(text)) {
      if (m[0] === '') g.lastIndex = stepPastEmpty(text, g.lastIndex, g.unicode || g.unicodeSets);
      const cue = m[0].trim();
      if (cue === '' || (q !== '' && q.includes(normalize(cue).replace(/\s+/g, ' ')))) continue;
      // "Rewrite this: …", "translate the text below": the cue points forward at material the turn brings itself.
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
      if (POINTS_FORWARD.test(after)) continue;
      // Inside a constraint on the form of the reply ("Each sentence must contain 3 more words than the previous
      // one", "end with the same word"), "previous" and "same" point inside the reply to come.
      if (!ADDRESSES_YOU.test(cue) && FORM_CONSTRAINT.test(sentenceAround(text, m.index))) continue;
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

const COMPARATIVE_CUES = [COMPARATIVE];

/**
 * A comparison with what was given, or a question about "this"/"it", in the first sentence. Not when it compares
 * things the turn names itself ("Is Federer better than Nadal?"), not when it points forward ("elaborate on the
 * following"), and in a long turn only at its very start ("With the listed principles, write…").
 */
export function anaphorOf(first: string, counted: number, namesNew: boolean): string | null {
  if (namesNew || /\bthan\b/i.test(first)) return null; // comparing things the turn names itself
  const m = firstCue(COMPARATIVE_CUES, first) ?? /\b(?:of|about|with|for|to|on|in) (?:it|this|that|these|those|them)\s*\?/i.exec(first)?.[0] ?? null;
  if (m === null) return null;
  if (counted >= 20 && first.indexOf(m) > 30) return null;
  return m;
}

export function standsAlone(first: string): boolean {
  const n = first.split(/\s+/).filter(Boolean).length;
  return n >= 6 && (/\?\s*$/.test(first) || TASK_OPENER.test(first));
}
