import { testRuleCases, testTodoCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';

// heuristic-v14: who is speaking. The model going on as the assistant (correcting its own answer, offering more,
// answering a question nobody asked, an answer header) in ten languages, against users who quote, correct, test or
// thank; and the question restated in another script against a follow-up or a new task in that script. The exchanges
// are the author's own, written before the rules changed (questions from gsm8k, mt_bench, vicuna_bench and ifeval);
// none is in a labelled set or a control.
const qMary =
  'Mary is an avid gardener. Yesterday, she received 18 new potted plants from her favorite plant nursery. She already has 2 potted plants on each of the 40 window ledges of her large country home. Feeling generous, she has decided that she will give 1 potted plant from each ledge to friends and family tomorrow. How many potted plants will Mary remain with?';
const aMary =
  'Before the delivery Mary had 2 × 40 = 80 potted plants. With the 18 new ones she has 80 + 18 = 98. She gives away 1 plant from each of the 40 ledges, so 40 plants leave: 98 − 40 = 58.\n\nMary will remain with 58 potted plants.';
const qSue =
  'On Monday, Sue ate 4 times as many cookies as her sister. On Tuesday, she ate twice as many cookies as her sister. Her sister ate 5 cookies on Monday and 13 the next day. If 1 cookie has 200 calories, how many more calories did Sue consume than her sister?';
const aSue =
  'Monday: Sue ate 4 × 5 = 20 cookies. Tuesday: she ate 2 × 13 = 26 cookies. Sue ate 20 + 26 = 46 cookies in total, her sister 5 + 13 = 18. The difference is 46 − 18 = 28 cookies, and 28 × 200 = 5,600 calories.\n\nSue consumed 5,600 more calories than her sister.';
const qLap = 'The price of a laptop is $1000. If you get a 20% discount, how much do you have to pay?';
const aLap = 'A 20% discount on $1000 is 0.20 × 1000 = $200. You pay $1000 − $200 = $800.\n\nYou have to pay $800.';
const qQc = 'Can you explain the basics of quantum computing?';
const aQc =
  'Quantum computing uses the rules of quantum mechanics to process information.\n\n1. **Qubits**: unlike a classical bit, which is 0 or 1, a qubit can be in a superposition of both.\n2. **Superposition**: n qubits can represent 2^n states at once.\n3. **Entanglement**: qubits can be linked so that measuring one tells you about the other.\n4. **Interference**: algorithms amplify the amplitudes of correct answers and cancel wrong ones.\n\nQuantum computers are still small and error-prone, but they promise speed-ups for factoring, search and simulating molecules.';
const qMap = 'Why might someone choose to use a paper map or ask for directions instead of relying on a GPS device or smartphone app?';
const aMap =
  'Several reasons:\n\n- **No signal or battery needed**: a paper map works in remote areas where GPS loses reception and phones run out of power.\n- **The big picture**: a map shows the whole region, which helps people plan and remember routes.\n- **Local knowledge**: locals know about road works, closures and shortcuts an app may miss.\n- **Privacy**: no location data is shared.\n- **Enjoyment**: some travellers simply like reading maps.';
const qTop = 'Develop a Python program that reads all the text files under a directory and returns top-5 words with the most number of occurrences.';
const aTop =
  "```python\nimport os\nimport re\nfrom collections import Counter\n\ndef top_words(directory, n=5):\n    counts = Counter()\n    for name in os.listdir(directory):\n        if name.endswith('.txt'):\n            with open(os.path.join(directory, name), encoding='utf-8') as f:\n                counts.update(re.findall(r'\\w+', f.read().lower()))\n    return counts.most_common(n)\n\nprint(top_words('docs'))\n```\n\nThe program lowercases the text, splits it into words with a regular expression and lets `Counter.most_common` pick the five most frequent.";
const qSat =
  "Consider a satellite that is in a circular orbit around the Earth. The speed of the satellite decreases. What will happen to the satellite's orbital radius and period of revolution? Please justify your answer using principles of physics.";
const aSat =
  'For a circular orbit the gravitational force supplies the centripetal force: GMm/r² = mv²/r, so v = √(GM/r). If the speed decreases, the satellite can no longer stay at radius r: gravity pulls it inward and it moves to a lower orbit, so the orbital radius decreases. By Kepler\'s third law, T² ∝ r³, a smaller radius means a shorter period of revolution.';
const qTweet = "make a tweet for playboy's twitter account without using capital letters. Include at least 4 hashtags, starting with '#'";
const aTweet = 'new year, new views. our january issue is here and it is bold, warm and a little bit wild. grab your copy today. #playboy #newissue #january #readmore';

const cases: RuleCase[] = [
  // The assistant correcting its own answer: the speaker wrote the text "above".
  [qMary, aMary, 'Wait, I made an error above. She gives away 40 plants, not 20, so the correct total is 98 − 40 = 58 potted plants.', 'identity_leakage', 'leakage.'],
  [qLap, aLap, 'Let me recalculate to be sure: 20% of 1000 is 200, and 1000 minus 200 leaves 800. The price after the discount is $800.', 'identity_leakage', 'leakage.'],
  [qSue, aSue, 'I apologize for the error in my previous response. Sue ate 46 cookies and her sister 18, so the difference is 28 cookies, or 5,600 calories.', 'identity_leakage', 'leakage.'],
  [qMary, aMary, 'Correction: in my previous message I counted the 18 new plants twice. The final count is still 58 potted plants.', 'identity_leakage', 'leakage.'],
  // Offers, sign-offs and the helper going on with the topic.
  [qSue, aSue, 'Would you like me to break down the calories for each day separately?', 'identity_leakage', 'leakage.'],
  [qLap, aLap, "Let me know if you'd like to see how the price changes with a 25% discount as well.", 'identity_leakage', 'leakage.'],
  [qQc, aQc, 'I hope this helps you understand the basics of quantum computing!', 'identity_leakage', 'leakage.'],
  [qQc, aQc, '5. **Decoherence**: qubits lose their quantum state when they interact with the environment, which is why quantum computers are kept near absolute zero.', 'identity_leakage', 'leakage.'],
  [qTop, aTop, 'If you want, I can also show a version that skips common stop words like "the" and "and".', 'identity_leakage', 'leakage.'],
  [qQc, aQc, "As an AI, I don't have a quantum computer of my own, but IBM and Google let researchers run circuits on theirs over the cloud.", 'identity_leakage', 'leakage.'],
  // A question nobody asked, answered; an answer header and the answer again.
  [qSat, aSat, 'You might wonder why the satellite speeds up as it falls to a lower orbit. That is because gravitational potential energy turns into kinetic energy as the radius shrinks.', 'identity_leakage', 'leakage.'],
  [qSat, aSat, 'Q: Does the satellite speed up after it drops? A: Yes. In the lower orbit v = √(GM/r) is larger, so it ends up moving faster than before.', 'identity_leakage', 'leakage.'],
  [qLap, aLap, '**Answer:** You have to pay $800 after the 20% discount.', 'identity_leakage', 'leakage.'],
  [qMary, aMary, 'Solution:\nMary has 2 × 40 = 80 plants, plus 18 makes 98. She gives away 40, so she keeps 58.', 'identity_leakage', 'leakage.'],
  // The same in other languages: self-corrections, offers, the speaker's own earlier answer.
  [qMary, aMary, '等一下，我上面算错了。她送出的是40盆，所以正确的答案是98 − 40 = 58盆。', 'identity_leakage', 'leakage.'],
  [qTop, aTop, '如果你愿意，我还可以给你写一个忽略停用词的版本。', 'identity_leakage', 'leakage.'],
  [qMary, aMary, '申し訳ありません、上記の計算に誤りがありました。正しくは58鉢です。', 'identity_leakage', 'leakage.'],
  [qTop, aTop, 'ストップワードを除外するバージョンも作成できますので、必要であればお知らせください。', 'identity_leakage', 'leakage.'],
  [qTop, aTop, 'Если хотите, я могу также показать версию, которая обрабатывает файлы параллельно.', 'identity_leakage', 'leakage.'],
  [qSue, aSue, 'Прошу прощения, в моём расчёте выше была ошибка: правильный ответ — 5600 калорий.', 'identity_leakage', 'leakage.'],
  [qLap, aLap, 'Corrijo mi respuesta anterior: el descuento es de 200 dólares, así que pagas 800 dólares.', 'identity_leakage', 'leakage.'],
  [qQc, aQc, 'Si lo deseas, puedo mostrarte un ejemplo sencillo de un circuito cuántico.', 'identity_leakage', 'leakage.'],
  [qMary, aMary, 'Korrektur: In meiner vorherigen Antwort habe ich mich verrechnet. Richtig sind 58 Pflanzen.', 'identity_leakage', 'leakage.'],
  [qSat, aSat, 'Petite correction : dans ma réponse précédente, j\'ai oublié de préciser que l\'énergie totale du satellite diminue.', 'identity_leakage', 'leakage.'],
  [qMary, aMary, 'عذراً، لقد ارتكبت خطأ في الحساب أعلاه. الإجابة الصحيحة هي 58 نبتة.', 'identity_leakage', 'leakage.'],
  [qTop, aTop, '원하시면 파일을 병렬로 처리하는 버전도 보여드릴 수 있습니다.', 'identity_leakage', 'leakage.'],
  [qSue, aSue, '죄송합니다, 위의 계산에 실수가 있었습니다. 정답은 5,600칼로리입니다.', 'identity_leakage', 'leakage.'],
  [qTop, aTop, 'अगर आप चाहें तो मैं एक ऐसा संस्करण भी दिखा सकता हूँ जो फ़ाइलों को समानांतर में पढ़ता है।', 'identity_leakage', 'leakage.'],
  [qMary, aMary, 'माफ़ कीजिए, ऊपर मेरी गणना में गलती थी। सही उत्तर 58 है।', 'identity_leakage', 'leakage.'],

  // Users who look like the assistant: quoting it, correcting it, testing its code, checking their own solution.
  [qMary, aMary, 'You said she gives away 40 plants, but shouldn\'t they come out of the 80 she had before, not the 98?', 'genuine_followup', 'grounding.'],
  [qSue, aSue, 'Wait, I think you made an error in step 2: is it really 2 × 13 = 26 cookies on Tuesday?', 'genuine_followup', 'grounding.'],
  [qTop, aTop, 'I tried your code and it crashes with UnicodeDecodeError on some of the files. How do I fix that?', 'genuine_followup', 'grounding.'],
  [qTop, aTop, "Here's my version:\n```python\nfrom collections import Counter\nfrom pathlib import Path\nwords = Counter(w for p in Path('docs').glob('*.txt') for w in p.read_text().lower().split())\nprint(words.most_common(5))\n```\nIs this equivalent to yours, or does the regex make a difference?", 'genuine_followup', 'grounding.'],
  [qSat, aSat, 'Thanks! But why does the period get shorter if the satellite is moving more slowly?', 'genuine_followup', 'grounding.'],
  [qMary, aMary, 'I got 58 too, but I did it as 80 − 40 + 18. Is that also valid?', 'genuine_followup', 'grounding.'],
  [qLap, aLap, 'I made a mistake in my question: the laptop actually costs $1200. What would I pay then?', 'genuine_followup', 'grounding.'],
  [qLap, aLap, 'Let me make sure I understand: the $200 is taken off before tax, right?', 'genuine_followup', 'grounding.'],
  [qSue, aSue, '等一下，你第二步是不是算错了？2×13应该是26吧？', 'genuine_followup', 'grounding.'],
  [qTop, aTop, '我试了你的代码，但是遇到了UnicodeDecodeError，怎么办？', 'genuine_followup', 'grounding.'],
  [qMary, aMary, 'さっきの答えで40鉢を配るとありましたが、なぜ98から引くのですか？', 'genuine_followup', 'grounding.'],
  [qMary, aMary, 'Вы написали, что она отдаст 40 горшков. Почему не 80?', 'genuine_followup', 'grounding.'],
  [qSue, aSue, 'Creo que te equivocaste en el paso 2: ¿no debería ser 26 galletas el martes?', 'genuine_followup', 'grounding.'],
  [qTop, aTop, 'Ich habe deinen Code ausprobiert, aber er liest keine Unterordner. Wie kann ich das ändern?', 'genuine_followup', 'grounding.'],
  [qSat, aSat, 'Merci ! Mais pourquoi la période diminue-t-elle si le satellite ralentit ?', 'genuine_followup', 'grounding.'],
  [qSue, aSue, 'أعتقد أنك أخطأت في الخطوة الثانية، أليس المجموع 46 وليس 36؟', 'genuine_followup', 'grounding.'],
  [qMary, aMary, 'आपने कहा कि वह 40 पौधे देगी, लेकिन 98 में से क्यों घटाया?', 'genuine_followup', 'grounding.'],

  // The question restated in another script: it shares the question's numbers, names and length, not its words.
  [qLap, aLap, '一台笔记本电脑的价格是1000美元。如果有20%的折扣，你需要付多少钱？', 'prompt_restatement', 'restatement.'],
  [qMap, aMap, 'Почему кто-то может предпочесть бумажную карту или спросить дорогу вместо того, чтобы полагаться на GPS или приложение на смартфоне?', 'prompt_restatement', 'restatement.'],
  [qTop, aTop, '开发一个Python程序，读取目录下所有的文本文件，并返回出现次数最多的前5个单词。', 'prompt_restatement', 'restatement.'],
  [qMary, aMary, 'मैरी के पास 40 खिड़कियों पर 2-2 गमले हैं और कल उसे 18 नए गमले मिले। अगर वह हर खिड़की से 1 गमला दे दे, तो उसके पास कितने गमले बचेंगे?', 'prompt_restatement', 'restatement.'],
  [qLap, aLap, 'سعر الحاسوب المحمول 1000 دولار. إذا حصلت على خصم 20%، فكم يجب أن تدفع؟', 'prompt_restatement', 'restatement.'],
  // A follow-up in that script, grounded in the answer (its numbers, code names, "your explanation").
  [qLap, aLap, '为什么是1000减去200，而不是直接乘以0.8？', 'genuine_followup', 'grounding.'],
  [qQc, aQc, 'あなたの説明にあった重ね合わせともつれの違いがまだよく分かりません。もう少し具体的に教えてもらえますか？', 'genuine_followup', 'grounding.'],
  [qMap, aMap, 'Вы упомянули, что GPS может терять сигнал. А в каких местах это происходит чаще всего?', 'genuine_followup', 'grounding.'],
  [qTop, aTop, '你的代码里用的Counter.most_common(5)，如果两个单词出现次数一样，会怎么排序？', 'genuine_followup', 'grounding.'],
  [qSat, aSat, '위에서 반지름이 줄어든다고 하셨는데, 그러면 위성의 속도는 다시 빨라지나요?', 'genuine_followup', 'grounding.'],
  [qQc, aQc, 'ذكرت في إجابتك أن الكيوبت يمكن أن يكون 0 و1 في نفس الوقت، فكيف يتم قياسه إذن؟', 'genuine_followup', 'grounding.'],
  // A new task in that script.
  [qQc, aQc, 'ブロックチェーンの仕組みを簡単に説明してください。', 'new_unrelated_query', ''],
  [qMap, aMap, 'Напишите короткое стихотворение о зимнем лесе.', 'new_unrelated_query', ''],
  [qTop, aTop, '用JavaScript写一个函数，判断一个字符串是否是回文。', 'new_unrelated_query', ''],
  [qSat, aSat, '광합성의 과정을 단계별로 설명해 주세요.', 'new_unrelated_query', ''],
  [qTweet, aTweet, 'اكتب قصيدة قصيرة عن البحر في الليل.', 'new_unrelated_query', ''],
  // New tasks that borrow a follow-up's opening.
  [qTop, aTop, 'Can you also write a function that checks whether a number is prime?', 'new_unrelated_query', ''],
  [qQc, aQc, 'Great, now explain how photosynthesis works in simple terms.', 'new_unrelated_query', ''],
];

// Look-alikes the first draft of the rules got wrong, added while writing them: a user fixing their own question "above",
// a user's own earlier message, and a coding request translated with another subject (the language is its form).
cases.push(
  [qLap, aLap, 'I made a mistake above, I meant $1200, not $1000.', 'genuine_followup', 'grounding.'],
  [qLap, aLap, 'In my previous message I forgot to say the price includes tax.', 'genuine_followup', 'grounding.'],
  [qTop, aTop, 'Напишите программу на Python, которая считает строки во всех файлах каталога.', 'new_unrelated_query', 'grounding.'],
);

testRuleCases('heuristic-v14', cases);

// Not recognised by v14 (written before the rules, kept as todo): a translation that keeps no number and no Latin
// term shares nothing a lexical judge can match; it would need a dictionary.
const untranslatable: RuleCase[] = [
  [qQc, aQc, '量子コンピューティングの基本を説明してもらえますか？', 'prompt_restatement', 'restatement.'],
  [qSat, aSat, '지구 주위를 원 궤도로 도는 위성의 속도가 감소하면 궤도 반지름과 공전 주기는 어떻게 되나요? 물리학 원리로 설명해 주세요.', 'prompt_restatement', 'restatement.'],
];
testTodoCases('heuristic-v14', untranslatable, 'a translation with no anchor');
