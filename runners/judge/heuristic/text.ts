/**
 * Text utilities shared by the heuristic rules: normalisation, content tokens, light stemming and numbers.
 * Pure and deterministic; no rule logic lives here.
 */

const STOPWORDS = new Set(
  `a an the and or but if then else so of to in on at by for with from into onto about as is are was were be been being
  am do does did doing done have has had having i me my mine myself you your yours yourself we us our ours he him his she
  her hers it its they them their theirs this that these those there here what which who whom whose when where why how
  can could would should will shall may might must not no nor only own same too very just also than such both each few
  more most other some any all again further once up down out off over under above below between through during before
  after while because until against s t don doesn didn isn aren wasn weren won wouldn shouldn couldn let lets get got
  please ok okay yes yeah one two like make made need want know think way thing things really much many well still even
  now new use using used give gave say said tell told see`.split(/\s+/).filter(Boolean),
);

/**
 * Function words of the other languages the judge reads (es, fr, de; zh and ja particles are single characters and
 * dropped by length), so that overlap between texts in those languages counts content, not grammar. Words that
 * are also English content words ("son", "die", "place") are left out.
 */
const STOPWORDS_ML = new Set(
  `el la los las del que en un una por para con es se su al lo como más pero sus le ya este esta está son muy yo tu
  mi qué cómo cuál cuántos cuántas hay ser fue era y o de des du et une est qui pour pas dans sur au aux ce cette il elle je
  vous nous ne sa ses plus avec où quel quelle combien der das und ist nicht ein eine zu den dem mit von für auf im ich du
  sie es wir ihr sich auch wie wer wo welche wieviel viele sind war bin mein meine meinen meines meiner dein deine
  seine ihre unser am zum zur vom beim ins bis noch schon nur sehr kann muss will soll wird werden hat habe haben hast
  oder aber wenn dann dass als was
  les quels quelles sont ont leur leurs mes tes nos vos ces aux être avoir était sera comme très aussi mais
  unos unas mis tus nuestro nuestra ha han hay tengo tiene tienes eso esto esa ese muy cuánto cuánta debería deberían
  debo puedo quanto quanta devo deveria posso combien dois devrais peux
  os um uma do da dos das em na nas nos com não sim meu minha seu sua você vocês eu ele ela isso isto esse essa
  qual quais quanto quantos quanta quantas muito muita também mais mas já ao aos pelo pela é são foi ser está
  이 그 저 것 수 좀 더 또 및 등 뭐 왜 제 주세 줄수 있나 있어 있습 있을 있는 해주 해줘 어떻 어떤 무엇 그리 하지 그런 정말
  너무 아주 좋을 좋은 하는 하고 해서 이것 그것 저는 나는 제가 합니 됩니 입니 할까 어디 언제 누구 알려 가요 인가 얼마 어느`.split(/\s+/).filter(Boolean),
);

/** One-character Han words that are grammar, not content (particles, pronouns, copulas, measure words). */
const HAN_FUNCTION = new Set([...'的了是在有和与就也都很吗呢吧我你您他她它们这那个一不会能要说对为从到给把被让比还多少么什怎哪些吗啊呀嗎們這那個為對說會']);


/**
 * Number words two to twelve (en, es, fr, de, pt), so "three years" and "3 years" meet (restatement only). "One" is left out (it is
 * also the article "un", "um", "ein"), and so is Spanish "once" (an English word).
 */
const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  [
    'one two three four five six seven eight nine ten eleven twelve',
    'uno dos tres cuatro cinco seis siete ocho nueve diez once doce',
    'un deux trois quatre cinq six sept huit neuf dix onze douze',
    'eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf',
    'um dois três quatro cinco seis sete oito nove dez onze doze',
  ]
    .flatMap((line) => line.split(' ').map((w, i) => [w, String(i + 1)]))
    .filter(([w, n]) => n !== '1' && w !== 'once'),
);

/** Han, Hiragana and Katakana runs: written without spaces, so words come from Intl.Segmenter (ICU dictionaries). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Split a CJK run into dictionary words (word-like segments only). */
function segmentCjk(run: string): string[] {
  const out: string[] = [];
  for (const seg of segmenter.segment(run)) if (seg.isWordLike) out.push(seg.segment);
  return out;
}

/**
 * Words too generic to tie a turn to a conversation's topic (task verbs, quantities, filler nouns). They still count
 * for restatement (re-asking uses them) but not as evidence of grounding or relatedness.
 */
const GENERIC = new Set(
  `write explain list give tell describe make create show find help provide recommend suggest answer question good best
  better great way thing something time year day week month idea example number word short long simple quick little big
  small kind type lot people person work start want try look keep call ask three four five six seven eight nine ten
  another next different first second last few best easy easiest hard fun nice interesting important new old
  main key common general whole same specific certain various overall final simple basic
  추천 설명 방법 사용 정리 이유 가지 다음 推荐 介绍 方法 解释 问题 おすすめ 方法 説明 質問`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => stem(w)),
);

/**
 * The vocabulary of instruction-following constraints (IFEval/IFBench "format" words). Two prompts of those sets
 * share them whatever their topics, so they are neither topic nor novelty.
 */
const INSTRUCTION_WORDS = new Set(
  `word sentence paragraph letter lowercase uppercase capital comma punctuation section highlight markdown quotation
  quote mark bullet point format formatted phrase exact exactly title double wrap wrapped response entire repeat request
  placeholder bracket square angular keyword json output include contain least less more than once twice times end
  finish begin character characters postscript divider separate separated asterisk italic bold language english
  total maximum minimum fewer follow following below character count line lines reply answer instruction appear
  respond explanation reasoning reader`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => stem(w)),
);

export function isInstructionWord(token: string): boolean {
  return INSTRUCTION_WORDS.has(token);
}

export function isGeneric(token: string): boolean {
  // A single Han character ("何", "山") is too common to tie a turn to a topic on its own.
  return GENERIC.has(token) || INSTRUCTION_WORDS.has(token) || /^\d$/.test(token) || /^\p{Script=Han}$/u.test(token);
}

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

/** NFKC, lowercase, curly quotes and dashes folded. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-');
}

/** Very light stemming so "eggs"/"egg", "selling"/"sell", "computed"/"compute" meet. */
export function stem(word: string): string {
  if (/^\d/.test(word)) return word;
  let w = word;
  if (w.length > 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es') && /(sh|ch|x|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** All word tokens (letters or digits, unicode aware), normalised, numbers with their decimals kept. */
export function words(text: string): string[] {
  // Runs of one script each: "Anki는" is the name "anki" and a Korean particle, not one word.
  const raw =
    normalize(text).match(/\d+(?:[.,]\d+)*|[\p{Script=Hangul}]+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|(?:(?![\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}])+(?:'[\p{L}]+)?/gu) ?? [];
  return raw.flatMap((w) => (CJK.test(w) ? segmentCjk(w) : HANGUL.test(w) ? [koStem(w)] : [w]));
}

const HANGUL = /\p{Script=Hangul}/u;

/**
 * A Korean word's key: its first two syllables. Particles and endings are glued to the stem ("사과를", "추천합니다",
 * "감천문화마을은"), and stripping them by list also cuts stems that end like one ("마을"), so the key keeps the
 * stem's start instead ("사과", "추천", "감천").
 */
function koStem(w: string): string {
  return w.length > 2 ? w.slice(0, 2) : w;
}

/**
 * Wording keys for comparing a paraphrase with the question without a dictionary: character bigrams of Chinese,
 * Japanese and Korean runs (no word segmentation or particle stripping needed), and the first five letters of
 * every other content word ("einschlafen"/"Einschlafen", "apartamento"/"apartamentos", "recommend"/"recommends").
 */
export function wordingKeys(text: string): Set<string> {
  const out = new Set<string>();
  const t = normalize(text);
  const EAST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
  for (const run of t.match(EAST) ?? []) {
    for (let i = 0; i + 2 <= run.length; i++) {
      const b = run.slice(i, i + 2);
      if (!/^\p{Script=Hiragana}+$/u.test(b)) out.add(b); // two kana are grammar ("です", "ますか")
    }
  }
  for (const w of contentTokens(t.replace(EAST, ' '))) if (!/^\d/.test(w)) out.add(w.slice(0, 5));
  return out;
}

/** True when most letters of the text are CJK (the turn is Chinese or Japanese). */
export function isCjk(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length > 0 && letters.filter((c) => CJK.test(c)).length / letters.length >= 0.5;
}

/** Content tokens: stop words removed, stemmed; numbers kept (commas dropped). */
export function contentTokens(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (/^\d/.test(w)) {
      out.push(normNumber(w));
      continue;
    }
    const base = w.replace(/'s$/, '').replace(/'/g, '');
    if (CJK.test(base)) {
      // One-character kana are particles; one Han character can be a word ("书", "猫") or grammar ("的", "是").
      if (base.length < 2 && (!/\p{Script=Han}/u.test(base) || HAN_FUNCTION.has(base))) continue;
      // Short all-hiragana words are grammar ("です", "どう", "させる"), not content.
      if (/^\p{Script=Hiragana}{1,3}$/u.test(base)) continue;
      out.push(base);
      continue;
    }
    if (base.length < 2 || STOPWORDS.has(base) || STOPWORDS_ML.has(base)) continue;
    out.push(HANGUL.test(base) ? base : stem(base));
  }
  return out;
}

export function contentSet(text: string): Set<string> {
  return new Set(contentTokens(text));
}

/** Numbers written as digits, normalised ("1,200" → "1200", "18.00" → "18"). */
export function numbers(text: string): string[] {
  return (normalize(text).match(/\d+(?:[.,]\d+)*/g) ?? []).map(normNumber);
}

/** "1,200" → "1200", "18.00" → "18", "4.50" and "4,50" (decimal comma: one or two digits after it) → "4.5". */
function normNumber(n: string): string {
  const m = /^(\d+),(\d{1,2})$/.exec(n);
  const t = m ? `${m[1]}.${m[2]}` : n.replace(/,/g, '');
  return t.includes('.') && /^\d+\.\d+$/.test(t) ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
}

/** Numbers written as digits or as words one to twelve (en, es, fr, de, pt): for restatements that spell them out. */
export function numbersAndWords(text: string): string[] {
  const spelled = (normalize(text).match(/\p{L}+/gu) ?? []).map((w) => NUMBER_WORDS[w]).filter((n): n is string => n !== undefined);
  return [...numbers(text), ...spelled];
}

export function intersectCount(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** Split into sentences (rough, good enough for counting and first-sentence checks). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Shorten for rationales and evidence spans. */
export function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

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

/**
 * The answer's marked words: names (capitalised mid-sentence), emphasised or code spans, the first words of list
 * items and headings, and every Chinese, Japanese or Korean word. A turn that leads with one of them asks about
 * what the answer brought up; a plain word the answer happens to use ("consider") is not marked.
 */
export function markedWords(response: string): Set<string> {
  const marked: string[] = [...properNouns(response)];
  for (const m of response.matchAll(/\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\n]+)\*|`([^`\n]+)`/g)) marked.push((m[1] ?? m[2] ?? m[3] ?? m[4]) as string);
  for (const m of response.matchAll(/^\s*(?:[-*•]|\d+[.)]|#{1,4})\s+((?:\S+\s+){0,2}\S+)/gm)) marked.push(m[1] as string);
  const out = new Set(contentTokens(marked.join(' \n ')));
  for (const t of contentTokens(response)) if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(t)) out.add(t);
  return out;
}
