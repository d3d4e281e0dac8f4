/**
 * Word lists the heuristic rules read: stop words (English and the other languages the judge reads), number words,
 * and the generic and instruction vocabulary that counts neither as topic nor as novelty.
 */
import { stem } from './normalize.ts';

export const STOPWORDS = new Set(
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
export const STOPWORDS_ML = new Set(
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
export const HAN_FUNCTION = new Set([...'的了是在有和与就也都很吗呢吧我你您他她它们这那个一不会能要说对为从到给把被让比还多少么什怎哪些吗啊呀嗎們這那個為對說會']);

/**
 * Number words two to twelve (en, es, fr, de, pt), so "three years" and "3 years" meet (restatement only). "One" is left out (it is
 * also the article "un", "um", "ein"), and so is Spanish "once" (an English word). A Map, not an object: looked up with
 * any word of a turn, an object answered "constructor" with Object (heuristic-v10 and before).
 */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  [
    'one two three four five six seven eight nine ten eleven twelve',
    'uno dos tres cuatro cinco seis siete ocho nueve diez once doce',
    'un deux trois quatre cinq six sept huit neuf dix onze douze',
    'eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf',
    'um dois três quatro cinco seis sete oito nove dez onze doze',
  ]
    .flatMap((line) => line.split(' ').map((w, i): [string, string] => [w, String(i + 1)]))
    .filter(([w, n]) => n !== '1' && w !== 'once'),
);

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
  someone somebody anyone anybody everyone choose effective instead
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

/**
 * heuristic-v12: the form of a coding request (languages, what is asked for). After an answer with code, two coding
 * requests share these whatever they are about ("Write a Python function that…" about Fibonacci and about
 * palindromes), so there they are form, as the constraint vocabulary is, not topic: a follow-up is tied to the answer
 * by its code and subject, a new task in the same language is not tied by the language.
 */
const CODE_FORM = new Set(
  `python javascript js typescript ts java golang go rust sql bash shell powershell ruby php kotlin swift scala perl lua
  haskell cpp csharp dart julia matlab node nodejs function functions method methods class classes script program code
  snippet implement implementation query module library`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => stem(w)),
);

/**
 * heuristic-v13: kinds of text a writing task asks for. A paraphrase swaps one for another ("a formal tale" for "a
 * formal story", "a blog entry" for "a blog post"); what a task is about is its subject, so a swap of kinds is not
 * a new subject (subject-swap.ts).
 */
const TEXT_KIND = new Set(
  `story tale essay article poem poetry verse rhyme song lyric post entry blog piece text letter email mail note memo
  report summary review description speech script dialogue narrative account paragraph passage composition`
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => stem(w)),
);

export function isTextKind(token: string): boolean {
  return TEXT_KIND.has(token);
}

export function isCodeFormWord(token: string): boolean {
  return CODE_FORM.has(token);
}

export function isInstructionWord(token: string): boolean {
  return INSTRUCTION_WORDS.has(token);
}

export function isGeneric(token: string): boolean {
  // A single Han character ("何", "山") is too common to tie a turn to a topic on its own.
  return GENERIC.has(token) || INSTRUCTION_WORDS.has(token) || /^\d$/.test(token) || /^\p{Script=Han}$/u.test(token);
}
