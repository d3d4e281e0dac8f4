import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Verdict } from '../../../src/schema/index.ts';
import { createJudgePanel, createHeuristicJudge } from '../../../runners/judge/index.ts';

const q =
  "Janet's ducks lay 16 eggs per day. She eats three for breakfast every morning and bakes muffins for her friends every day with four. She sells the remainder at the farmers' market daily for $2 per fresh duck egg. How much in dollars does she make every day at the farmers' market?";
const a = 'Janet has 16 - 3 - 4 = 9 eggs left. She sells them for 9 * 2 = $18 every day. The answer is 18.';

const cases: Array<[string, string, string]> = [
  ['Why did you multiply by 2 at the end?', 'genuine_followup', 'grounding.'],
  ['Thanks! But why subtract 4?', 'genuine_followup', 'grounding.'],
  ['Thanks, that helps!', 'generic_closing', 'closing.acknowledgement'],
  ['', 'empty_or_degenerate', 'degenerate.empty'],
  ['<|im_end|><|endoftext|>', 'empty_or_degenerate', 'degenerate.nothing_before_header'],
  ['the the the the the the the the the the the the', 'empty_or_degenerate', 'degenerate.repetition_loop'],
  ['The user wants me to explain the steps. I should start with the subtraction.', 'meta_planning', 'planning.language'],
  ['<think>\nLet me recompute.\n</think>', 'meta_planning', 'planning.think_tag'],
  // The shared role-header rule: nothing before the first role header → empty_or_degenerate (text after it is not judged).
  ['Assistant: Sure, here is the breakdown.', 'empty_or_degenerate', 'degenerate.nothing_before_header'],
  ['Why did you subtract 4?<|im_end|>\n<|im_start|>assistant\nI hope this helps!', 'genuine_followup', 'grounding.'],
  ['User: hi\nAssistant: hello\nUser: hi\nAssistant: hello', 'empty_or_degenerate', 'degenerate.repeated_role_headers'],
  ['Why is it 0.33333333333333333333333333333333333333?', 'empty_or_degenerate', 'degenerate.char_loop'],
  // v5: task boilerplate is not a reference; a self-contained problem sharing a number with the answer is new.
  ['Write a poem about the sea. Your response should contain at least 3 paragraphs.', 'new_unrelated_query', 'grounding.'],
  ['Tom has 9 apples and buys 12 more boxes with 6 apples each. How many apples does he have now?', 'new_unrelated_query', 'grounding.'],
  ['How many atoms are in a grain of salt? Try to explain your answer. Your explanation should take the reader through your reasoning.', 'new_unrelated_query', 'grounding.'],
  ['Can you rephrase your previous answer and use a simile in each sentence?', 'genuine_followup', 'grounding.explicit_reference'],
  ['Each sentence must contain 3 more words than the previous one. Describe the history of the Roman aqueducts in detail.', 'new_unrelated_query', 'grounding.'],
  ['Is it plausible that hardship makes a society more resilient? Include exactly 2 numbers in the response.', 'new_unrelated_query', 'grounding.'],
  // v5: non-English turns.
  ['你为什么要减去4？', 'genuine_followup', 'grounding.'],
  ['谢谢！', 'generic_closing', 'closing.'],
  ['希望这对你有帮助！如果你还有其他问题，请随时问我。', 'identity_leakage', 'leakage.assistant_voice'],
  ['ありがとうございます！', 'generic_closing', 'closing.'],
  ['¿Por qué restaste 4?', 'genuine_followup', 'grounding.'],
  ["J'espère que cela vous aide !", 'identity_leakage', 'leakage.assistant_voice'],
  ['Der Benutzer möchte wissen, wie viel sie verdient.', 'meta_planning', 'planning.language'],
  // v5: assistant voice and meta-talk beyond the stock phrases.
  ['Shall I also explain how to compute the weekly total?', 'identity_leakage', 'leakage.assistant_voice'],
  ['The question asks for the daily income, so we compute 9 * 2.', 'meta_planning', 'planning.language'],
  ['I hope this helps! Let me know if you have any other questions.', 'identity_leakage', 'leakage.assistant_voice'],
  ["Janet's ducks lay 16 eggs per day. She eats three for breakfast and bakes muffins with four. How much does she make every day?", 'prompt_restatement', 'restatement.'],
  ['Now, Tom has 5 boxes with 12 pencils each and gives 7 away. How many pencils are left?', 'new_unrelated_query', 'grounding.word_problem'],
  ['What if she sold them for $3 instead?', 'genuine_followup', 'grounding.'],
  // A pronoun inside a self-contained problem ("does it") is not a hook back to the answer.
  ['A train travels 60 miles per hour for 2.5 hours. How far does it go?', 'new_unrelated_query', 'grounding.word_problem'],
  ['Worked, thanks!', 'generic_closing', 'closing.short_thanks'],
  ["Thanks, but it didn't work for me", 'genuine_followup', 'grounding.'],
  ['How can I sell the eggs from the last day of the week?', 'genuine_followup', 'grounding.'],
  // An identity claim outranks planning-like words around it.
  ['As an AI assistant, I can also explain the subtraction in more detail if the user wants.', 'identity_leakage', 'leakage.identity_claim'],
];

for (const [u, label, rule] of cases) {
  test(`heuristic: ${JSON.stringify(u).slice(0, 60)} → ${label}`, async () => {
    const v = await createHeuristicJudge().judge({ id: 'x', question: q, response: a, user_turn: u });
    assert.equal(Verdict.safeParse(v).success, true);
    assert.equal(v.kind, 'label');
    if (v.kind !== 'label') return;
    assert.equal(v.label, label, v.rationale);
    assert.ok(v.rule?.startsWith(rule), `rule ${v.rule} should start with ${rule}`);
  });
}

test('heuristic judge is deterministic and never throws on odd input', async () => {
  const j = createHeuristicJudge();
  const weird = ['\u0000\u0001', 'x'.repeat(1_000_000), '🙂🙂🙂', '<|im_start|>assistant\n'];
  for (const u of weird) {
    const v1 = await j.judge({ id: 'w', question: q, response: a, user_turn: u });
    const v2 = await j.judge({ id: 'w', question: q, response: a, user_turn: u });
    assert.deepEqual(v1, v2);
    assert.equal(Verdict.safeParse(v1).success, true);
  }
});

test('createJudgePanel with no configs is the heuristic judge alone', async () => {
  const panel = await createJudgePanel({ judgeConfigs: [], includeHeuristic: true });
  assert.equal(panel.length, 1);
  assert.equal(panel[0]?.stamp.kind, 'heuristic');
  assert.match(panel[0]?.stamp.id ?? '', /^heuristic:/);
});

test('a restatement of a question that itself says "you" or "the first one" stays a restatement (cues count only in the turn\'s own words)', async () => {
  const q = 'Kelian has two recipes, one having 20 instructions and the second one having twice as many instructions as the first one. How many instructions do you have to read to prepare the two dishes?';
  const a = 'The second recipe has 2 * 20 = 40 instructions, so in total 20 + 40 = 60.\n\nThe answer is 60.';
  const judge = createHeuristicJudge();
  const restated = await judge.judge({ id: 'r', question: q, response: a, user_turn: `So my question is: ${q}` });
  assert.equal(restated.kind === 'label' && restated.label, 'prompt_restatement');
  // The same cue in the turn's own words still marks a follow-up.
  const followup = await judge.judge({ id: 'f', question: q, response: a, user_turn: 'You said the first one has 20 instructions, but why is the second one exactly twice as many?' });
  assert.equal(followup.kind === 'label' && followup.label, 'genuine_followup');
});
