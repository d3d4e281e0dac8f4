import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';

// heuristic-v9: the assistant's voice in more of its forms. The exchanges here are not in any labelled set or control.
const qTea = 'How do I brew a good cup of green tea?';
const aTea = 'Heat water to about 80°C, not boiling. Use 2 grams of leaves per 200 ml, steep for 2 minutes, then pour it all out so the leaves do not keep steeping.';
const qBus = 'A bus has 40 seats. 25 people get on at the first stop and 9 get off at the second. How many seats are free?';
const aBus = 'After the first stop 25 seats are taken. After the second stop 25 - 9 = 16 are taken, so 40 - 16 = 24 seats are free.';

const cases: RuleCase[] = [
  // Offers tied to the other party's wish or to what they would tell: the helper speaking.
  [qTea, aTea, "Is there a part of the brewing you'd like me to go into? I can also suggest a few good teas to start with.", 'identity_leakage', 'leakage.assistant_voice'],
  [qTea, aTea, 'If you tell me more about the tea you bought, I can adjust the temperature and the timing for it.', 'identity_leakage', 'leakage.assistant_voice'],
  // The speaker's own earlier answer, corrected: only the assistant had one.
  [qBus, aBus, 'Sorry, my previous answer mixed up the stops: 40 - 16 is still 24, so that part was right.', 'identity_leakage', 'leakage.assistant_voice'],
  // The answer under a label, at the start.
  [qBus, aBus, '**Final answer:** 24 seats', 'identity_leakage', 'leakage.solving'],
  [qBus, aBus, '答え：24席', 'identity_leakage', 'leakage.solving'],
  // Offers and closings in other languages.
  [qTea, aTea, '我也可以继续解释冷泡绿茶的做法。', 'identity_leakage', 'leakage.assistant_voice'],
  [qTea, aTea, '他に気になることがあれば、いつでも聞いてくださいね。', 'identity_leakage', 'leakage.assistant_voice'],
  [qTea, aTea, '¿Quieres que te explique cómo preparar matcha?', 'identity_leakage', 'leakage.assistant_voice'],
  [qTea, aTea, 'Soll ich dir noch eine Anleitung für Eistee schreiben?', 'identity_leakage', 'leakage.assistant_voice'],
  [qTea, aTea, 'Ich hoffe, die Erklärung war hilfreich.', 'identity_leakage', 'leakage.'],
  // What a user says stays the user's: their own attempt, their own offer of detail, a request to the assistant.
  [qBus, aBus, 'My first calculation gave 15 because I forgot the 9 who got off. Why do you subtract 9 from 25 first?', 'genuine_followup', 'grounding.'],
  [qTea, aTea, 'Why pour it all out instead of leaving the leaves in the pot?', 'genuine_followup', 'grounding.'],
  [qTea, aTea, 'Soll ich die Blätter vorher waschen, bevor ich sie bei 80 Grad ziehen lasse?', 'genuine_followup', 'grounding.'],
  [qBus, aBus, 'Final question: what if 30 people got on at the first stop instead?', 'genuine_followup', 'grounding.'],
];

testRuleCases('heuristic-v9', cases);

