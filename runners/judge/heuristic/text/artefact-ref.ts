import { memoOfText } from './memo.ts';
import { normalize, stem } from './normalize.ts';
import { STOPWORDS, STOPWORDS_ML } from './vocabulary.ts';

/**
 * heuristic-v13: "the query", "this function", "your essay": the turn names with a definite article what the question
 * asked to be made with an indefinite one ("Write a SQL query…", "Schreibe eine Funktion…"): once the answer is
 * given, "the query" is the answer's query, so the turn reacts to the answer even when its other words are the
 * question's. A restatement keeps the question's article ("Write a SQL query…" again). Only what a task verb asks for
 * counts: a word problem's "A robe takes…" is re-asked as "How many bolts does the robe take?". Articles and task
 * verbs of English, German, Spanish and French; a noun the question also names definitely ("the median") is left out,
 * and so is "that", which opens relative clauses ("…that finds the…").
 */
const TASK_VERB =
  'write|compose|create|generate|draft|make|produce|design|develop|plan|give|provide|suggest|implement|build|construct|' +
  'prepare|propose|outline|rewrite|code|schreibe|schreib|erstelle|entwickle|gib|escribe|crea|redacta|dame|écris|' +
  'écrivez|rédige|rédigez|crée|créez|donne';
/** A phrase of one to three words after a determiner (the first group of each pattern below). */
const PHRASE = "((?:[\\p{L}][\\p{L}'-]*\\s+){0,2}[\\p{L}][\\p{L}'-]*)";
const INDEFINITE = new RegExp(`(?:^|[^\\p{L}])(?:${TASK_VERB})\\s+(?:(?:me|us|mir|uns|moi)\\s+)?(?:a|an|ein|eine|einen|un|una|une)\\s+${PHRASE}`, 'giu');
const DEFINITE_OR_OWN = new RegExp(
  `(?:^|[^\\p{L}])(?:the|this|your|der|die|das|den|dem|diese|dieser|dieses|deine|ihre|el|la|esta|este|tu|su|le|ce|cette|ton|ta|votre)\\s+${PHRASE}`,
  'giu',
);
const ARTICLE_ONLY_DEFINITE = new RegExp(`(?:^|[^\\p{L}])(?:the|der|die|das|den|dem|el|la|le)\\s+${PHRASE}`, 'giu');

/** A word of three letters or more that is not a stop word. */
const isNoun = (w: string): boolean => w.length >= 3 && !STOPWORDS.has(w) && !STOPWORDS_ML.has(w);

/** The words of a phrase up to its first stop word: "a Python function to find…" is "python", "function". */
function* phraseWords(phrase: string): Generator<string> {
  for (const w of phrase.split(/\s+/)) {
    if (!isNoun(w)) return;
    yield w;
  }
}

const keysAfter = (text: string, pattern: RegExp): Set<string> => {
  const out = new Set<string>();
  for (const m of normalize(text).matchAll(pattern)) {
    for (const w of phraseWords(m[1] as string)) {
      out.add(stem(w));
      // A compound's head names the thing too: "eine Python-Funktion" is "die Funktion".
      const head = w.slice(w.lastIndexOf('-') + 1);
      if (head !== w && isNoun(head)) out.add(stem(head));
    }
  }
  return out;
};

/** The nouns the question introduces with an indefinite article and never with a definite one. */
const askedFor = memoOfText((question: string): Set<string> => {
  const definite = keysAfter(question, ARTICLE_ONLY_DEFINITE);
  const out = new Set<string>();
  for (const k of keysAfter(question, INDEFINITE)) if (!definite.has(k)) out.add(k);
  return out;
});

/** The definite phrase of the turn's own words that names what the question asked for, or null. */
export function answerArtefactRef(ownWords: string, question: string): string | null {
  const asked = askedFor(question);
  if (asked.size === 0) return null;
  for (const m of normalize(ownWords).matchAll(DEFINITE_OR_OWN)) {
    const phrase = m[0].trim();
    for (const w of phraseWords(m[1] as string)) {
      if (asked.has(stem(w))) return phrase.slice(0, phrase.indexOf(w) + w.length);
    }
  }
  return null;
}
