import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { cli, spawnSim } from '../../helpers/processes.ts';

// `userturn sim --end-token`: ChatML turns end on another end-of-sequence token (Qwen's <|endoftext|>), which the
// emulated engine stops on as on <|im_end|> (the default served model lists it: served-model.ts), at the budget too with --end-at-budget; with
// --engine sglang also <|eom_id|>, which SGLang stops on whenever its tokenizer has it (sglang.ts endTokenRules).

describe('userturn sim --end-token', () => {
  const userTurnPrompt = '<|im_start|>user\nWhat is 5 + 7?<|im_end|>\n<|im_start|>assistant\nIt is 12.<|im_end|>\n<|im_start|>user\n';
  const ask = async (url: string) => {
    const res = await fetch(`${url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', prompt: userTurnPrompt, max_tokens: 512, temperature: 0, stop: ['<|im_end|>', '<|im_start|>'], skip_special_tokens: false }) });
    return ((await res.json()) as { choices: Array<{ text: string; finish_reason: string }> }).choices[0]!;
  };

  it('with --engine sglang --end-at-budget: the turn ends on <|endoftext|> at its budget, answered "length" with the token kept; without the budget, a stop without it', async () => {
    const atBudget = await spawnSim(['--profile', 'aware', '--engine', 'sglang', '--end-at-budget', '--end-token', '<|endoftext|>']);
    const inside = await spawnSim(['--profile', 'aware', '--engine', 'sglang', '--end-token', '<|endoftext|>']);
    try {
      const a = await ask(atBudget.url);
      assert.equal(a.finish_reason, 'length');
      assert.ok(a.text.endsWith('<|endoftext|>'), JSON.stringify(a.text));
      const b = await ask(inside.url);
      assert.equal(b.finish_reason, 'stop');
      assert.equal(b.text, a.text.slice(0, -'<|endoftext|>'.length));
    } finally {
      atBudget.stop();
      inside.stop();
    }
  });

  it("with --engine sglang, <|eom_id|> (SGLang's additional stop token): at the budget \"length\" with the token kept, else a stop without it", async () => {
    const atBudget = await spawnSim(['--profile', 'aware', '--engine', 'sglang', '--end-at-budget', '--end-token', '<|eom_id|>']);
    const inside = await spawnSim(['--profile', 'aware', '--engine', 'sglang', '--end-token', '<|eom_id|>']);
    try {
      const a = await ask(atBudget.url);
      assert.equal(a.finish_reason, 'length');
      assert.ok(a.text.endsWith('<|eom_id|>'), JSON.stringify(a.text));
      const b = await ask(inside.url);
      assert.equal(b.finish_reason, 'stop');
      assert.equal(b.text, a.text.slice(0, -'<|eom_id|>'.length));
    } finally {
      atBudget.stop();
      inside.stop();
    }
  });

  it('refused without --engine, for a token that is not a ChatML end of sequence, and <|eom_id|> on an engine without that rule: exit 2, one line', () => {
    for (const [args, message] of [
      [['--end-token', '<|endoftext|>'], /--end-token needs --engine/],
      [['--engine', 'sglang', '--end-token', '<|im_start|>'], /--end-token must be one of <\|im_end\|>, <\|endoftext\|> \(ChatML's end-of-sequence tokens\) or <\|eom_id\|> \(which --engine sglang stops on whenever its tokenizer has it\), got "<\|im_start\|>"/],
      [['--engine', 'vllm', '--end-token', '<|eom_id|>'], /--end-token must be one of <\|im_end\|>, <\|endoftext\|> \(ChatML's end-of-sequence tokens\), got "<\|eom_id\|>"/],
    ] as const) {
      const r = spawnSync(process.execPath, [cli, 'sim', ...args], { encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
