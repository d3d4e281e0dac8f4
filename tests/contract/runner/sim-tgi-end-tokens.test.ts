import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ENGINES } from '../../../runners/engines/behaviour.ts';
import { endTokensOf } from '../../../runners/templates/end-tokens.ts';
import { cli, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { streamedCompletion } from '../../helpers/sse-completion.ts';

/**
 * TGI ends a turn on generation_config.json's eos_token_id list in place of the tokenizer's eos_token only for the
 * model types its flash classes serve (FlashCausalLM.__init__, models/flash_causal_lm.py, and StoppingCriteria.from_pb,
 * utils/tokens.py, huggingface/text-generation-inference at db931fcf42da018a3657580c64bf2720f167f9ab): qwen2 is one,
 * qwen3 is not (get_model in models/__init__.py has no branch for it). Qwen3's and Qwen2.5's generation_config.json both
 * list <|im_end|> (151645) and <|endoftext|> (151643), so on TGI a qwen2 model stops on <|endoftext|> and a qwen3 model
 * does not. `userturn sim --engine tgi --model-files DIR` takes that from the runner's rule (tgi.ts endTokenRules).
 */
const USER_TURN_PROMPT = '<|im_start|>user\nWhat is 5 + 7?<|im_end|>\n<|im_start|>assistant\nIt is 12.<|im_end|>\n<|im_start|>user\n';
const STOPS = ['<|im_end|>', '<|im_start|>'];
const generationConfig = JSON.stringify({ bos_token_id: 151643, do_sample: true, eos_token_id: [151645, 151643], pad_token_id: 151643, temperature: 0.6, top_k: 20, top_p: 0.95 });

const sims: Record<string, SpawnedSim> = {};
const dirs: Record<string, string> = {};
before(async () => {
  // Qwen3's real tokenizer_config.json (eos_token <|im_end|>; <|endoftext|> is added token 151643), as Qwen2.5's has.
  const tokenizerConfig = await readFile(qwenTemplate, 'utf8');
  for (const modelType of ['qwen2', 'qwen3']) {
    const dir = await mkdtemp(join(tmpdir(), `ut-sim-${modelType}-`));
    await writeFile(join(dir, 'tokenizer_config.json'), tokenizerConfig);
    await writeFile(join(dir, 'config.json'), JSON.stringify({ architectures: ['X'], model_type: modelType, eos_token_id: 151645 }));
    await writeFile(join(dir, 'generation_config.json'), generationConfig);
    dirs[modelType] = dir;
    sims[modelType] = await spawnSim(['--profile', 'aware', '--engine', 'tgi', '--end-token', '<|endoftext|>', '--model-files', dir]);
  }
  sims.default = await spawnSim(['--profile', 'aware', '--engine', 'tgi', '--end-token', '<|endoftext|>']);
});
after(async () => {
  for (const s of Object.values(sims)) await s.stop();
});

/** A streamed answer (TGI's text with every special token, the one it stopped on included) read back. */
const stream = (sim: SpawnedSim) =>
  streamedCompletion(sim.url, { model: 'userturn-sim/aware', prompt: USER_TURN_PROMPT, max_tokens: 512, temperature: 0, seed: 1, stop: STOPS });

describe('userturn sim --engine tgi: <|endoftext|> ends a turn as TGI ends it for the served model', () => {
  it('a qwen2 model: the turn stops on <|endoftext|>, TGI\'s "eos_token" with the token whole', async () => {
    const r = await stream(sims.qwen2!);
    assert.equal(r.finish, 'eos_token', r.text);
    assert.ok(r.text.endsWith('<|endoftext|>') && !r.text.includes('<|im_start|>'), JSON.stringify(r.text));
  });

  it('a qwen3 model: TGI does not stop on <|endoftext|>; the model runs on into the next turn, stopped by the stop string', async () => {
    const r = await stream(sims.qwen3!);
    assert.equal(r.finish, 'stop_sequence', r.text);
    assert.ok(r.text.includes('<|endoftext|>\n<|im_start|>') && r.text.endsWith('<|im_start|>'), JSON.stringify(r.text));
    const q2 = await stream(sims.qwen2!);
    assert.equal(r.text.slice(0, q2.text.length), q2.text, 'the same turn up to <|endoftext|>');
  });

  it('the simulator and the runner read the same files alike: TGI stops where the runner counts an end token', () => {
    // The runner's reading (probe/setup.ts through templates/load.ts) of the same files for TGI, and the simulator's.
    const ends = (modelType: string) =>
      endTokensOf([{ text: JSON.stringify({ model_type: modelType, eos_token_id: 151645 }), source: 'x/config.json' }, { text: generationConfig, source: 'x/generation_config.json' }], readFileSync(qwenTemplate, 'utf8'), ENGINES.tgi.endTokenRules);
    assert.deepEqual(ends('qwen2'), ['<|im_end|>', '<|endoftext|>']);
    assert.deepEqual(ends('qwen3'), []);
  });

  it('without --model-files the served model is Qwen2-like: TGI stops on <|endoftext|>, as before', async () => {
    const r = await stream(sims.default!);
    assert.deepEqual([r.finish, r.text.endsWith('<|endoftext|>')], ['eos_token', true], r.text);
  });

  it('--model-files: refused without --engine (exit 2) and for a folder without tokenizer_config.json or with a bad eos_token_id (exit 1, naming the file), one line', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'ut-sim-empty-'));
    const bad = await mkdtemp(join(tmpdir(), 'ut-sim-bad-'));
    await writeFile(join(bad, 'tokenizer_config.json'), await readFile(qwenTemplate, 'utf8'));
    await writeFile(join(bad, 'generation_config.json'), JSON.stringify({ eos_token_id: 'x' }));
    for (const [args, status, message] of [
      [['--model-files', dirs.qwen3!], 2, /--model-files needs --engine/],
      [['--engine', 'tgi', '--model-files', empty], 1, new RegExp(`${join(empty, 'tokenizer_config.json')}: not found`)],
      [['--engine', 'tgi', '--model-files', bad], 1, new RegExp(`${join(bad, 'generation_config.json')}: eos_token_id: must be a token id`)],
    ] as const) {
      const r = spawnSync(process.execPath, [cli, 'sim', ...args], { encoding: 'utf8', timeout: 20_000 });
      assert.equal(r.status, status, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
