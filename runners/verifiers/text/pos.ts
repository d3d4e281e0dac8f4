import winkPosTagger from 'wink-pos-tagger';

/**
 * Part-of-speech tag (Penn Treebank) of the first token of a text, for IFBench's `words:start_verb`. The reference
 * uses NLTK's averaged-perceptron tagger; we use `wink-pos-tagger` (also Penn tags). Divergence: the taggers can
 * disagree on sentence-initial words that are both noun and verb ("Plan", "Love").
 */
type Tagger = { tagSentence(s: string): Array<{ value: string; pos: string; tag: string }> };
let tagger: Tagger | null = null;

export function firstTokenTag(text: string): string | null {
  try {
    tagger ??= (winkPosTagger as unknown as () => Tagger)();
    const tokens = tagger.tagSentence(text.length > 2000 ? text.slice(0, 2000) : text).filter((t) => t.tag !== 'whitespace');
    return tokens[0]?.pos ?? null;
  } catch {
    return null;
  }
}
