import type { RESTATEMENT_KINDS } from '../../../src/schema/index.ts';

export type RestatementKind = (typeof RESTATEMENT_KINDS)[number];

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** Fixed frames a re-asking turn puts around the question (none of them reacts to an answer). */
const FRAMES: ReadonlyArray<(q: string) => string> = [
  (q) => `Can you help me with this? ${q}`,
  (q) => `I have a question. ${q}`,
  (q) => `${q} Please answer this.`,
  (q) => `Please help me with the following: ${q}`,
  (q) => `Here is my question: ${q}`,
];

const CASUAL_OPENERS = ['hey, ', 'hi, quick one: ', 'ok so ', '', 'so basically '];

/** Word-level substitutions for a reworded restatement; the first alternative that fits is drawn by seed. */
const SYNONYMS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/\bhow many\b/gi, ['what number of', 'how many total']],
  [/\bhow much\b/gi, ['what amount of', 'how much in total']],
  [/\bwrite\b/gi, ['compose', 'draft']],
  [/\bexplain\b/gi, ['describe', 'clarify']],
  [/\bdescribe\b/gi, ['portray', 'outline']],
  [/\bbuys\b/gi, ['purchases']],
  [/\bbought\b/gi, ['purchased']],
  [/\beach\b/gi, ['every']],
  [/\btotal\b/gi, ['overall']],
  [/\bcalculate\b/gi, ['work out', 'compute']],
  [/\bfind\b/gi, ['determine', 'figure out']],
  [/\bcreate\b/gi, ['make', 'produce']],
  [/\bgive\b/gi, ['provide']],
  [/\blist\b/gi, ['enumerate']],
  [/\bwhat is\b/gi, ["what's"]],
  [/\bdoes not\b/gi, ["doesn't"]],
  [/\bshould\b/gi, ['must']],
  [/\bat least\b/gi, ['no fewer than']],
  [/\busing\b/gi, ['with']],
  [/\babout\b/gi, ['regarding', 'on']],
  [/\bimportant\b/gi, ['key']],
  [/\bfriends?\b/gi, ['pal']],
  [/\bcompany\b/gi, ['firm']],
  [/\bshort\b/gi, ['brief']],
  [/\bstory\b/gi, ['tale']],
];

function sentencesOf(q: string): string[] {
  return q.split(/(?<=[.?!])\s+/).map((s) => s.trim()).filter(Boolean);
}

function keepCase(original: string, replacement: string): string {
  return /^[A-Z]/.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

/**
 * The item's own question, restated by a deterministic transform (seeded; never hand-written per item):
 *  - verbatim: unchanged;
 *  - framed: wrapped in a fixed re-asking frame ("Can you help me with this? …");
 *  - reordered: its sentences rotated so the last (usually the question) comes first;
 *  - reworded: words swapped from a fixed synonym table;
 *  - casual: lower-cased, end punctuation dropped, a casual opener.
 * A transform that cannot change a question (one sentence to reorder, no word to swap) falls back to framed.
 */
export function restate(kind: RestatementKind, question: string, rand: () => number): { text: string; kind: RestatementKind } {
  const q = question.trim();
  switch (kind) {
    case 'verbatim':
      return { text: q, kind };
    case 'framed':
      return { text: pick(rand, FRAMES)(q), kind };
    case 'reordered': {
      const s = sentencesOf(q);
      if (s.length < 2) return restate('framed', q, rand);
      return { text: [s[s.length - 1]!, ...s.slice(0, -1)].join(' '), kind };
    }
    case 'reworded': {
      let text = q;
      for (const [re, alts] of SYNONYMS) {
        const alt = pick(rand, alts);
        text = text.replace(re, (m) => keepCase(m, alt));
      }
      if (text === q) return restate('framed', q, rand);
      return { text, kind };
    }
    case 'casual': {
      const body = q.toLowerCase().replace(/[.!?]+\s*$/, '');
      return { text: `${pick(rand, CASUAL_OPENERS)}${body}`, kind };
    }
  }
}
