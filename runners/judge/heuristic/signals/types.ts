/**
 * Measured signals of how a user turn relates to the question q and the answer a. Rules read these; the
 * verdict rationale quotes them so every label can be checked by hand.
 */
export interface Signals {
  /** Content tokens of the user turn. */
  u: Set<string>;
  q: Set<string>;
  a: Set<string>;
  /** |u ∩ q| */
  inQ: number;
  /** |u ∩ (a \ q)|: words the user can only have taken from the answer. */
  aOnly: number;
  /** |u \ (q ∪ a)| / |u| */
  novelRatio: number;
  /** Numbers in u that appear in a but not in q (results the answer produced). */
  answerNumbers: string[];
  /** Numbers in u that appear in neither q nor a. */
  novelNumbers: string[];
  sentenceCount: number;
  /** An explicit reference to the assistant's answer ("your answer", "you said", "above", "step 2", "are you sure"). */
  strongRef: string | null;
  /** An anaphoric or conversational hook ("what about…", "why?", "explain it", "does this…", "instead"). */
  weakRef: string | null;
  /**
   * The hook sits in the first sentence, so it points back at the conversation rather than inside the turn. A bare
   * hook ("Why…", "Do you think…") counts only when the turn shares topic words with the exchange or is very short:
   * "Why did the man travel to Helsinki?" after an answer about cooking is a new question.
   */
  weakRefLeading: boolean;
  /** A bare conversational opener ("And", "So", "Also", "Now"): counts only together with shared content. */
  opener: string | null;
  /** "what if / what about / instead": a variation of the problem, not a restatement or a fresh problem. */
  hypothetical: boolean;
  /** An explicit announcement of a new, different question ("Next question:", "Here's a new one:", "Unrelated, but"). */
  newMarker: string | null;
  /** Shared content words that are not generic (task verbs, small numbers, filler nouns are left out). */
  topicInQ: number;
  topicAOnly: number;
  /** heuristic-v8: content words of the turn's own (in neither q nor a, not generic, not constraint vocabulary). */
  topicNovel: number;
  /** heuristic-v12: the answer holds a fenced code block: the coding request's form words are not topic (overlap.ts). */
  codeExchange: boolean;
  /** heuristic-v12: a name the answer's code defines that the turn uses and the question does not, or null. */
  answerCodeName: string | null;
  /** Names/places capitalised mid-sentence in u that also occur in q or a. */
  sharedProper: string[];
  /** q sets up a standing role or game for the rest of the conversation ("Act as…", "in all the following…"). */
  standingRole: boolean;
  /** "the story", "these steps": a definite reference to a (non-generic) word of q or a, in the turn's own words. */
  definiteRef: string | null;
  /** The turn opens like a task of its own ("Write…", "Can you create…", "A train leaves…" is not one). */
  taskOpener: string | null;
  /**
   * heuristic-v6: a word the answer marked (a name, an emphasised or listed term; see markedWords) and the question
   * does not contain (not generic, 4+ letters or a 2+ character CJK/Hangul word) in the first sentence of a short turn (8 content words or fewer): the turn asks about something the answer brought up ("Is the
   * zamioculca toxic for cats?", "Anki는 무료인가요?").
   */
  answerWordLead: string | null;
  /** heuristic-v15: topic words of the turn that both q and a use: the exchange's subject, kept. */
  topicInBoth: number;
  /**
   * heuristic-v15: a part of, or a choice among, what was given ("which of these…", "laquelle de ces…"), in the turn's
   * own words, in a turn that brings no block of its own (a quote, a list, code): there it picks from the answer.
   */
  partitiveRef: string | null;
  /** The turn's own words: question copies and task boilerplate blanked (where reference cues are looked for). */
  ownWords: string;
  /** The explicit reference stands in the first sentence. */
  strongRefLeading: boolean;
  /** The first sentence is a complete question or task of its own (6+ words, a question or a task opener). */
  firstStandsAlone: boolean;
  /** Names capitalised mid-sentence that neither q nor a contains: a new topic. */
  newProper: string[];
  /** heuristic-v6: names in q (capitalised mid-sentence), and whether the turn keeps any of them. */
  questionNames: string[];
  keepsQuestionName: boolean;
  /** Content tokens of the turn that are not constraint vocabulary. */
  counted: number;
  /** A comparison with something already given ("better", "similar", "another way") or a question about "this"/"it": it points back at the answer. */
  anaphor: string | null;
}
