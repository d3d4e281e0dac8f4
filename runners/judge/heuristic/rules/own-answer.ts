import { clip } from '../text/sentences.ts';
import { firstMatch } from './first-match.ts';
import type { RuleHit } from '../types.ts';

/**
 * heuristic-v14: the speaker wrote the answer. Two forms that only its author uses, in ten languages:
 *  - correcting it as one's own ("I made an error above", "in my previous message", "我上面算错了", "上記の計算に誤りが
 *    ありました", "в моём расчёте выше … ошибка", "mi respuesta anterior", "meiner vorherigen Antwort", "ma réponse
 *    précédente", "حسابي السابق", "위의 계산에 실수가 있었습니다", "मेरी गणना में गलती"). A user correcting the
 *    assistant says "you" ("I think you made an error in step 2"), and one correcting themself names their question;
 *  - the answer given again under a header ("**Answer:** …", "Solution: …"), or a question answered under a label
 *    right after it ("…drops? A: Yes."): a question nobody asked, answered.
 * The corrections and the header fire only on a turn with no question mark ("I made a mistake in my question: … What
 * would I pay then?" is left to the other rules); the answered question has its own.
 */

const QUESTION_MARK = /[?？¿؟]/u;

/** A user fixing their own question: "I meant $1200", "I forgot to say…", "my question". */
const USER_SELF_FIX = /\bi (?:meant|mean|wrote|typed|asked|forgot to (?:mention|say|add|include|tell))\b|\bmy (?:question|prompt|request)\b/i;

/** The speaker's own earlier text, and an error in it, by language. */
const OWN_ERROR: RegExp[] = [
  /\bi(?: have|'ve)? made (?:an? |one |some )?(?:small |slight |minor |careless |arithmetic |calculation )?(?:error|mistake|typo|miscalculation)s? (?:above|in (?:my|the) (?:previous|earlier|last|above|original|first) (?:answer|response|reply|message|explanation|calculation|solution|step)|in (?:my|the) (?:answer|response|reply|explanation|calculation|solution|steps?) above)\b/i,
  /\b(?:in|from) my (?:previous|earlier|last|original) (?:message|post|solution|working)\b|\bmy (?:calculation|math|working|arithmetic|solution) above\b|\bi apologi[sz]e for (?:the|my|any) (?:error|mistake|oversight|miscalculation)s?\b|\bmy apologies for (?:the|my) (?:error|mistake|oversight)\b/i,
  /我(?:在)?(?:上面|前面|之前|刚才)[^。！？!?]{0,12}(?:算错|写错|说错|弄错|搞错|犯了(?:一个)?错|有(?:一个|个)?错误|出错)|我的(?:回答|计算|解答|答案)(?:中|里)?(?:有(?:一个|个)?(?:错误|误)|出错|错了)/u,
  /上記の(?:計算|回答|説明|解答|答え)に(?:誤り|間違い|ミス)が(?:ありました|ございました)|(?:私|わたし)の(?:回答|計算|説明|解答)に(?:誤り|間違い|ミス)/u,
  /(?:моём|моем|моей|моих) (?:предыдущем |предыдущей |последнем |последней )?(?:ответе|расч[её]те|решении|объяснении|вычислениях)[^.?!]{0,30}(?:ошибк|неточност|опечатк)|(?:я )?(?:допустил|допустила) (?:ошибку|опечатку|неточность)/iu,
  /\b(?:corrijo|rectifico) (?:mi|el|la)\b|\bmi (?:respuesta|explicación|cálculo|solución|mensaje) (?:anterior|previa|de arriba)\b/iu,
  /\bmeine[rn]? (?:vorherigen?|letzten?|obigen?|bisherigen?) (?:antwort|rechnung|berechnung|erklärung|nachricht|lösung)\b|\bich habe mich (?:oben|vorhin|eben) verrechnet\b/iu,
  /\b(?:ma|mon) (?:réponse|explication|calcul|message|solution) (?:précédente?|ci-dessus|plus haut)\b|\bje me suis trompée? (?:plus haut|ci-dessus)\b/iu,
  // Arabic drops the vowel that tells "I made" from "you made" (ارتكبتُ / ارتكبتَ): with an apology it is the speaker's.
  /(?:أعتذر|عذرا|عذراً|آسف)[،,.]?\s*(?:لقد )?(?:ارتكبت|وقعت في) خطأ|(?:إجابتي|حسابي|ردي|جوابي) (?:السابق|السابقة|أعلاه)/u,
  /(?:죄송합니다|사과드립니다)[,.]?\s*(?:제|저의|위의|앞의|이전)[^.?!]{0,20}(?:실수|오류|착오)|제 (?:이전 |앞선 )?(?:답변|계산|설명|풀이)에(?:서)? (?:실수|오류|착오)|위의 (?:계산|답변|설명|풀이)에 (?:실수|오류|착오)가 있었습니다/u,
  /(?:मेरी|मेरे) (?:पिछली |पिछले |ऊपर की |ऊपर के )?(?:गणना|उत्तर|जवाब|हिसाब|समाधान|व्याख्या) में (?:एक )?(?:गलती|ग़लती|त्रुटि|भूल)/u,
];

/**
 * An answer header at the start of the turn with the answer after it on its line ("**Answer:** $800", "Solution: …",
 * "答案：…"); a bare "Answer:" closing a copied question is the question's template, not an answer.
 */
const ANSWER_HEADER =
  /^[\s*#_>]{0,6}(?:(?:the )?(?:correct |short |final )?answer|solution|respuesta|solución|réponse|solution|antwort|lösung|resposta|solução|ответ|решение|答|解答|回答|解|答え|解答|답|답변|풀이|الإجابة|الجواب|الحل|उत्तर|हल)[\s*_]*[:：](?=[*_\t ]*[^\s*_])/iu;

/**
 * A question answered under a label right after its question mark: "…drops? A: Yes." (a leading "Q:" is the user's
 * role label, dropped by the role-header rule before any rule reads the turn).
 */
const ANSWERS = /[?？؟]\s*[*_]{0,2}(?:a|answer|respuesta|réponse|antwort|resposta|ответ|答|答え|답|الجواب|الإجابة|उत्तर)[*_]{0,2}\s*[:：]\s*\S/iu;

export function ownAnswerRule(text: string): RuleHit | null {
  if (ANSWERS.test(text)) {
    return { label: 'identity_leakage', rule: 'leakage.asks_and_answers', rationale: 'Poses a question under a label and answers it ("Q: … A: …"): the assistant writing, not a user asking.', evidence: clip(text, 120) };
  }
  if (QUESTION_MARK.test(text) || USER_SELF_FIX.test(text)) return null;
  const own = firstMatch(OWN_ERROR, text);
  if (own) {
    return { label: 'identity_leakage', rule: 'leakage.corrects_own_answer', rationale: `Corrects the answer as its author ("${clip(own[0], 60)}"), asking nothing.`, evidence: clip(own[0], 120) };
  }
  return null;
}

/** Read after the continuation rule, whose labelled final answers ("Final answer: 19", "答え：30歳") it leaves as they were. */
export function answerHeaderRule(text: string): RuleHit | null {
  if (QUESTION_MARK.test(text)) return null;
  const header = ANSWER_HEADER.exec(text);
  if (!header) return null;
  return { label: 'identity_leakage', rule: 'leakage.answer_header', rationale: `Gives the answer again under a header ("${clip(header[0].trim(), 40)}"), asking nothing.`, evidence: clip(text, 120) };
}
