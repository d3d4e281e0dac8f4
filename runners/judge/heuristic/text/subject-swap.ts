import { memoOfText } from './memo.ts';
import { contentTokens } from './tokens.ts';

/** The question's content tokens in order (contentTokens keeps only the latest text's). */
const questionTokens = memoOfText((question: string): string[] => [...contentTokens(question)]);

/** Past this many content tokens on either side the turn is no copy of the question's form worth aligning. */
const MAX_TOKENS = 160;

/**
 * heuristic-v13: the question's wording with its subject swapped ("…to find the mode of a list" after "…to find the
 * median of a list", "…invest in bike lanes" after "…invest in public libraries"): the turn's content tokens align
 * with the question's in order (a longest common subsequence covering 60% of each), and one stretch where they part
 * drops a subject of the question that the turn nowhere uses (`isSubject`: a topic word the answer also uses, as an
 * answer uses what it is about) for a topic word of its own (`isOwnTopic`: in neither the question nor the answer).
 * A paraphrase keeps the subject and changes the wording around it ("a blog entry … must-see sights" for "a blog post
 * … must-see attractions", words the answer need not use); this keeps the wording and changes the subject, which
 * makes it a new task in the same form. Returns "median → mode", or null.
 */
export function swappedSubject(
  text: string,
  question: string,
  isSubject: (t: string) => boolean,
  isOwnTopic: (t: string) => boolean,
): string | null {
  const q = questionTokens(question);
  const u = contentTokens(text);
  if (q.length === 0 || u.length === 0 || q.length > MAX_TOKENS || u.length > MAX_TOKENS) return null;
  // LCS table, row i for q[i…], column j for u[j…] (suffix form, so the walk below goes forwards).
  const w = u.length + 1;
  const len = new Uint16Array((q.length + 1) * w);
  for (let i = q.length - 1; i >= 0; i--) {
    for (let j = u.length - 1; j >= 0; j--) {
      const below = len[(i + 1) * w + j] as number;
      const right = len[i * w + j + 1] as number;
      len[i * w + j] = q[i] === u[j] ? (len[(i + 1) * w + j + 1] as number) + 1 : Math.max(below, right);
    }
  }
  const common = len[0] as number;
  if (common < 0.6 * q.length || common < 0.6 * u.length) return null;
  const uSet = new Set(u);
  let i = 0;
  let j = 0;
  while (i < q.length || j < u.length) {
    if (i < q.length && j < u.length && q[i] === u[j]) {
      i++;
      j++;
      continue;
    }
    // One stretch where the two part: what the question has there against what the turn has there.
    const dropped: string[] = [];
    const added: string[] = [];
    while (i < q.length || j < u.length) {
      if (i < q.length && j < u.length && q[i] === u[j]) break;
      const dropQ = j >= u.length || (i < q.length && (len[(i + 1) * w + j] as number) >= (len[i * w + j + 1] as number));
      if (dropQ) dropped.push(q[i++] as string);
      else added.push(u[j++] as string);
    }
    const from = dropped.find((t) => !uSet.has(t) && isSubject(t));
    // A turn cut short ends on part of a word: "…my sourdough bread ris" keeps "rise", it swaps nothing.
    const to = added.find((t) => isOwnTopic(t) && !dropped.some((d) => d.startsWith(t)));
    if (from !== undefined && to !== undefined) return `${from} → ${to}`;
  }
  return null;
}
