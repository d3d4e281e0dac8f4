/**
 * Untrusted text (questions, answers, user turns, judge rationales) as the site shows it: each character the rule for
 * names refuses (src/schema/hidden-chars.ts) becomes a visible marker, so a bidi override cannot reorder what
 * follows it and an invisible character can be seen. Pure; the browser imports it.
 */
import { BIDI_CONTROL, splitHidden } from '../../schema/hidden-chars.ts';

/** A marker: `code` is what the page prints ("U+202E"), `title` the character's name when known. */
export interface Marker { code: string; title: string }
export type MarkedPart = string | Marker;

/** Names of the characters a reader is most likely to meet; the rest get their class. */
const NAMES: Record<number, string> = {
  0x00: 'NULL', 0x07: 'BELL', 0x08: 'BACKSPACE', 0x0b: 'LINE TABULATION', 0x0c: 'FORM FEED', 0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE', 0x7f: 'DELETE', 0x85: 'NEXT LINE', 0xad: 'SOFT HYPHEN', 0x34f: 'COMBINING GRAPHEME JOINER',
  0x61c: 'ARABIC LETTER MARK', 0x115f: 'HANGUL CHOSEONG FILLER', 0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR', 0x200b: 'ZERO WIDTH SPACE', 0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER', 0x200e: 'LEFT-TO-RIGHT MARK', 0x200f: 'RIGHT-TO-LEFT MARK', 0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR', 0x202a: 'LEFT-TO-RIGHT EMBEDDING', 0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING', 0x202d: 'LEFT-TO-RIGHT OVERRIDE', 0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER', 0x2061: 'FUNCTION APPLICATION', 0x2062: 'INVISIBLE TIMES', 0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS', 0x2066: 'LEFT-TO-RIGHT ISOLATE', 0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE', 0x2069: 'POP DIRECTIONAL ISOLATE', 0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE', 0xffa0: 'HALFWIDTH HANGUL FILLER', 0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR', 0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR', 0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

function describe(c: string, cp: number): string {
  const name = NAMES[cp];
  if (name) return name;
  if (BIDI_CONTROL.test(c)) return 'bidirectional control character';
  // A tag character spells an ASCII character nobody sees.
  if (cp >= 0xe0020 && cp <= 0xe007e) return `TAG CHARACTER (hidden "${String.fromCodePoint(cp - 0xe0000)}")`;
  if (cp < 0xa0) return 'control character';
  return 'invisible character';
}

/** One refused character as its marker: U+ and at least four upper-case hex digits, as Unicode writes them. */
export function markerOf(c: string): Marker {
  const cp = c.codePointAt(0)!;
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return { code, title: `${code} ${describe(c, cp)}` };
}

/** `s` as runs of text and markers; text with no such character is `[s]` (or `[]` when empty). */
export const markHidden = (s: string): MarkedPart[] => splitHidden(s).map((p) => (typeof p === 'string' ? p : markerOf(p.hidden)));
