import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';
import { TemplateRenderError } from '../../../runners/templates/render.ts';
import { fixtureData, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * ChatML that leaves the user header out after an assistant message holding a "4": the stop probe's messages hold
 * none, so its stops look right, and a GSM8K answer ("The answer is 14.") then ends the prompt at <|im_end|>, where
 * the model goes on in the assistant's voice.
 */
const SOMETIMES = `{%- for m in messages -%}
{%- if m.role == 'user' and loop.index0 > 0 and '4' in messages[loop.index0 - 1].content -%}{{ m.content }}<|im_end|>
{% else -%}<|im_start|>{{ m.role }}
{{ m.content }}<|im_end|>
{% endif -%}
{%- endfor -%}
{%- if add_generation_prompt %}<|im_start|>assistant
{% endif -%}`;
const SENTINEL = '\u27E6USERTURN-SENTINEL-7f3a\u27E7';
const tpl = { source: 'file:templates/sometimes.jinja', template: SOMETIMES, bos_token: null, eos_token: null };

describe('a template that opens the user turn for the stop probe but not after every answer is refused', () => {
  it('the prompt builder refuses the answer it does not open a user turn after, naming the template and what the prompt ends with', () => {
    const b = createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader: true, kwargs: {}, stripBos: true });
    assert.equal(b.userTurnPrompt('q', 'It is 3.'), '<|im_start|>user\nq<|im_end|>\n<|im_start|>assistant\nIt is 3.<|im_end|>\n<|im_start|>user\n');
    assert.throws(() => b.userTurnPrompt('q', 'It is 4.'), (e: Error) => {
      assert.ok(e instanceof TemplateRenderError);
      assert.equal(e.message, 'file:templates/sometimes.jinja: chat_template: does not open the user turn after this answer as it did for the stop probe: the prompt ends "|im_start|>assistant\\nIt is 4.<|im_end|>\\n", not with "<|im_end|>\\n<|im_start|>user\\n"');
      return true;
    });
  });

  let sim: SpawnedSim;
  before(async () => (sim = await spawnSim([])));
  after(() => sim.stop());

  it('userturn run stops on it: one line naming the template, exit 1, no stack, nothing written', async () => {
    // It was an internal error with a stack trace (the sentinel not echoed after an answer was too).
    const dir = await mkdtemp(join(tmpdir(), 'ut-opening-'));
    await writeFile(join(dir, 'sometimes.jinja'), SOMETIMES);
    const out = join(dir, 'out');
    const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--limit', '5', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', join(dir, 'sometimes.jinja'), '--out', out, '--no-cache']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^override:sometimes\.jinja: chat_template: does not open the user turn after this answer as it did for the stop probe: the prompt ends ".*<\|im_end\|>\\n", not with "<\|im_end\|>\\n<\|im_start\|>user\\n"$/m);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
    assert.equal(existsSync(out), false);
  });
});
