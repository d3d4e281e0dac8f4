import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openRunCache } from '../../../runners/cache/run-cache.ts';
import { cachedPromptBuilder } from '../../../runners/templates/cached-builder.ts';
import { createPromptBuilder, type PromptOptions } from '../../../runners/templates/prompts.ts';
import type { ChatTemplate } from '../../../runners/templates/render.ts';

// Renders go through the real sandboxed render process, hence a contract test.
const chatml: ChatTemplate = {
  source: 'test.jinja',
  template: "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}",
  bos_token: null,
  eos_token: '<|im_end|>',
};
const opts: PromptOptions = { sentinel: '\u0000SENTINEL', stopAtRoleHeader: true, kwargs: {}, stripBos: true };

describe('rendered prompts cached by content', () => {
  it('the fingerprint follows the template and the options; a changed template renders again, the same one does not', () => {
    const base = createPromptBuilder(chatml, opts).fingerprint;
    assert.equal(createPromptBuilder({ ...chatml }, { ...opts }).fingerprint, base);
    assert.notEqual(createPromptBuilder({ ...chatml, template: chatml.template.replace('<|im_end|>\n{% endfor %}', '<|im_end|>\n\n{% endfor %}') }, opts).fingerprint, base);
    assert.notEqual(createPromptBuilder(chatml, { ...opts, kwargs: { enable_thinking: false } }).fingerprint, base);
    assert.notEqual(createPromptBuilder({ ...chatml, eos_token: '</s>' }, opts).fingerprint, base);

    const cache = openRunCache(join(mkdtempSync(join(tmpdir(), 'ut-prompts-')), 'c.sqlite'));
    const first = cachedPromptBuilder(createPromptBuilder(chatml, opts), cache.stages);
    const prompt = first.userTurnPrompt('What is 2+2?', 'It is 4.');
    assert.equal(prompt, '<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\nIt is 4.<|im_end|>\n<|im_start|>user\n');
    assert.equal(cachedPromptBuilder(createPromptBuilder(chatml, opts), cache.stages).userTurnPrompt('What is 2+2?', 'It is 4.'), prompt);
    assert.deepEqual(cache.stages.stats.prompt, { reused: 1, computed: 1 });
    const changed = cachedPromptBuilder(createPromptBuilder({ ...chatml, template: chatml.template.replaceAll('<|im_start|>', '<|start|>') }, opts), cache.stages);
    assert.equal(changed.userTurnPrompt('What is 2+2?', 'It is 4.'), '<|start|>user\nWhat is 2+2?<|im_end|>\n<|start|>assistant\nIt is 4.<|im_end|>\n<|start|>user\n');
    assert.deepEqual(cache.stages.stats.prompt, { reused: 1, computed: 2 });
    cache.close();
  });
});
