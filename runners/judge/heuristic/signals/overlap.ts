import { isCodeFormWord, isGeneric, isInstructionWord } from '../text/vocabulary.ts';
import { meets, newBucket, type PrefixBucket } from './prefix-bucket.ts';

/** How the turn's content tokens split between the question, the answer and neither. */
export interface Overlap {
  inQ: number;
  aOnly: number;
  novel: number;
  topicInQ: number;
  topicAOnly: number;
  /** heuristic-v8: tokens in neither q nor a that are neither generic nor constraint vocabulary: the turn's own topic. */
  topicNovel: number;
  /** Tokens that are not constraint vocabulary. */
  counted: number;
  /** heuristic-v15: topic tokens (not generic) in both q and a: the subject the whole exchange is about. */
  topicInBoth: number;
}

/** The index of a question's or answer's token set, kept as long as the (memoised, never mutated) set lives. */
const prefixIndexes = new WeakMap<Set<string>, Map<string, PrefixBucket>>();

/**
 * Inflection across languages the light stemmer does not know ("quietscht"/"quietschen", "recomienda"/
 * "recomiendas"): two words of five or more letters meet when they share a prefix of at least five letters and
 * three quarters of the longer one ("internet"/"international" and "light"/"Lightroom" do not), or when a word of
 * seven or more letters starts the other (German compounds: "Eröffnung"/"Eröffnungstag"). The words are bucketed by
 * their first four letters (prefix-bucket.ts tests a word against a bucket).
 */
function byPrefix(set: Set<string>): Map<string, PrefixBucket> {
  const kept = prefixIndexes.get(set);
  if (kept !== undefined) return kept;
  const m = new Map<string, PrefixBucket>();
  for (const t of set) {
    if (t.length < 5 || /^\d/.test(t)) continue;
    const key = t.slice(0, 4);
    let b = m.get(key);
    if (b === undefined) m.set(key, (b = newBucket()));
    b.words.push(t);
  }
  prefixIndexes.set(set, m);
  return m;
}

function inSet(t: string, set: Set<string>, pre: Map<string, PrefixBucket>): boolean {
  if (set.has(t)) return true;
  if (t.length < 5 || /^\d/.test(t)) return false;
  const bucket = pre.get(t.slice(0, 4));
  return bucket !== undefined && meets(t, bucket);
}

export function overlap(u: Set<string>, q: Set<string>, a: Set<string>, codeExchange = false): Overlap {
  const o: Overlap = { inQ: 0, aOnly: 0, novel: 0, topicInQ: 0, topicAOnly: 0, topicNovel: 0, counted: 0, topicInBoth: 0 };
  const qPre = byPrefix(q);
  const aPre = byPrefix(a);
  for (const t of u) {
    const generic = isGeneric(t) || (codeExchange && isCodeFormWord(t));
    // Constraint vocabulary ("words", "paragraphs", "highlight") is shared by any two instruction prompts: it
    // counts for restatement (inQ) but neither as new nor as topic.
    // heuristic-v12: after an answer with code, the coding request's form words too (vocabulary.ts CODE_FORM).
    const instruction = isInstructionWord(t) || (codeExchange && isCodeFormWord(t));
    if (!instruction) o.counted++;
    if (inSet(t, q, qPre)) {
      o.inQ++;
      if (!generic) o.topicInQ++;
      if (!generic && inSet(t, a, aPre)) o.topicInBoth++;
    } else if (inSet(t, a, aPre)) {
      o.aOnly++;
      if (!generic) o.topicAOnly++;
    } else if (!instruction) {
      o.novel++;
      if (!generic && !/^\d/.test(t)) o.topicNovel++;
    }
  }
  return o;
}
