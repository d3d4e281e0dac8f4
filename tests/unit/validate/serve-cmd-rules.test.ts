/**
 * validate applies every rule serve-cmd applies (CONTRIBUTING.md, step 3): a submission for llama.cpp or Ollama
 * without serving.gguf_quant passed validate and the bot, and serve-cmd refused it on the GPU runner.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';

const FILE = 'submissions/acme/m.yaml';
const submission = (serving: Record<string, unknown>) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'm', hf: { repo: 'acme/m-GGUF', revision: 'main' }, params: { total_b: 8, active_b: 8 },
    license: 'mit', serving: { max_model_len: 8192, ...serving }, reasoning: { mode: 'none' }, submitter: { github: 'someone' },
  });

test('a GGUF engine without serving.gguf_quant is a policy error naming the field; with it, none', () => {
  for (const [engine, words] of [['llamacpp', /^llama\.cpp serves GGUF files: give the quantisation/], ['ollama', /^Ollama pulls GGUF files: give the quantisation/]] as const) {
    const errors = submissionPolicyErrors(submission({ engine }), FILE, process.cwd());
    assert.deepEqual(errors.map((e) => [e.file, e.field]), [[FILE, 'serving.gguf_quant']], engine);
    assert.match(errors[0]!.message, words, engine);
    assert.deepEqual(submissionPolicyErrors(submission({ engine, gguf_quant: 'Q4_K_M' }), FILE, process.cwd()), [], engine);
  }
  assert.deepEqual(submissionPolicyErrors(submission({ engine: 'vllm' }), FILE, process.cwd()), []);
});

test('a problem the policy already lists is not listed again from serve-cmd, and every problem is listed at once', () => {
  const errors = submissionPolicyErrors(submission({ engine: 'llamacpp', engine_args: { 'trust-remote-code': true } }), FILE, process.cwd());
  assert.deepEqual(errors.map((e) => e.field), ['serving.engine_args.trust-remote-code', 'serving.gguf_quant']);
});

test('chat_template.file: gguf is for the engines that serve a GGUF file; submissions without it stay valid', () => {
  const withGguf = (serving: Record<string, unknown>) => ({ ...submission(serving), chat_template: { source: 'hub' as const, file: 'gguf' as const } });
  const errors = submissionPolicyErrors(withGguf({ engine: 'vllm' }), FILE, process.cwd());
  assert.deepEqual(errors.map((e) => [e.file, e.field]), [[FILE, 'chat_template.file']]);
  assert.match(errors[0]!.message, /^gguf reads the template of the GGUF file llama\.cpp or Ollama serve.*vllm serves no GGUF file/);
  assert.deepEqual(submissionPolicyErrors(withGguf({ engine: 'llamacpp', gguf_quant: 'Q4_K_M' }), FILE, process.cwd()), []);
  assert.deepEqual(Submission.parse({ ...submission({}), chat_template: { source: 'hub', file: 'gguf' } }).chat_template, { source: 'hub', file: 'gguf' });
});
