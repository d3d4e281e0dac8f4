import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickGgufFile } from '../../../runners/hub/gguf-pick.ts';

/** Names as GGUF repositories write them (unsloth, bartowski, TheBloke, lmstudio-community). */
test('the file of a quantisation: -Q or .Q before .gguf, any case, any folder; of a split model the first part; never a projector', () => {
  const repo = ['README.md', 'Qwen3-8B-Q4_K_M.gguf', 'Qwen3-8B-Q8_0.gguf', 'mmproj-F16.gguf', 'Qwen3-8B-F16.gguf', 'BF16/Qwen3-8B-BF16-00001-of-00002.gguf', 'BF16/Qwen3-8B-BF16-00002-of-00002.gguf'];
  assert.deepEqual(pickGgufFile(repo, 'Q4_K_M'), { ok: true, file: 'Qwen3-8B-Q4_K_M.gguf' });
  assert.deepEqual(pickGgufFile(repo, 'q8_0'), { ok: true, file: 'Qwen3-8B-Q8_0.gguf' });
  assert.deepEqual(pickGgufFile(repo, 'F16'), { ok: true, file: 'Qwen3-8B-F16.gguf' }, 'the projector mmproj-F16.gguf is not the model');
  assert.deepEqual(pickGgufFile(repo, 'BF16'), { ok: true, file: 'BF16/Qwen3-8B-BF16-00001-of-00002.gguf' });
  assert.deepEqual(pickGgufFile(['llama-2-7b-chat.Q5_K_S.gguf'], 'Q5_K_S'), { ok: true, file: 'llama-2-7b-chat.Q5_K_S.gguf' });
  assert.deepEqual(pickGgufFile(['m-IQ4_XS.gguf', 'm-Q4_K_M.gguf'], 'K_M').ok, false, 'a part of a name is not a match');
  const none = pickGgufFile(repo, 'Q2_K');
  assert.deepEqual(none, { ok: false, reason: 'no file matches "Q2_K"; the .gguf files are Qwen3-8B-Q4_K_M.gguf, Qwen3-8B-Q8_0.gguf, mmproj-F16.gguf, Qwen3-8B-F16.gguf, BF16/Qwen3-8B-BF16-00001-of-00002.gguf' });
  assert.deepEqual(pickGgufFile(['README.md'], 'Q4_K_M'), { ok: false, reason: 'the repository has no .gguf file at this revision' });
  assert.deepEqual(pickGgufFile(['a/m-Q4_K_M.gguf', 'b/m-q4_k_m.gguf'], 'Q4_K_M'), { ok: false, reason: 'more than one file matches "Q4_K_M": a/m-Q4_K_M.gguf, b/m-q4_k_m.gguf' });
});
