import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';
import type { ReasoningMode } from '../../../runners/templates/reasoning.ts';
import { stripReasoning } from '../../../runners/templates/reasoning.ts';
import { realTemplatesDir, SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';

// The exact prompts the runner sends for the paper's families, rendered from the published templates
// (../shared/templates): the question, the model's own final answer as a past assistant turn, then a bare user header.
const dir = realTemplatesDir();
const skip = dir ? false : SKIP_REAL_TEMPLATES;
const Q = 'What is 12 * 3?';
const SENTINEL = '\u27E6USERTURN-SENTINEL-7f3a\u27E7';

function builder(file: string, tokens: { bos_token: string | null; eos_token: string | null }, reasoning: ReasoningMode) {
  const tpl = { source: file, template: readFileSync(join(dir!, file), 'utf8'), ...tokens };
  return createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning });
}

describe('user-turn prompts of the paper families (published templates, exact strings)', () => {
  it('Qwen3.5 (thinking): the answer without its reasoning and without a think block, then <|im_start|>user\\n', { skip }, () => {
    const b = builder('qwen3.5.jinja', { bos_token: null, eos_token: '<|im_end|>' }, 'think_tags');
    const ap = b.assistantPrompt(Q);
    assert.equal(ap, '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n<think>\n');
    const answer = stripReasoning('12 times 3.\n</think>\n\n12 * 3 = 36.', 'think_tags', true);
    assert.equal(b.userTurnPrompt(Q, answer), '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n12 * 3 = 36.<|im_end|>\n<|im_start|>user\n');
    assert.deepEqual(b.userTurnStops, ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user']);
  });

  it('Qwen3: the same ChatML turns, no generation prompt after the user header', { skip }, () => {
    const b = builder('qwen3.jinja', { bos_token: null, eos_token: '<|im_end|>' }, 'think_tags');
    assert.equal(b.userTurnPrompt(Q, '36.'), '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n36.<|im_end|>\n<|im_start|>user\n');
  });

  it('gpt-oss (harmony): the final channel only as the past turn, closed by <|end|>, then <|start|>user<|message|>', { skip }, () => {
    const b = builder('gpt-oss.jinja', { bos_token: '<|startoftext|>', eos_token: '<|return|>' }, 'harmony');
    const system = '<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: 2024-07-26\n\nReasoning: medium\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.<|end|>';
    assert.equal(b.assistantPrompt(Q), `${system}<|start|>user<|message|>What is 12 * 3?<|end|><|start|>assistant`);
    const answer = stripReasoning('<|channel|>analysis<|message|>Multiply.<|end|><|start|>assistant<|channel|>final<|message|>36.<|return|>', 'harmony');
    assert.equal(b.userTurnPrompt(Q, answer), `${system}<|start|>user<|message|>What is 12 * 3?<|end|><|start|>assistant<|channel|>final<|message|>36.<|end|><|start|>user<|message|>`);
    assert.deepEqual(b.userTurnStops, ['<|end|>', '<|start|>assistant<|channel|>final<|message|>', '<|start|>user<|message|>']);
    assert.deepEqual(b.assistantStops, ['<|return|>', '<|start|>user<|message|>']);
  });

  it('Llama 3.1: its default system block, no BOS (the server adds it), then the user header and its blank line', { skip }, () => {
    const b = builder('llama3.1.jinja', { bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>' }, 'none');
    assert.equal(
      b.userTurnPrompt(Q, '36.'),
      '<|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nWhat is 12 * 3?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n36.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n',
    );
  });
});
