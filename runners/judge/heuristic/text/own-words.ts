/** The turn's own words: text copied from the question and task boilerplate blanked before cues are looked for. */

import { matchesAny } from './any-match.ts';
import { memoOfText } from './memo.ts';

/** Shortest run of consecutive words that counts as copied from the question. */
const COPY_RUN = 6;

const PLAIN_WORD = /^[a-z0-9]*$/;
const NON_SPACE = /\S+/g;

/** A word as compared: lowercased, letters and digits only. Most words are that already (ASCII letters, digits). */
const normWord = (w: string): string => (PLAIN_WORD.test(w) ? w : w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));

/** The question's words (a turn's run can only be copied if all its words are there), and its runs of COPY_RUN. */
interface QuestionWords {
  words: string[];
  vocabulary: Set<string>;
  /** Every run of COPY_RUN consecutive words, joined by spaces; made at the first lookup (most turns need none). */
  runs: Set<string> | null;
}

/** Memoised: one question is judged many times in a row. Null when the question is shorter than a run. */
const questionWords = memoOfText((question: string): QuestionWords | null => {
  const words = question.split(/\s+/).map(normWord).filter(Boolean);
  if (words.length < COPY_RUN) return null;
  return { words, vocabulary: new Set(words), runs: null };
});

/**
 * Whether the COPY_RUN words from `start` stand in the question in that order. Words hold no spaces, so a run joined
 * by spaces stands for it. One set lookup: comparing with every place of the run's first word in the question took
 * time in proportion to the question's length for each run of the turn (a question of "qx qy qx qy…" and a turn of
 * runs of its words opening with "qx": 3.6 s at 256k characters).
 */
function isQuestionRun(q: QuestionWords, words: string[], start: number): boolean {
  if (q.runs === null) {
    q.runs = new Set();
    for (let p = 0; p + COPY_RUN <= q.words.length; p++) q.runs.add(q.words.slice(p, p + COPY_RUN).join(' '));
  }
  return q.runs.has(words.slice(start, start + COPY_RUN).join(' '));
}

/**
 * The user turn with every run of COPY_RUN or more words that also stands in the question blanked out, so
 * that cues such as "you said" or "the first one" count only when the turn says them itself, not when it
 * repeats a question that happens to contain them.
 */
function withoutQuestionCopies(userTurn: string, question: string): string {
  const q = questionWords(question);
  if (q === null) return userTurn;
  const tokens = userTurn.match(NON_SPACE);
  if (tokens === null || tokens.length < COPY_RUN) return userTurn;
  // The turn's words (normalised, empty ones left out) and the tokens they stand at. `inQ` counts the words up to
  // this one that are question words, back to the last one that is not: a run can only be the question's when all
  // its words are.
  const words: string[] = [];
  const at: number[] = [];
  let copied: Set<number> | null = null;
  for (let j = 0, inQ = 0; j < tokens.length; j++) {
    const w = normWord(tokens[j] as string);
    if (w === '') continue;
    words.push(w);
    at.push(j);
    inQ = q.vocabulary.has(w) ? inQ + 1 : 0;
    if (inQ < COPY_RUN) continue;
    const start = words.length - COPY_RUN;
    if (!isQuestionRun(q, words, start)) continue;
    copied ??= new Set();
    for (let k = start; k < words.length; k++) copied.add(at[k] as number);
  }
  if (copied === null) return userTurn;
  // Blank the copied tokens where they stand, whitespace kept: split(/(\s+)/) puts token j at 2j, or at 2j + 2 when
  // the turn opens with whitespace (an empty string comes first).
  const parts = userTurn.split(/(\s+)/);
  const offset = /^\s/.test(userTurn) ? 2 : 0;
  for (const j of copied) parts[2 * j + offset] = ' ';
  return parts.join('');
}

/**
 * The turn's own words: copies of the question, then task boilerplate, blanked. The classifier and the signals ask
 * for them in turn, mostly of the same text (a turn with nothing to peel off), so the last answer is kept.
 */
let last: { turn: string; question: string; own: string } | null = null;
export function ownWords(turn: string, question: string): string {
  if (last === null || last.turn !== turn || last.question !== question) last = { turn, question, own: withoutBoilerplate(withoutQuestionCopies(turn, question)) };
  return last.own;
}

/**
 * Task boilerplate: instruction-following constraints about the form of the reply ("Your response should contain…",
 * "in your answer", "Answer with at least 40 words"). They address the reply to come, not the answer given, so
 * they are blanked before reference cues are looked for ("your response" there is an instruction, not a reference).
 */
const BOILERPLATE: RegExp[] = [
  /\b(?:your|the) (?:entire |whole |full |final )?(?:response|answer|reply|output|essay|text|poem|email|story|letter|summary|article|blog post|rap|song|list|product description|description|explanation)s? (?:should|must|has to|have to|needs? to|will|cannot|can't|can not|is to|shall|may not|ought to)\b/gi,
  /\b(?:in|within|throughout|of|at the (?:end|beginning|start) of|to|for) your (?:entire |whole |final )?(?:response|answer|reply|output)s?\b/gi,
  /\b(?:wrap|end|finish|start|begin|format|separate|structure|organi[sz]e) (?:your|the) (?:entire |whole )?(?:response|answer|reply|output)s?\b/gi,
  /\b(?:answer|respond|reply) (?:with|in|using) (?:at least|at most|less than|more than|fewer than|exactly|no more than|around|about|only|one of)\b/gi,
  /\b(?:make sure|ensure|be sure) (?:that )?(?:your|the) (?:response|answer|reply|output)\b/gi,
  /\byour (?:response|answer|reply|output)s? (?:is|are) (?:in|at|under|over|no|wrapped|formatted|entirely)\b/gi,
  /\b(?:then |and |before you )?(?:give|provide|write|start|begin|end|put|present) your (?:entire )?(?:answer|response|reply|output)\b/gi,
  /\b(?:repeat|copy) the (?:exact )?request\b[^.\n]*/gi,
];

/** BOILERPLATE without the g flag, for one joined test (matchesAny does not join stateful patterns). */
const BOILERPLATE_ANY = BOILERPLATE.map((re) => new RegExp(re.source, re.flags.replace('g', '')));

function withoutBoilerplate(text: string): string {
  // Most turns hold none: then no replacement changes the text, and one scan says so instead of one per pattern.
  if (!matchesAny(BOILERPLATE_ANY, text)) return text;
  let out = text;
  for (const re of BOILERPLATE) out = out.replace(re, ' ');
  return out;
}
