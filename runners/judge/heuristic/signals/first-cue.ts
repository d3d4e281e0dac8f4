import { normalize } from '../text/normalize.ts';
import { matchesAny } from '../text/any-match.ts';
import { memoOfText } from '../text/memo.ts';
import { COMPARATIVE, FORM_CONSTRAINT, TASK_OPENER, WEAK_REF_ML } from './cues.ts';
import { type CueMatch, mayScanMatch, WEAK_REF_ML_PLAIN, weakRefMlMatches } from './weak-ref-ml-scan.ts';

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

interface Scanned {
  matches: (text: string) => Generator<CueMatch>;
  /** The parts a regex matches: the pattern matches somewhere when one of them does or `scan(text)` finds a match. */
  plain: readonly RegExp[];
  /** Whether a part that `matches` scans by hand can match at all (its opening stands in the text). */
  mayScan: (text: string) => boolean;
}

/** Patterns whose global scan is run by hand: as a regex it rescans a line at each opening (weak-ref-ml-scan.ts). */
const SCANNED = new Map<RegExp, Scanned>([[WEAK_REF_ML, { matches: weakRefMlMatches, plain: WEAK_REF_ML_PLAIN, mayScan: mayScanMatch }]]);

/** A pattern's matches in `text`, in order, as its global form finds them with exec. */
function* matchesOf(re: RegExp, text: string): Generator<CueMatch> {
  const scanned = SCANNED.get(re);
  if (scanned !== undefined) {
    yield* scanned.matches(text);
    return;
  }
  const g = globalForm(re);
  for (let at = 0; ; ) {
    g.lastIndex = at;
    const m = g.exec(text);
    if (m === null) return;
    at = m[0] === '' ? stepPastEmpty(text, g.lastIndex, g.unicode || g.unicodeSets) : g.lastIndex;
    yield { index: m.index, end: m.index + m[0].length };
  }
}

/**
 * The list for the any-match test, worked out once per list (lists are module constants): its patterns with each
 * scanned one's plain parts in its place, and the scanned ones.
 */
const anyForms = new WeakMap<readonly RegExp[], { plain: RegExp[]; scanned: Scanned[] }>();

/**
 * Whether any pattern of the list matches somewhere in `text`: one joined scan (matchesAny) over the patterns and the
 * scanned patterns' plain parts; a scanned pattern is run by hand only when a part it scans for can match.
 */
function anyCue(res: readonly RegExp[], text: string): boolean {
  let forms = anyForms.get(res);
  if (forms === undefined) {
    const scanned = res.flatMap((re) => SCANNED.get(re) ?? []);
    anyForms.set(res, (forms = { plain: res.flatMap((re) => SCANNED.get(re)?.plain ?? [re]), scanned }));
  }
  if (forms.plain.length > 0 && matchesAny(forms.plain, text)) return true;
  return forms.scanned.some((s) => s.mayScan(text) && s.matches(text).next().done === false);
}

// heuristic-v11: not when what comes before the colon reports an outcome ("I ran it and got RecursionError: …"; v12: or
// names an error, "I get TypeError: …"): the colon then brings what the answer did, and the cue still points back at it.
const POINTS_FORWARD = /^(?![^.?!\n:]{0,25}\b(?:got|get|getting|gives?|gave|throws?|threw|raises?|raised|prints?|printed|returns?|returned|outputs?|fails? with|failed with|\w+(?:error|exception))\b)[^.?!\n:]{0,25}(?::|\n)|^\s*["“'`]|^\s*(?:the\s+)?(?:text|passage|paragraph|sentence|article|code|story)?\s*(?:below|following)\b/i;
const ADDRESSES_YOU = /^(?:your|you)\b/i;

/**
 * The first cue found in `text` that the question does not already contain: a phrase the question itself uses
 * ("explain your answer", "what if") cannot be a reaction to the answer.
 * A turn can hold thousands of cues that are each passed over, so what each costs must not grow with the text: the
 * question is searched once per distinct cue, and each sentence is found by the turn's sentence ends (read once)
 * and tested for a form constraint once. Searching, finding and testing per cue made a 256k turn of "again …" in one
 * constraint sentence take 3 s (quadratic). The three reasons to pass a cue over are pure, so their order is free:
 * the cheapest goes first.
 */
export function firstCue(res: readonly RegExp[], text: string, question = ''): string | null {
  if (!anyCue(res, text)) return null;
  const q = cueHaystack(question);
  const inQuestion = new Map<string, boolean>();
  let sentences: SentenceIndex | null = null;
  for (const re of res) {
    for (const m of matchesOf(re, text)) {
      const cue = text.slice(m.index, m.end).trim();
      if (cue === '') continue;
      // "Rewrite this: …", "translate the text below": the cue points forward at material the turn brings itself.
      const after = text.slice(m.end, m.end + 30);
      if (POINTS_FORWARD.test(after)) continue;
      if (q !== '') {
        const key = normalize(cue).replace(/\s+/g, ' ');
        let found = inQuestion.get(key);
        if (found === undefined) inQuestion.set(key, (found = q.includes(key)));
        if (found) continue;
      }
      // Inside a constraint on the form of the reply ("Each sentence must contain 3 more words than the previous
      // one", "end with the same word"), "previous" and "same" point inside the reply to come.
      if (!ADDRESSES_YOU.test(cue) && (sentences ??= sentenceIndex(text)).isFormConstraint(m.index)) continue;
      return cue;
    }
  }
  return null;
}

interface SentenceIndex {
  /** Whether the sentence of the text that contains position `at` constrains the form of the reply. */
  isFormConstraint(at: number): boolean;
}

/**
 * The sentence of `text` around a position: from after the last ".", "?", "!" or newline at or before `at - 1` (at
 * position 0 when `at` is 0, as lastIndexOf looks there) to the first one at or after `at`, included, or the end of the
 * text. The ends are found once; each sentence is tested once.
 */
function sentenceIndex(text: string): SentenceIndex {
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 || c === 63 || c === 33 || c === 10) ends.push(i);
  }
  const tested = new Map<number, boolean>();
  return {
    isFormConstraint(at) {
      const next = firstAtLeast(ends, at);
      const prev = firstAtLeast(ends, Math.max(at - 1, 0) + 1) - 1;
      const start = prev >= 0 ? (ends[prev] as number) + 1 : 0;
      const end = next < ends.length ? (ends[next] as number) + 1 : text.length;
      const key = start * (text.length + 1) + end;
      let hit = tested.get(key);
      if (hit === undefined) tested.set(key, (hit = FORM_CONSTRAINT.test(text.slice(start, end))));
      return hit;
    },
  };
}

/** The first index of the sorted `xs` whose value is `v` or more (xs.length when none is). */
function firstAtLeast(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
