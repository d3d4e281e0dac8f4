import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';

// heuristic-v7: turns that bring their own material (grounding.own_material, grounding.word_problem). The exchanges
// here are not in any labelled set or control.
const qBake = 'A bakery sells muffins for $3 each and cookies for $1.25 each. Priya buys 4 muffins and 6 cookies. How much does she pay?';
const aBake = 'Muffins: 4 × $3 = $12. Cookies: 6 × $1.25 = $7.50. Total: $12 + $7.50 = **$19.50**.';
const qEssay = 'Write a short essay about the history of the bicycle. Your response should contain at least 3 paragraphs.';
const aEssay =
  'The bicycle began in 1817 with Karl Drais\'s "running machine", a wooden frame pushed along by the feet.\n\nPedals arrived in the 1860s in France, and the high-wheeler followed, fast but dangerous.\n\nThe safety bicycle of the 1880s, with its chain drive and equal wheels, made cycling popular across the world.';

const cases: RuleCase[] = [
  // Another item's prompt: a passage of its own behind a deictic cue, a word problem, boilerplate about the reply.
  [qEssay, aEssay, 'Summarize this in two sentences: The lighthouse keeper rowed out every evening to check the lamp, logging the weather, passing ships and the state of the oil supply in a leather notebook that survives in the town museum.', 'new_unrelated_query', 'grounding.own_material'],
  [qEssay, aEssay, 'Is this correct? Volcanic soils are fertile because weathered basalt releases potassium, magnesium and phosphorus that crops absorb, which is why vineyards cluster on old lava slopes.', 'new_unrelated_query', 'grounding.own_material'],
  [qEssay, aEssay, 'Please make your response in only French: describe the daily routine of a lighthouse keeper on a remote Norwegian island around 1900, with meals, chores and the lamp.', 'new_unrelated_query', 'grounding.own_material'],
  [qBake, aBake, 'Marcus walks his neighbour\'s 3 dogs twice a day. Each walk takes 25 minutes. How many hours does he spend walking dogs in a week?', 'new_unrelated_query', 'grounding.own_material'],
  [qBake, aBake, 'A florist sells roses for $2 each and tulips for $1.50 each. Nina buys 5 roses and 4 tulips. How much does she pay?', 'new_unrelated_query', 'grounding.word_problem'],
  // Follow-ups stay follow-ups: a what-if, a reference to the answer, a kept name, a challenge with the answer's numbers.
  [qBake, aBake, 'What if Priya had bought 5 muffins and 10 cookies instead, how much would that be?', 'genuine_followup', 'grounding.'],
  [qEssay, aEssay, 'In your previous response you said the high-wheeler was dangerous; could you add a paragraph about the accidents riders had and how racing clubs dealt with them?', 'genuine_followup', 'grounding.'],
  [qBake, aBake, 'The cookies came to $7.50 and the muffins to $12. Why is the total $19.50 and not $20?', 'genuine_followup', 'grounding.'],
  // Chinese, Japanese and Korean are counted by characters: the word thresholds do not apply to them.
  [qBake, aBake, '为什么饼干是7.50美元？我算的是6乘1.25，结果一样吗？还有没有更简单的算法可以直接算出总价？', 'genuine_followup', 'grounding.'],
];

testRuleCases('heuristic-v7', cases);
