import assert from 'node:assert/strict';
import { it } from 'node:test';
import { validateCompletion } from '../../../runners/client/answer-check.ts';
import { servedAliases } from '../../../runners/client/served-aliases.ts';

/** /v1/models as vLLM lists `--served-model-name a b` with a LoRA adapter (ModelCard: root, parent). */
const VLLM = {
  object: 'list',
  data: [
    { id: 'a', object: 'model', root: 'Qwen/Qwen3.5-9B', parent: null },
    { id: 'b', object: 'model', root: 'Qwen/Qwen3.5-9B', parent: null },
    { id: 'sql-lora', object: 'model', root: '/loras/sql', parent: 'a' },
    { id: 'other', object: 'model', root: 'meta-llama/Llama-3.2-1B', parent: null },
  ],
};

it('the other names of the same weights are aliases; a LoRA adapter, other weights and a list without roots are not', () => {
  assert.deepEqual(servedAliases(VLLM, 'b'), ['a']);
  assert.deepEqual(servedAliases(VLLM, 'a'), ['b']);
  assert.deepEqual(servedAliases(VLLM, 'sql-lora'), [], 'an adapter answers under its own name');
  assert.deepEqual(servedAliases(VLLM, 'other'), []);
  assert.deepEqual(servedAliases({ data: [{ id: 'a' }, { id: 'b' }] }, 'b'), [], 'Ollama, llama.cpp: no root');
  assert.deepEqual(servedAliases(null, 'b'), []);
});

it('an answer naming an alias is kept under the name asked for; any other name is still refused', () => {
  const answer = (model: string) => ({ model, choices: [{ text: 'Why?', finish_reason: 'stop' }] });
  assert.equal(validateCompletion(answer('a'), 'b', new Set(['a'])).model, 'b');
  assert.throws(() => validateCompletion(answer('a'), 'b'), /answered by model "a", not the served "b"/);
  assert.throws(() => validateCompletion(answer('other'), 'b', new Set(['a'])), /answered by model "other"/);
});
