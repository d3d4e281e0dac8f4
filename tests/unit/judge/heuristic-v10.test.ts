import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';
import { classifyUserTurn } from '../../../runners/judge/heuristic/classify.ts';

// heuristic-v10: the end-of-turn markers and role headers of more template families (Llama 4, DeepSeek V3/R1, Granite,
// Command-R, GLM, Mistral's system prompt). The exchanges here are not in any labelled set or control; v9 labelled
// every case below but the last two differently (the five follow-ups as the assistant's voice, the bare tokens as
// follow-ups).
const qRice = 'How much water do I need for 2 cups of white rice?';
const aRice = 'Use about 3 cups of water for 2 cups of white rice (a 1 : 1.5 ratio). Bring it to a boil, cover, and simmer for 18 minutes.';
const FOLLOW = 'Why 18 minutes and not 20, if I use a thicker pot?';
const ASSISTANT_GOES_ON = "Sure! A thicker pot holds heat longer, so 18 minutes is enough. Let me know if there's anything else I can help with.";

const cases: RuleCase[] = [
  // A follow-up, then the template's end of turn and the model answering itself: only the text before is judged.
  [qRice, aRice, `${FOLLOW}<|eot|><|header_start|>assistant<|header_end|>\n\n${ASSISTANT_GOES_ON}`, 'genuine_followup', 'grounding.'],
  [qRice, aRice, `${FOLLOW}<｜Assistant｜>${ASSISTANT_GOES_ON}`, 'genuine_followup', 'grounding.'],
  [qRice, aRice, `${FOLLOW}<｜end▁of▁sentence｜>${ASSISTANT_GOES_ON}`, 'genuine_followup', 'grounding.'],
  [qRice, aRice, `${FOLLOW}<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>${ASSISTANT_GOES_ON}`, 'genuine_followup', 'grounding.'],
  [qRice, aRice, `${FOLLOW}<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>${ASSISTANT_GOES_ON}`, 'genuine_followup', 'grounding.'],
  // Nothing before the first header: the shared rule's last clause.
  [qRice, aRice, `<｜Assistant｜>${ASSISTANT_GOES_ON}`, 'empty_or_degenerate', 'degenerate.nothing_before_header'],
  [qRice, aRice, `<|header_start|>assistant<|header_end|>\n\n${ASSISTANT_GOES_ON}`, 'empty_or_degenerate', 'degenerate.nothing_before_header'],
  [qRice, aRice, '<｜end▁of▁sentence｜>', 'empty_or_degenerate', 'degenerate.'],
  [qRice, aRice, '<|observation|>\n{"result": 3}', 'empty_or_degenerate', 'degenerate.nothing_before_header'],
  // Tokens only, of families the special-token pattern did not know.
  [qRice, aRice, '<｜begin▁of▁sentence｜> <｜place▁holder▁no▁1｜>', 'empty_or_degenerate', 'degenerate.special_tokens_only'],
  [qRice, aRice, '[gMASK]<sop>', 'empty_or_degenerate', 'degenerate.special_tokens_only'],
  // A whole dialogue looped through the headers.
  [qRice, aRice, 'ok<｜User｜>and brown rice?<｜Assistant｜>Use 2.5 cups.<｜User｜>thanks<｜Assistant｜>You are welcome!', 'empty_or_degenerate', 'degenerate.repeated_role_headers'],
  // The turn's own user header, written first, is dropped and the rest judged.
  [qRice, aRice, `<｜User｜>${FOLLOW}`, 'genuine_followup', 'grounding.'],
  [qRice, aRice, `<|header_start|>user<|header_end|>\n\n${FOLLOW}`, 'genuine_followup', 'grounding.'],
];

testRuleCases('heuristic-v10', cases);

// Closings, the helper's voice and planning in more languages; loops in scripts without spaces. Same exchanges.
const qLoan = 'I borrow $1,200 at 5% simple interest per year. How much interest do I pay in 3 years?';
const aLoan = 'Simple interest is principal × rate × time: 1,200 × 0.05 × 3 = 180. You pay $180 in interest over 3 years.';
const LOOP_ZH = '我想知道更多关于利息的计算方法。'.repeat(6);
const LOOP_TH = 'ขอบคุณมากครับ'.repeat(8);

const mlCases: RuleCase[] = [
  [qLoan, aLoan, 'Спасибо большое, всё понятно!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Дякую за пояснення!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Grazie mille! Perfetto.', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Teşekkürler, anladım.', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Terima kasih banyak!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Cảm ơn bạn rất nhiều!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'شكرا جزيلا!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'תודה רבה!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'बहुत धन्यवाद!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'ขอบคุณมากครับ', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Ευχαριστώ πολύ!', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Dziękuję bardzo, rozumiem.', 'generic_closing', 'closing.'],
  [qLoan, aLoan, 'Надеюсь, это поможет вам спланировать бюджет. Если у вас есть ещё вопросы, обращайтесь!', 'identity_leakage', 'leakage.assistant_voice'],
  [qLoan, aLoan, 'Spero che questa spiegazione ti sia utile per il tuo prestito.', 'identity_leakage', 'leakage.assistant_voice'],
  [qLoan, aLoan, 'Umarım bu açıklama işine yarar, başka sorun olursa yazabilirsin.', 'identity_leakage', 'leakage.assistant_voice'],
  [qLoan, aLoan, 'أتمنى أن يكون هذا الشرح مفيدا لك.', 'identity_leakage', 'leakage.assistant_voice'],
  [qLoan, aLoan, '다른 궁금한 점이 있으면 편하게 물어보세요!', 'identity_leakage', 'leakage.assistant_voice'],
  [qLoan, aLoan, 'Semoga membantu! Jika kamu punya pertanyaan lain, tanya saja.', 'identity_leakage', 'leakage.assistant_voice'],
  [qLoan, aLoan, 'Пользователь хочет узнать, сколько процентов он заплатит. Мне нужно ответить коротко.', 'meta_planning', 'planning.'],
  [qLoan, aLoan, "L'utente vuole sapere gli interessi: devo rispondere con il calcolo.", 'meta_planning', 'planning.'],
  [qLoan, aLoan, LOOP_ZH, 'empty_or_degenerate', 'degenerate.'],
  [qLoan, aLoan, LOOP_TH, 'empty_or_degenerate', 'degenerate.char_loop'],
  [qLoan, aLoan, `为什么是180？${'我还是不明白为什么要乘以3年'.repeat(5)}`, 'empty_or_degenerate', 'degenerate.'],
  // What stays the user's: a thanks with a question, their own plan, reduplication, a repeated word in a real question.
  [qLoan, aLoan, 'Спасибо! А если ставка будет 7%, сколько будет за 3 года?', 'genuine_followup', 'grounding.'],
  [qLoan, aLoan, 'Grazie! Ma se pago dopo 2 anni invece di 3, quanto interesse pago?', 'genuine_followup', 'grounding.'],
  [qLoan, aLoan, '为什么是180？你能再算算看看吗？', 'genuine_followup', 'grounding.'],
  [qLoan, aLoan, 'ถ้าดอกเบี้ย 5% แต่ยืม 4 ปี จะจ่ายดอกเบี้ยเท่าไหร่ครับ', 'genuine_followup', 'grounding.'],
  // A hook in another script without the exchange's numbers is not tied to it: a new question, as in English.
  [qLoan, aLoan, 'Почему небо голубое? Объясни физику рассеяния света.', 'new_unrelated_query', 'grounding.'],
  [qLoan, aLoan, 'Super Mario est-il un bon jeu pour apprendre les maths ?', 'new_unrelated_query', 'grounding.'],
];

testRuleCases('heuristic-v10 (languages)', mlCases);

test('text that only names a token, in a sentence of its own, is still judged as a whole', () => {
  // "<|eot|>" written by a user asking about their tokenizer is cut as a marker too (the rule cannot tell), so the
  // turn is judged on the text before it, which is a question about the answer's numbers here.
  const hit = classifyUserTurn(qRice, aRice, 'With 3 cups of water for 2 cups, why does my tokenizer print <|eot|> after every reply?');
  assert.notEqual(hit.label, 'empty_or_degenerate');
});
