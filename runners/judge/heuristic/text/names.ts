/** Names and marked words: what ties a turn to the topic of a conversation. */
import { contentTokens } from './tokens.ts';
import { STOPWORDS } from './vocabulary.ts';

/** German capitalises every noun, so capitals mark no names there. */
const GERMAN = /\b(?:der|die|das|und|ist|nicht|eine?|wird|mit|für|auf|ich|sie|wie|viel|kann|mein|meine)\b/gi;

/** Capitalised words that are not sentence-initial (names, places, products), lowercased; for topical anchoring. */
export function properNouns(text: string): Set<string> {
  const out = new Set<string>();
  if ((text.match(GERMAN)?.length ?? 0) >= 2) return out;
  // Sentence-initial capitals are not names, also after an opening "¿", "¡", quote or bracket.
  const re = /(?<![.!?:\n。！？]\s{0,3}[¿¡"“'(]?|^\s{0,3}[¿¡"“'(]?)\b([A-Z][\p{L}]{2,})/gu;
  for (const m of text.matchAll(re)) {
    const w = (m[1] as string).toLowerCase();
    if (!STOPWORDS.has(w)) out.add(w);
  }
  return out;
}

/** A definition in code: `def f`, `function f`, `class C`, `fn f`, `func f`, or a method `name(args) {` at a line's start. */
const CODE_DEFINITION = /\b(?:def|function|class|fn|func|interface|struct)\s+([A-Za-z_]\w*)|^[^\S\n]*(?:async\s+|static\s+)*([A-Za-z_]\w*)\s*\([^)\n]*\)\s*\{/gm;

/**
 * The answer's marked words: names (capitalised mid-sentence), emphasised or code spans, the first words of list
 * items and headings, the names its code defines (v12: `codeNameTokens`, codeNames' content tokens), and every
 * Chinese, Japanese or Korean word. A turn that leads with one of them asks about what the answer brought up; a plain
 * word the answer happens to use ("consider") is not marked. `responseTokens` are the response's content tokens
 * (contentTokens), in order or as their set.
 */
export function markedWords(response: string, responseTokens: Iterable<string>, codeNameTokens: Iterable<string>): Set<string> {
  const marked: string[] = [...properNouns(response)];
  for (const m of response.matchAll(/\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\n]+)\*|`([^`\n]+)`/g)) marked.push((m[1] ?? m[2] ?? m[3] ?? m[4]) as string);
  // A list item or heading from the last line start before it: `^\s*` from every line start of a run of blank lines
  // rescanned the run (64k newlines in the answer took 2.3 s). The words taken are the same.
  for (const m of response.matchAll(/^[^\S\n\r\u2028\u2029]*(?:[-*•]|\d+[.)]|#{1,4})\s+((?:\S+\s+){0,2}\S+)/gm)) marked.push(m[1] as string);
  const out = new Set(contentTokens(marked.join(' \n ')));
  for (const t of codeNameTokens) out.add(t);
  for (const t of responseTokens) if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(t)) out.add(t);
  return out;
}

/**
 * heuristic-v12: the names the answer's code defines (a function, class or method in a fenced block). The info string
 * takes no backtick, so a run of backticks is not rescanned from each of them (quadratic).
 */
export function codeNames(response: string): string[] {
  const out: string[] = [];
  for (const block of response.matchAll(/```[^\n`]*\n([\s\S]*?)```/g)) {
    for (const m of (block[1] as string).matchAll(CODE_DEFINITION)) out.push((m[1] ?? m[2]) as string);
  }
  return out;
}
