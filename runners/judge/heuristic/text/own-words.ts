/** The turn's own words: text copied from the question and task boilerplate blanked before cues are looked for. */

/** Shortest run of consecutive words that counts as copied from the question. */
const COPY_RUN = 6;

const normWord = (w: string): string => w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The user turn with every run of COPY_RUN or more words that also stands in the question blanked out, so
 * that cues such as "you said" or "the first one" count only when the turn says them itself, not when it
 * repeats a question that happens to contain them.
 */
export function withoutQuestionCopies(userTurn: string, question: string): string {
  const qWords = question.split(/\s+/).map(normWord).filter(Boolean);
  if (qWords.length < COPY_RUN) return userTurn;
  const grams = new Set<string>();
  for (let i = 0; i + COPY_RUN <= qWords.length; i++) grams.add(qWords.slice(i, i + COPY_RUN).join(' '));
  const tokens = userTurn.split(/(\s+)/);
  const words = tokens.map((t, i) => ({ i, w: /\S/.test(t) ? normWord(t) : null })).filter((x) => x.w !== null && x.w !== '');
  const copied = new Set<number>();
  for (let k = 0; k + COPY_RUN <= words.length; k++) {
    const run = words.slice(k, k + COPY_RUN);
    if (grams.has(run.map((x) => x.w).join(' '))) for (const x of run) copied.add(x.i);
  }
  if (copied.size === 0) return userTurn;
  return tokens.map((t, i) => (copied.has(i) ? ' ' : t)).join('');
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

export function withoutBoilerplate(text: string): string {
  let out = text;
  for (const re of BOILERPLATE) out = out.replace(re, ' ');
  return out;
}
