import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';

// heuristic-v8. The exchanges here are not in any labelled set or control.
const qCat = 'Write a limerick about a lazy cat. Your entire response should be in lowercase letters.';
const aCat = 'there once was a cat named lou\nwho slept the whole afternoon through\nshe dreamed of a mouse\nthat ran round the house\nbut woke up and yawned, as cats do';

const cases: RuleCase[] = [
  // The question's template about another subject: new, not a restatement (restatement.new_subject).
  [qCat, aCat, 'Write a limerick about a busy bee. Your entire response should be in lowercase letters.', 'new_unrelated_query', 'restatement.new_subject'],
  // heuristic-v13: one changed word is a new task when it is the subject the answer is about (v8 to v12 read it as the
  // same task asked again; subject-swap.ts).
  [qCat, aCat, 'Write a limerick about a lazy dog. Your entire response should be in lowercase letters.', 'new_unrelated_query', 'restatement.swapped_subject'],
  // A connective that announces the next task is not the problem's opening.
  [qCat, aCat, 'Also, a bus carries 42 passengers and 15 get off at the first stop. How many passengers are left on the bus?', 'new_unrelated_query', 'grounding.word_problem'],
  // References to the answer in other languages: "line 3 … this step", "you say that", "what do you mean by".
  [qCat, aCat, '第三行说她梦见一只老鼠，这一步为什么要押韵？', 'genuine_followup', 'grounding.explicit_reference'],
  [qCat, aCat, "Tu dis que Lou dort tout l'après-midi : pourquoi « afternoon » et pas « day » ?", 'genuine_followup', 'grounding.explicit_reference'],
  [qCat, aCat, 'Was meinst du mit „yawned, as cats do“?', 'genuine_followup', 'grounding.explicit_reference'],
  // The helper offering more, in French, Spanish, Chinese: the assistant's voice.
  [qCat, aCat, 'Dis-moi si tu veux une autre version plus courte !', 'identity_leakage', 'leakage.'],
  [qCat, aCat, 'Avísame si quieres otra versión con más rimas.', 'identity_leakage', 'leakage.'],
  [qCat, aCat, '如果你需要我再写一首，请告诉我！', 'identity_leakage', 'leakage.'],
  // A request to the assistant in the same words is still the user's ("tell me why").
  [qCat, aCat, 'Dis-moi pourquoi Lou bâille à la fin.', 'genuine_followup', 'grounding.'],
];

testRuleCases('heuristic-v8', cases);
