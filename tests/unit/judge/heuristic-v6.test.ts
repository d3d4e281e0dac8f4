import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { classifyUserTurn } from '../../../runners/judge/heuristic/classify.ts';
import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import { loadLabelledSet } from '../../../runners/judge/labelled/load.ts';
import { scoreJudge } from '../../../runners/judge/calibration/score.ts';
import { wordingKeys, words } from '../../../runners/judge/heuristic/text/tokens.ts';

// heuristic-v6 rules, one case per rule and language family. The exchanges here are not in any calibration set.
const qMath = 'Lena buys 3 notebooks at $4.50 each and a backpack for $27. How much does she spend in total?';
const aMath = 'The notebooks cost 3 × 4.50 = $13.50. With the backpack: 13.50 + 27 = **$40.50** in total.';
const qTrip = 'What should I pack for a week of hiking in Patagonia in March?';
const aTrip =
  'For a week of hiking in Patagonia in March, pack:\n\n- A waterproof shell and a warm fleece (wind is constant)\n- Broken-in boots and merino socks\n- A 0 °C sleeping bag if you camp\n- Sunscreen: the UV is strong even when it is cold\n\nWould you like a printable checklist?';
const qPt = 'Como posso economizar energia em casa no inverno?';
const aPt = 'Algumas dicas: vede as frestas das janelas, use cortinas grossas à noite, regule o aquecedor para 20 °C e desligue aparelhos em stand-by.';
const qKo = '부산에서 하루 동안 가 볼 만한 곳을 추천해 주세요.';
const aKo = '해운대 해수욕장, 감천문화마을, 자갈치시장을 추천합니다. 저녁에는 광안대교 야경을 꼭 보세요.';

const cases: RuleCase[] = [
  // Restatement without shared surface words: the same numbers, another language.
  [qMath, aMath, 'Lena kauft 3 Hefte zu je 4,50 $ und einen Rucksack für 27 $. Wie viel gibt sie insgesamt aus?', 'prompt_restatement', 'restatement.same_numbers'],
  // Paraphrase by wording keys (politely framed, same language).
  [qTrip, aTrip, "Hi! I'm going hiking in Patagonia for a week in March. What do you think I should pack?", 'prompt_restatement', 'restatement.'],
  [qKo, aKo, '부산에 하루 여행 가는데 가 볼 만한 곳 좀 추천해 줄 수 있나요?', 'prompt_restatement', 'restatement.paraphrase'],
  // A follow-up that uses the question's words but asks a variation is not a restatement.
  [qMath, aMath, 'What if the backpack were on sale for $20?', 'genuine_followup', 'grounding.'],
  // The helper's register by structure: explaining to "you", presenting an answer, in several languages.
  [qTrip, aTrip, 'If you camp near Torres del Paine, you should book the campsites months in advance, since they fill up quickly.', 'identity_leakage', 'leakage.explains_to_you'],
  [qPt, aPt, 'Se você tiver piso frio, um tapete grosso também ajuda a manter o calor no ambiente.', 'identity_leakage', 'leakage.explains_to_you'],
  [qKo, aKo, '도움이 되었으면 좋겠습니다! 궁금한 점이 있으시면 언제든지 물어보세요.', 'identity_leakage', 'leakage.'],
  [qPt, aPt, 'Claro! Aqui está uma lista de verificação para o inverno: janelas, cortinas, aquecedor.', 'identity_leakage', 'leakage.helper_first_person'],
  // An instruction to "you" is the user's register, not the helper's.
  [qTrip, aTrip, 'You should answer in Spanish from now on.', 'genuine_followup', 'grounding.'],
  // Plans of the reply by structure.
  [qMath, aMath, 'First I will multiply the notebooks, then add the backpack, and finally state the total.', 'meta_planning', 'planning.sequence'],
  [qPt, aPt, 'O usuário quer dicas de economia. Vou listar quatro medidas simples.', 'meta_planning', 'planning.language'],
  [qKo, aKo, '사용자는 부산 여행지를 묻고 있다. 지역별로 정리해야겠다.', 'meta_planning', 'planning.language'],
  [qMath, aMath, 'Step 1: price of the notebooks. Step 2: add the backpack. Step 3: write the total in bold.', 'meta_planning', 'planning.step_list'],
  // Short closings in the new languages and with unlisted words.
  [qPt, aPt, 'Valeu, vou testar hoje mesmo! 🙌', 'generic_closing', 'closing.'],
  [qKo, aKo, '감사합니다 😊', 'generic_closing', 'closing.'],
  [qTrip, aTrip, 'Super helpful, cheers mate', 'generic_closing', 'closing.'],
  // A closing that asks something is not a closing.
  [qTrip, aTrip, 'Thanks! Is merino really warmer than wool?', 'genuine_followup', 'grounding.'],
  // Defaults when no cue fires: a fragment leaning on the conversation, a short statement of context.
  [qTrip, aTrip, 'And in December?', 'genuine_followup', 'grounding.'],
  [qTrip, aTrip, 'I will only stay in refugios, no tent.', 'genuine_followup', 'grounding.'],
  // A word only the answer brought up, leading a short question.
  [qKo, aKo, '감천문화마을은 입장료가 있나요?', 'genuine_followup', 'grounding.'],
  // A new request in a new language stays a new request.
  [qPt, aPt, 'Qual é a capital do Canadá?', 'new_unrelated_query', 'grounding.'],
  [qKo, aKo, '파이썬으로 리스트를 정렬하는 방법을 알려 주세요.', 'new_unrelated_query', 'grounding.'],
];

testRuleCases('heuristic-v6', cases);

test('words split at script changes and key Korean words by their first two syllables; wording keys compare CJK by character bigrams', () => {
  assert.deepEqual(words('Anki는 사과를'), ['anki', '는', '사과']);
  const keys = wordingKeys('绿茶和红茶');
  assert.ok(keys.has('绿茶') && keys.has('红茶'));
  assert.ok(!wordingKeys('です').has('です'), 'two kana are grammar, not wording');
});

test('development set calibration-dev-v6 (written with the v6 rules, an after set): macro-F1 >= 0.9', async () => {
  const items = loadLabelledSet(join(import.meta.dirname, '..', '..', 'calibration-dev-v6'));
  assert.ok(items.length >= 140, `only ${items.length} items`);
  const s = await scoreJudge(createHeuristicJudge(), items);
  assert.ok(s.report.macroF1 >= 0.9, `macro-F1 ${s.report.macroF1}`);
});

test('heuristic-v6: a plain-register monologue in Korean or Japanese is planning; a polite statement is not', () => {
  assert.equal(classifyUserTurn(qKo, aKo, '부산 여행지를 물었다. 해운대와 감천문화마을을 먼저 소개하고 야경으로 마무리하자.').label, 'meta_planning');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'パタゴニアの装備について聞かれている。防水のジャケットを最初に挙げるのがいい。').label, 'meta_planning');
  assert.notEqual(classifyUserTurn(qKo, aKo, '저는 해운대에 가 본 적이 있습니다.').label, 'meta_planning');
});

test('heuristic-v6: a question with its subject left out leans on the answer; an opening "¿" does not make a name', () => {
  const q = 'Escribe una función en Python que cuente las vocales de un texto.';
  const a = '```python\ndef contar_vocales(texto):\n    return sum(1 for c in texto.lower() if c in "aeiouáéíóú")\n```';
  assert.equal(classifyUserTurn(q, a, '¿Funciona también con mayúsculas?').label, 'genuine_followup');
  assert.equal(classifyUserTurn(q, a, '¿Cuál es la montaña más alta de África?').label, 'new_unrelated_query');
  assert.equal(classifyUserTurn(qTrip, aTrip, "You'll also want trekking poles for the descents near the glaciers.").label, 'identity_leakage');
});

test('heuristic-v6: requests to modify the answer and inverted German advice, across languages', () => {
  const q = '帮我写一句生日祝福，送给我的同事。';
  const a = '祝你生日快乐，工作顺利，天天开心！';
  assert.equal(classifyUserTurn(q, a, '能不能写得更正式一点？').label, 'genuine_followup');
  assert.equal(classifyUserTurn(qKo, aKo, '해운대 대신 다른 바다를 추천해 주세요.').label, 'genuine_followup');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Wenn es regnet, solltest du die Route über den Pass meiden.').label, 'identity_leakage');
});

test('heuristic-v6: subjectless notes about the reply, impersonal advice, worked sums in any currency, casual Korean closings', () => {
  assert.equal(classifyUserTurn(qMath, aMath, 'Multiply first, then add. Should mention the unit price too.').label, 'meta_planning');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'En marzo conviene llevar también guantes finos para el viento.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qPt, aPt, 'Com a tarifa a R$ 0,80 o kWh, 100 kWh custam 100 × 0,80 = R$ 80,00.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qKo, aKo, '오 좋네요 ㅋㅋ 가 볼게요!').label, 'generic_closing');
  // A note with a question mark is a question, not a note.
  assert.notEqual(classifyUserTurn(qMath, aMath, 'Should I mention the unit price too?').label, 'meta_planning');
});

test('heuristic-v6: imperative requests without "?" are queries; additive openers continue the answer unless the speaker talks about themselves', () => {
  assert.equal(classifyUserTurn(qPt, aPt, 'Recomende três séries brasileiras para assistir no fim de semana.').label, 'new_unrelated_query');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Also, the weather in Patagonia can change within minutes, so layers matter more than a single heavy jacket.').label, 'identity_leakage');
  assert.notEqual(classifyUserTurn(qTrip, aTrip, "Also, I'm vegetarian and will carry all my food.").label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, 'Zur Probe: 3 × (4,50 + 9) = 40,50 $, das stimmt.').label, 'identity_leakage');
});

test('heuristic-v6: the same request about another named subject is new; a restatement adds no name', () => {
  const q = 'Write a 100-word summary of the causes of World War I, in a neutral tone.';
  const a = 'World War I arose from rival alliances, militarism, imperial competition and nationalism; the assassination of Archduke Franz Ferdinand in 1914 triggered it.';
  assert.equal(classifyUserTurn(q, a, 'Write a 100-word summary of the causes of the Russian Revolution.').label, 'new_unrelated_query');
  assert.equal(classifyUserTurn(q, a, 'Can you write a neutral 100-word summary of what caused World War I?').label, 'prompt_restatement');
  assert.equal(classifyUserTurn(q, a, 'I kept the tone neutral as requested; the summary is exactly 100 words.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(q, a, 'Avoid naming too many dates, since that can make the summary feel like a list.').label, 'identity_leakage');
});

test('heuristic-v6: English notes to the reader and notes to oneself', () => {
  assert.equal(classifyUserTurn(qMath, aMath, 'Note that the backpack price already includes tax, so nothing else is added.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Hope that clears things up! Happy hiking 🥾').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, 'Unit price problem. Multiply, add the backpack, answer in dollars.').label, 'meta_planning');
  assert.equal(classifyUserTurn(qTrip, aTrip, "I'll suggest layers first since wind is the main issue. Keep the list short.").label, 'meta_planning');
  // A user's plan for themselves is not a plan of the reply.
  assert.notEqual(classifyUserTurn(qTrip, aTrip, "I'll try to rent the boots there.").label, 'meta_planning');
});

test('heuristic-v6: "if … matters to you" advice, requests for less or more of something, Chinese subjectless plans', () => {
  assert.equal(classifyUserTurn(qTrip, aTrip, 'If weight matters most to you, a down jacket packs smaller than fleece.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Etwas kürzer bitte, und ohne Emojis.').label, 'genuine_followup');
  assert.equal(classifyUserTurn(qTrip, aTrip, '需要列出外套、鞋子和睡袋，每项简单说明即可。').label, 'meta_planning');
});

test('heuristic-v6: "Show, valeu!", the assistant describing its rewrite, infinitive steps', () => {
  assert.equal(classifyUserTurn(qPt, aPt, 'Show de bola, valeu!').label, 'generic_closing');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'This version keeps the list short while adding the essentials for wind.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, 'Calculer 3 × 4,50, puis ajouter 27. Donner le total en dollars.').label, 'meta_planning');
  assert.notEqual(classifyUserTurn(qTrip, aTrip, 'This version is too long for a checklist.').label, 'identity_leakage');
});

test('heuristic-v6: "I have a question." framing is not a label for the question; summaries and service directions are the helper', () => {
  assert.equal(classifyUserTurn(qMath, aMath, 'I have a question. Lena buys 3 notebooks at $4.50 each and a backpack for $27. How much does she spend in total?').label, 'prompt_restatement');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'In short, pack for wind and rain first and for cold second, since the weather changes fast.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'なお、山小屋は事前予約が必要な場合がありますので、公式サイトをご確認ください。').label, 'identity_leakage');
});

test('heuristic-v6: "Remember, …", "참고로", Korean conditionals, "another one", praise, requests in a later sentence', () => {
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Remember, the wind is what makes it feel cold, not the temperature itself.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qKo, aKo, '참고로 감천문화마을은 오르막길이 많아서 편한 신발을 신고 가시는 것이 좋습니다.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qKo, aKo, '비가 오면 어디를 가는 게 좋을까요?').label, 'genuine_followup');
  assert.equal(classifyUserTurn(qPt, aPt, 'Amei! Pode fazer outro, mas para o verão?').label, 'genuine_followup');
  assert.equal(classifyUserTurn(qPt, aPt, 'Que lindo 😍').label, 'generic_closing');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Wan Wan is a villain in a film. Write a story about her in list format.').label, 'new_unrelated_query');
});

test('heuristic-v6: talk about the next user message, praise of the question, CJK three-step plans, restated results', () => {
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Likely next question from the user: gloves or boots. Going with boots.').label, 'meta_planning');
  assert.equal(classifyUserTurn(qTrip, aTrip, "That's a great follow-up! Merino keeps you warm even when it is damp.").label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, '先算笔记本，再加书包，最后写出总价。').label, 'meta_planning');
  assert.equal(classifyUserTurn(qMath, aMath, '所以笔记本一共13.50美元，总共40.50美元。').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, 'So the total is 40.50?').label, 'genuine_followup');
});

test('heuristic-v6: a "?" inside code asks nothing; "Check:" verifies as the helper; "Answer: … Mention …" is a plan', () => {
  assert.equal(classifyUserTurn(qTrip, aTrip, 'If you also want rain covers, you can match them with the pattern `cover(s)?` in the shop search.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, 'Check: 13.50 + 27 = 40.50, so the total is right.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qTrip, aTrip, 'Answer: layers. Mention wind, give the boot advice, end with the checklist offer.').label, 'meta_planning');
});

test('heuristic-v6: tips offered as such; Japanese conditionals are hooks', () => {
  assert.equal(classifyUserTurn(qPt, aPt, 'Un truco útil es cerrar las cortinas al anochecer; así el calor no se escapa.').label, 'identity_leakage');
  assert.equal(classifyUserTurn(qMath, aMath, 'バックパックを20ドルにすると合計はいくらですか？').label, 'genuine_followup');
});
