import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { contextCheck } from '../../../runners/doctor/check-context.ts';
import type { DoctorContext } from '../../../runners/doctor/types.ts';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';
import { realTemplatesDir, SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';

const dir = realTemplatesDir();
const item = (dataset: string, id: string, question: string, reference: string | null) => ({ dataset, id, question, reference, verifier: null });

/** A server whose window is `window` and whose tokenizer makes one token of every character. */
function ctx(window: number, items: ReturnType<typeof item>[]): DoctorContext {
  const tpl = { source: 'qwen3.5', template: readFileSync(join(dir!, 'qwen3.5.jinja'), 'utf8'), bos_token: null, eos_token: '<|im_end|>' };
  const builder = createPromptBuilder(tpl, { sentinel: '\u27E6USERTURN-SENTINEL-7f3a\u27E7', stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning: 'think_tags' });
  const suite = { user_turn: { max_tokens: 512 }, conditions: [{ perturbation: { kind: 'none' } }, { perturbation: { kind: 'append', text: 'Does that answer your question?', separator: '\n\n' } }] };
  return {
    setup: { builder, suite, assistantMaxTokens: 16384, engine: { id: 'vllm' }, submission: { serving: { max_model_len: window } }, datasets: [{ items }] },
    api: { routes: { context: 'GET /tokenize' }, maxContext: async () => window, tokenize: async (_h: unknown, _m: string, text: string) => Array.from(text) },
    http: {},
    model: 'm',
  } as unknown as DoctorContext;
}

describe('doctor context check: the longest request of the run', () => {
  it('is the longest question with the whole assistant budget, even when another item has a longer question + reference (real Qwen3.5 template)', { skip: dir ? false : SKIP_REAL_TEMPLATES }, async () => {
    const long = item('ifeval', '1', 'x'.repeat(3000), null);
    const withRef = item('mt_bench', '2', 'y'.repeat(500), 'z'.repeat(2600));
    // The user turn after long's answer: its 3,078-token prompt + 16,384 + 33 for "\n\nDoes that answer your question?"
    // + 512 = 20,007 > 20,000 (without the appended text 19,974 would pass); withRef's request is 17,474.
    const r = await contextCheck.run(ctx(20_000, [withRef, long]));
    assert.equal(r.status, 'fail', r.detail);
    assert.match(r.detail, /prompt \(ifeval\/1\) \+ 16417 answer \+ 512 user turn/);
    assert.equal((await contextCheck.run(ctx(21_000, [withRef, long]))).status, 'pass');
  });
});
