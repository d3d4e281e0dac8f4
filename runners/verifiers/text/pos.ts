import { createRequire } from 'node:module';

/**
 * Part-of-speech tag (Penn Treebank) of the first token of a text, for IFBench's `words:start_verb`. The reference
 * uses NLTK's averaged-perceptron tagger; we use `wink-pos-tagger` (also Penn tags). Divergence: the taggers can
 * disagree on sentence-initial words that are both noun and verb ("Plan", "Love").
 */
type Tagger = { tagSentence(s: string): Array<{ value: string; pos: string; tag: string }> };
let tagger: Tagger | null = null;
// Loaded on first use: the tagger's lexicon costs ~50 MB, and only one IFBench instruction type needs it.
const load = (): Tagger => (createRequire(import.meta.url)('wink-pos-tagger') as () => Tagger)();

export function firstTokenTag(text: string): string | null {
  try {
    tagger ??= load();
    const tokens = tagger.tagSentence(text.length > 2000 ? text.slice(0, 2000) : text).filter((t) => t.tag !== 'whitespace');
    return tokens[0]?.pos ?? null;
  } catch {
    return null;
  }
}
