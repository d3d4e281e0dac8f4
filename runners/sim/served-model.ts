import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import type { EngineBehaviour } from '../engines/types.ts';
import { endTokensOf, eosTokenOf } from '../templates/end-tokens.ts';

/**
 * The files of the model the simulator serves, as on the Hub: what an engine reads its end-of-sequence tokens from.
 * `configs` are config.json and generation_config.json, each when present, in that order (`source` ends in the name).
 */
export interface ServedModelFiles {
  configs: readonly { text: string; source: string }[];
  tokenizerConfig: string;
}

/**
 * The simulated ChatML model without --model-files: a Qwen2-like one (model_type qwen2, generation_config.json naming
 * <|im_end|> and <|endoftext|>, as Qwen2.5's does). Its added tokens hold <|eom_id|> too: the simulator's tokenizer has
 * every special token (tokenizer.ts), so SGLang's rule for it applies as on a tokenizer that has it.
 */
export const DEFAULT_SERVED_MODEL: ServedModelFiles = {
  configs: [
    { source: 'sim:default/config.json', text: JSON.stringify({ model_type: 'qwen2', eos_token_id: 151645 }) },
    { source: 'sim:default/generation_config.json', text: JSON.stringify({ eos_token_id: [151645, 151643] }) },
  ],
  tokenizerConfig: JSON.stringify({
    eos_token: '<|im_end|>',
    added_tokens_decoder: {
      151643: { content: '<|endoftext|>', special: true },
      151644: { content: '<|im_start|>', special: true },
      151645: { content: '<|im_end|>', special: true },
      151669: { content: '<|eom_id|>', special: true },
    },
  }),
};

/** DIR/tokenizer_config.json (required), DIR/config.json and DIR/generation_config.json (each read when present). */
export function readServedModel(dir: string): ServedModelFiles {
  const read = (file: string, required: boolean): string | null => {
    const path = join(dir, file);
    try {
      return readFileSync(path, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (!required && code === 'ENOENT') return null;
      throw new InputError(`${path}: ${code === 'ENOENT' || code === 'ENOTDIR' ? 'not found' : (e as Error).message} (--model-files: the served model's files, as on the Hub)`);
    }
  };
  const tokenizerConfig = read('tokenizer_config.json', true)!;
  const configs: { text: string; source: string }[] = [];
  for (const file of ['config.json', 'generation_config.json']) {
    const text = read(file, false);
    if (text !== null) configs.push({ text, source: join(dir, file) });
  }
  const model = { configs, tokenizerConfig };
  // Read once here so that a bad file stops the simulator before it listens, naming the file and field.
  try {
    eosTokenOf(tokenizerConfig, join(dir, 'tokenizer_config.json'));
    endTokensOf(configs, tokenizerConfig, { always: [], configIds: true, generationIds: 'any', modelTypes: null });
  } catch (e) {
    throw new InputError((e as Error).message);
  }
  return model;
}

/**
 * The tokens the emulated engine ends a ChatML turn on for the served model: the tokenizer's eos_token and the files'
 * end-of-sequence ids as the engine's own rule takes them (EngineBehaviour.endTokenRules through endTokensOf, the
 * reading the runner makes of the same files; runners/templates/end-tokens.ts). One home for the fact: TGI stops on
 * <|endoftext|> for a qwen2 model and not for a qwen3 one because its rule says so, not because this file does.
 * The eos_token is kept as the runner keeps it (read-reply.ts), though TGI's list replaces it: a list that leaves it out
 * (no model known here) would stop the simulator where TGI runs on.
 */
export function chatmlEndTokens(model: ServedModelFiles, engine: EngineBehaviour): string[] {
  const eos = eosTokenOf(model.tokenizerConfig, 'tokenizer_config.json');
  const out = eos === null ? [] : [eos];
  for (const t of endTokensOf(model.configs, model.tokenizerConfig, engine.endTokenRules)) if (!out.includes(t)) out.push(t);
  return out;
}
