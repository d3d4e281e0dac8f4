declare module 'wink-pos-tagger' {
  /** Creates a tagger; `tagSentence` returns tokens with a Penn Treebank `pos`. */
  const posTagger: () => { tagSentence(s: string): Array<{ value: string; tag: string; pos: string }> };
  export default posTagger;
}
