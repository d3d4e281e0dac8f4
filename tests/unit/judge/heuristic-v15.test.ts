import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testRuleCases, testTodoCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';

// heuristic-v15: genuine_followup against new_unrelated_query, both ways. Follow-ups that read as new tasks (the user's
// own data, code or situation then a question about the answer, a neighbouring aspect of the topic, an implicit
// reference, the answer's method on a new case, "related to this" then a shift) and new tasks that read as follow-ups
// (an adjacent topic, an opener then an independent question, a similar problem with other entities, a new coding task
// in the same language, a question reusing a generic word, a long task with its own material). The exchanges are the
// author's own, written before the rules changed (questions from gsm8k, mt_bench, vicuna_bench and ifeval); none is in
// a labelled set or a control.
const qStress = 'What are the most effective ways to deal with stress?';
const aStress =
  'Some of the most effective ways to deal with stress are:\n\n1. **Exercise regularly**: physical activity releases endorphins and lowers cortisol.\n2. **Sleep well**: aim for 7-9 hours and keep a regular schedule.\n3. **Practice mindfulness or meditation**: even 10 minutes of deep breathing calms the nervous system.\n4. **Talk to someone**: friends, family or a therapist can help you put problems in perspective.\n5. **Manage your time**: break big tasks into small steps and learn to say no.\n6. **Limit caffeine and alcohol**: both can make anxiety worse.';
const qJanet =
  "Janet’s ducks lay 16 eggs per day. She eats three for breakfast every morning and bakes muffins for her friends every day with four. She sells the remainder at the farmers' market daily for $2 per fresh duck egg. How much in dollars does she make every day at the farmers' market?";
const aJanet = 'Janet uses 3 + 4 = 7 eggs a day, so she sells 16 − 7 = 9 eggs. At $2 each she makes 9 × 2 = $18.\n\nJanet makes $18 every day at the farmers\' market.';
const qLap = 'The price of a laptop is $1000. If you get a 20% discount, how much do you have to pay?';
const aLap = 'A 20% discount on $1000 is 0.20 × 1000 = $200. You pay $1000 − $200 = $800.\n\nYou have to pay $800.';
const qMap = 'Why might someone choose to use a paper map or ask for directions instead of relying on a GPS device or smartphone app?';
const aMap =
  'Several reasons:\n\n- **No signal or battery needed**: a paper map works in remote areas where GPS loses reception and phones run out of power.\n- **The big picture**: a map shows the whole region, which helps people plan and remember routes.\n- **Local knowledge**: locals know about road works, closures and shortcuts an app may miss.\n- **Privacy**: no location data is shared.\n- **Enjoyment**: some travellers simply like reading maps.';
const qSat =
  "Consider a satellite that is in a circular orbit around the Earth. The speed of the satellite decreases. What will happen to the satellite's orbital radius and period of revolution? Please justify your answer using principles of physics.";
const aSat =
  "For a circular orbit the gravitational force supplies the centripetal force: GMm/r² = mv²/r, so v = √(GM/r). If the speed decreases, the satellite can no longer stay at radius r: gravity pulls it inward and it moves to a lower orbit, so the orbital radius decreases. By Kepler's third law, T² ∝ r³, a smaller radius means a shorter period of revolution.";
const qTop = 'Develop a Python program that reads all the text files under a directory and returns top-5 words with the most number of occurrences.';
const aTop =
  "```python\nimport os\nimport re\nfrom collections import Counter\n\ndef top_words(directory, n=5):\n    counts = Counter()\n    for name in os.listdir(directory):\n        if name.endswith('.txt'):\n            with open(os.path.join(directory, name), encoding='utf-8') as f:\n                counts.update(re.findall(r'\\w+', f.read().lower()))\n    return counts.most_common(n)\n\nprint(top_words('docs'))\n```\n\nThe program lowercases the text, splits it into words with a regular expression and lets `Counter.most_common` pick the five most frequent.";
const qBoyer = 'Write a function to find the majority element in a given integer array using the Boyer-Moore Voting Algorithm.';
const aBoyer =
  "```python\ndef majority_element(nums):\n    candidate, count = None, 0\n    for x in nums:\n        if count == 0:\n            candidate = x\n        count += 1 if x == candidate else -1\n    if nums.count(candidate) > len(nums) // 2:\n        return candidate\n    return None\n```\n\nThe first pass keeps a candidate and a counter: equal elements add one, different ones cancel it. A second pass checks that the candidate really occurs more than n/2 times. Time O(n), space O(1).";
const qPoem = "Write a poem that's at least 350 words about the beauty of eucalyptus trees and their many uses.";
const aPoem =
  'Tall and silver in the morning light,\nthe eucalyptus sways from left to right,\nits peeling bark in ribbons pale and thin,\nits leaves a scent of rain upon the wind.\n\nThe koala sleeps within its arms all day,\nthe healer boils its oil to clear the way\nfor breath in winter, when the chest is tight,\nand sailors burned its wood to warm the night.\n\nFrom fence and floor to honey gold and sweet,\nthe gum tree gives, and asks for nothing back.';
const qQc = 'Can you explain the basics of quantum computing?';
const aQc =
  'Quantum computing uses the rules of quantum mechanics to process information.\n\n1. **Qubits**: unlike a classical bit, which is 0 or 1, a qubit can be in a superposition of both.\n2. **Superposition**: n qubits can represent 2^n states at once.\n3. **Entanglement**: qubits can be linked so that measuring one tells you about the other.\n4. **Interference**: algorithms amplify the amplitudes of correct answers and cancel wrong ones.\n\nQuantum computers are still small and error-prone, but they promise speed-ups for factoring, search and simulating molecules.';
const qTime = 'How can I improve my time management skills?';
const qMary =
  'Mary is an avid gardener. Yesterday, she received 18 new potted plants from her favorite plant nursery. She already has 2 potted plants on each of the 40 window ledges of her large country home. Feeling generous, she has decided that she will give 1 potted plant from each ledge to friends and family tomorrow. How many potted plants will Mary remain with?';
const aMary =
  'Before the delivery Mary had 2 × 40 = 80 potted plants. With the 18 new ones she has 80 + 18 = 98. She gives away 1 plant from each of the 40 ledges, so 40 plants leave: 98 − 40 = 58.\n\nMary will remain with 58 potted plants.';
const aTime =
  '1. **Set clear goals** and break them into daily tasks.\n2. **Prioritize** with the Eisenhower matrix: urgent and important first.\n3. **Use a calendar or to-do list** and plan the next day the evening before.\n4. **Time-block** your day and batch similar tasks.\n5. **Limit distractions**: silence notifications during focused work.\n6. **Review weekly** what worked and adjust.';

export const cases: RuleCase[] = [
  // Follow-ups that bring the user's own data, code or situation, then ask how the answer applies to it.
  [qTop, aTop, "My docs folder has about 3,000 files and a few of them are 500 MB log files. When I run this it takes forever and eats all my RAM. Is there a way to make it faster?", 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'I work night shifts as a nurse, twelve hours, three nights a week, and I have two small kids at home, so I barely sleep during the day. Exercise and meditation sound nice but I honestly have no time. Which of these would actually fit into a schedule like mine?', 'genuine_followup', 'grounding.'],
  [qTime, aTime, "Here's what a typical day looks like for me: meetings from 9 to 12, emails until 2, then I try to write reports but keep getting interrupted by chat messages until 6. Where would time-blocking fit in a day like that?", 'genuine_followup', 'grounding.'],
  [qBoyer, aBoyer, 'I ran it on my data:\n```python\nprint(majority_element([2, 2, 1, 1, 1, 2, 2]))\nprint(majority_element([3, 1, 2]))\n```\nThe first prints 2 but the second prints None. Is None the right result there?', 'genuine_followup', 'grounding.'],
  [qPoem, aPoem, "I wrote my own stanza to add to yours:\nThe river gum leans down to drink its fill,\nits shadow long upon the evening hill.\nDoes the rhythm match the rest of the poem?", 'genuine_followup', 'grounding.'],
  // A neighbouring aspect of the same topic.
  [qSat, aSat, 'How does this apply to the International Space Station, which keeps losing altitude because of atmospheric drag?', 'genuine_followup', 'grounding.'],
  [qQc, aQc, 'How far are we from quantum computers that can actually break RSA encryption?', 'genuine_followup', 'grounding.'],
  [qMap, aMap, 'Are there situations where relying on a paper map is actually more dangerous than GPS?', 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'How does long-term stress affect the immune system?', 'genuine_followup', 'grounding.'],
  [qTime, aTime, 'Which apps are good for time-blocking on a phone?', 'genuine_followup', 'grounding.'],
  // The answer referred to only implicitly.
  [qMap, aMap, 'Is that still true in winter?', 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'What about for kids?', 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'Does any of that work if you are a teenager?', 'genuine_followup', 'grounding.'],
  [qQc, aQc, 'So when will I be able to buy one?', 'genuine_followup', 'grounding.'],
  [qTime, aTime, 'What if my boss keeps changing my priorities every day?', 'genuine_followup', 'grounding.'],
  // The answer's method on a new case.
  [qJanet, aJanet, 'Can you use the same method for my chickens? They lay 10 eggs a day, we eat 2 and I sell the rest for $3 each.', 'genuine_followup', 'grounding.'],
  [qBoyer, aBoyer, 'Would the same voting trick work on a stream of numbers that is too big to store?', 'genuine_followup', 'grounding.'],
  [qSat, aSat, 'Could you do the same reasoning for the Moon orbiting the Earth?', 'genuine_followup', 'grounding.'],
  // An explicit link, then a shift.
  [qMap, aMap, 'Related to this, how do airline pilots navigate over the ocean when there is no ground signal?', 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'On a similar note, is it bad to drink coffee when you are anxious?', 'genuine_followup', 'grounding.'],
  [qQc, aQc, 'Speaking of entanglement, why do these machines have to be kept so cold?', 'genuine_followup', 'grounding.'],
  // The same in other languages.
  [qMap, aMap, '那冬天还适用吗？', 'genuine_followup', 'grounding.'],
  [qStress, aStress, '¿Y para los niños?', 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'Gilt das auch für Kinder?', 'genuine_followup', 'grounding.'],
  [qTime, aTime, "Et si je n'ai que dix minutes par jour, laquelle de ces méthodes choisir ?", 'genuine_followup', 'grounding.'],
  [qStress, aStress, '私は夜勤の看護師で、日中はほとんど眠れません。この中でどれが一番現実的ですか？', 'genuine_followup', 'grounding.'],
  [qSat, aSat, 'А как это работает для спутников на геостационарной орбите?', 'genuine_followup', 'grounding.'],

  // New tasks that read as follow-ups: an adjacent topic with no link to the answer.
  [qPoem, aPoem, 'Write a haiku about the ocean at night.', 'new_unrelated_query', 'grounding.'],
  [qPoem, aPoem, 'Now write a short story about a lighthouse keeper.', 'new_unrelated_query', 'grounding.'],
  [qStress, aStress, 'What are the best foods for building muscle?', 'new_unrelated_query', 'grounding.'],
  // A conversational opener, then an independent question.
  [qSat, aSat, "Thanks! Now, what's the capital of Peru?", 'new_unrelated_query', 'grounding.'],
  [qLap, aLap, 'Great. Next, who wrote Pride and Prejudice?', 'new_unrelated_query', 'grounding.'],
  [qMap, aMap, 'Cool, thanks. By the way, how do I make sourdough bread?', 'new_unrelated_query', 'grounding.'],
  // A similar word problem with other entities.
  [qJanet, aJanet, "Tom's hens lay 12 eggs per day. He uses 5 of them for cakes and sells the rest for $3 each. How much does he make a day?", 'new_unrelated_query', 'grounding.'],
  [qLap, aLap, 'A bike costs $450 and is on sale for 15% off. How much does it cost after the discount?', 'new_unrelated_query', 'grounding.'],
  // A new coding task in the same language.
  [qTop, aTop, 'Write a Python function that reverses a linked list.', 'new_unrelated_query', 'grounding.'],
  [qBoyer, aBoyer, 'Write a function to check whether a binary tree is balanced.', 'new_unrelated_query', 'grounding.'],
  // A question that reuses one or two generic words of the exchange.
  [qMap, aMap, 'Why might someone choose to rent an apartment instead of buying a house?', 'new_unrelated_query', 'grounding.'],
  // Labelled right under v14 already, by the question's template about another subject (restatement.new_subject).
  [qQc, aQc, 'Can you explain the basics of how a car engine works?', 'new_unrelated_query', ''],
  // A long self-contained task with its own pasted material.
  [qTop, aTop, 'Summarize the following paragraph in two sentences: "The city council met on Tuesday to discuss the new bus routes. Residents complained that the changes would cut service to the hospital, while the mayor argued that the new routes would save money and reduce traffic downtown. A final vote is expected next month."', 'new_unrelated_query', 'grounding.'],
  [qStress, aStress, 'Translate this email into formal German: "Hi Mark, thanks for sending the invoice. We will pay it by the end of the month. Could you also send us the delivery notes for March? Best, Anna"', 'new_unrelated_query', 'grounding.'],
  // The same in other languages.
  [qPoem, aPoem, '写一首关于大海的俳句。', 'new_unrelated_query', 'grounding.'],
  [qSat, aSat, '¡Gracias! Ahora, ¿cuál es la capital de Perú?', 'new_unrelated_query', 'grounding.'],
  [qTop, aTop, 'Schreibe eine Python-Funktion, die prüft, ob ein Wort ein Palindrom ist.', 'new_unrelated_query', 'grounding.'],
  [qStress, aStress, 'Quels sont les meilleurs moyens d’apprendre une nouvelle langue ?', 'new_unrelated_query', 'grounding.'],
  [qQc, aQc, 'Объясните, пожалуйста, основы работы двигателя внутреннего сгорания.', 'new_unrelated_query', 'grounding.'],
];

// Look-alikes of the new rules, added while writing them: a problem or a list the turn brings itself ("each of them",
// "which of these is a mammal: …"), a noun of its own after "which of these", a request to make something new after
// the user's situation, a Russian "а как" with no "это", "so who" about something else; and the follow-ups they keep.
cases.push(
  [qMary, aMary, 'Tom has three boxes. Each of them holds 12 pencils. How many pencils does he have?', 'new_unrelated_query', 'grounding.'],
  [qQc, aQc, 'Which of these is a mammal: whale, shark or trout?', 'new_unrelated_query', 'grounding.'],
  [qStress, aStress, 'Which of these guitars is best for a beginner?', 'new_unrelated_query', 'grounding.'],
  [qQc, aQc, 'Which of these qubits is easiest to build?', 'genuine_followup', 'grounding.partitive_reference'],
  [qTop, aTop, 'I have a folder of PDF files. Can you write a program that merges them into one?', 'new_unrelated_query', 'grounding.'],
  [qStress, aStress, 'My sister is getting married in June. What are some good wedding gift ideas?', 'new_unrelated_query', 'grounding.'],
  [qQc, aQc, 'I am a high school teacher. How would you explain superposition to 15-year-olds?', 'genuine_followup', 'grounding.own_situation'],
  [qSat, aSat, 'А как приготовить борщ?', 'new_unrelated_query', 'grounding.'],
  [qSat, aSat, 'Что это такое — чёрная дыра?', 'new_unrelated_query', 'grounding.'],
  [qSat, aSat, 'Как это влияет на период обращения?', 'genuine_followup', 'grounding.'],
  [qSat, aSat, 'So who won the World Cup in 2018?', 'new_unrelated_query', 'grounding.'],
  [qPoem, aPoem, 'Write a haiku about the koala sleeping in the tree.', 'genuine_followup', 'grounding.'],
);

testRuleCases('heuristic-v15', cases);

// Not recognised by v15 (dev cases written before the rules, kept as todo): "it" in "Could I afford it then?" has
// nothing in the turn to point to but no word of the exchange either; a question that reuses the question's frame
// ("the most effective ways to…") with one word the answer also used; a same-form question whose subject word
// ("management") the answer never repeats, read as a paraphrase.
const unsolved: RuleCase[] = [
  [qLap, aLap, "I'm a student and my budget is only $700. The store also gives students an extra 10% off. Could I afford it then?", 'genuine_followup', 'grounding.'],
  [qStress, aStress, 'What are the most effective ways to learn a new language?', 'new_unrelated_query', 'grounding.'],
  [qTime, aTime, 'How can I improve my public speaking skills?', 'new_unrelated_query', 'grounding.'],
];
testTodoCases('heuristic-v15', unsolved, 'no lexical tie or frame signal');

test('the rule-set version is heuristic-v15', () => {
  assert.equal(HEURISTIC_VERSION, 'heuristic-v15');
});
