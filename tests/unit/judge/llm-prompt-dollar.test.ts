import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildJudgeMessages, loadJudgePrompt } from '../../../runners/judge/llm/prompt.ts';

/**
 * String.prototype.replace reads `$$`, `$&`, `` $` `` and `$'` in a replacement string as patterns. The item JSON
 * is model output (LaTeX `$$x$$`, shell `$'\n'`, Markdown `` `$` ``): it must reach the judge byte for byte.
 */
test('judge prompt: dollar sequences in q, a and u reach the judge unchanged', () => {
  const p = loadJudgePrompt('judge-v1');
  const item = {
    question: 'Compute $$x^2$$ for x = 3.',
    response: "The answer is $$9$$. In bash: printf $'a\\n' and `echo $`",
    user_turn: 'Why $& and $` and $\' here? It cost $$5.',
  };
  const [, user] = buildJudgeMessages(p, item);
  const start = user!.content.indexOf('{');
  const parsed = JSON.parse(user!.content.slice(start)) as Record<string, string>;
  assert.deepEqual(parsed, { question: item.question, assistant_answer: item.response, user_turn: item.user_turn });
});

test('judge prompt: dollar sequences in prompt examples reach the system message unchanged', () => {
  const p = loadJudgePrompt('judge-v1');
  const withDollar = { ...p, examples: [{ ...p.examples[0]!, user_turn: 'Is $$5$$ right? $&' }, ...p.examples.slice(1)] };
  const [system] = buildJudgeMessages(withDollar, { question: 'q', response: 'a', user_turn: 'u' });
  assert.ok(system!.content.includes(JSON.stringify('Is $$5$$ right? $&')), system!.content.slice(0, 200));
});
