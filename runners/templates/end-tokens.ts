import type { EndTokenRules } from '../engines/types.ts';

/**
 * The end-of-sequence tokens a model's config.json and generation_config.json name, as text. SGLang ends a turn on any
 * of them, not only on tokenizer_config.json's eos_token: ModelConfig.hf_eos_token_id is config.json's and
 * generation_config.json's `eos_token_id` (int or list) together (_get_hf_eos_token_id,
 * python/sglang/srt/configs/model_config.py at sgl-project/sglang 001adf564fd332c285397a46a034ee2f93ba7515), given to
 * every request as Req.eos_token_ids and matched beside the tokenizer's eos_token_id in _check_token_based_finish, after
 * the budget (python/sglang/srt/managers/schedule_batch.py Req.check_finished at
 * fd3907ee4618e96b73ee94d9a836db78efb5d046). So Qwen3 stops on <|endoftext|> as well as <|im_end|>, and Llama 3.1 on
 * <|eom_id|> and <|end_of_text|> as well as <|eot_id|>.
 *
 * `rules` are the engine's departures from the two files (EngineBehaviour.endTokenRules, runners/engines/sglang.ts and
 * tgi.ts). SGLang leaves out a generation_config.json eos_token_id of 0 (a falsy check; config.json's 0 counts) and
 * also ends on <|eom_id|> whenever the tokenizer has it as an added token, whatever the files say. TGI reads
 * generation_config.json alone, and only a list there, for the model types its flash classes serve; otherwise it ends
 * on the tokenizer's eos_token, which the runner counts anyway (runners/probe/read-reply.ts).
 *
 * `configs` are the files read, config.json's first (as SGLang's union starts from it); each `source` ends in the file's
 * name, which errors name. The ids are spelled through tokenizer_config.json's added_tokens_decoder (id → {content}):
 * end tokens are added special tokens in the models known here. An id it does not list is ignored, since without the
 * tokenizer's whole vocabulary (tokenizer.json) the runner cannot spell it.
 */
export function endTokensOf(configs: readonly { text: string; source: string }[], tokenizerConfig: string, rules: EndTokenRules): string[] {
  const files = configs.map((c) => {
    const file = c.source.slice(c.source.lastIndexOf('/') + 1);
    return { ...c, file, cfg: jsonObject(c.text, c.source, file) };
  });
  const modelType = files.find((f) => f.file === 'config.json')?.cfg.model_type;
  const served = rules.modelTypes === null || (typeof modelType === 'string' && rules.modelTypes.includes(modelType));
  const ids = served ? files.flatMap((f) => eosIdsOf(f, rules)) : [];
  const added = addedTokens(tokenizerConfig);
  const out: string[] = [];
  const push = (text: string | undefined) => {
    if (text !== undefined && text !== '' && !out.includes(text)) out.push(text);
  };
  for (const id of ids) push(added.get(String(id)));
  const has = new Set(added.values());
  for (const text of rules.always) if (has.has(text)) push(text);
  return out;
}

/** Special tokens in tokenizer_config.json are either strings or AddedToken objects {content: …}. */
export function tokenText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { content?: unknown }).content === 'string') return (v as { content: string }).content;
  return null;
}

/** tokenizer_config.json's eos_token, null when it names none (or an empty one). */
export function eosTokenOf(tokenizerConfig: string, source: string): string | null {
  return tokenText(jsonObject(tokenizerConfig, source, 'tokenizer_config.json').eos_token) || null;
}

function jsonObject(text: string, source: string, file: string): Record<string, unknown> {
  let cfg: unknown;
  try {
    cfg = JSON.parse(text);
  } catch (e) {
    throw new Error(`${source}: not a ${file} (invalid JSON: ${(e as Error).message})`);
  }
  if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) throw new Error(`${source}: not a ${file} (not a JSON object)`);
  return cfg as Record<string, unknown>;
}

/** The `eos_token_id` of a config.json or generation_config.json the engine takes: [] when absent or left out by `rules`. */
function eosIdsOf(f: { file: string; source: string; cfg: Record<string, unknown> }, rules: EndTokenRules): number[] {
  if (f.file === 'config.json' && !rules.configIds) return [];
  const raw = f.cfg.eos_token_id;
  if (raw === undefined || raw === null) return [];
  const ids = Array.isArray(raw) ? raw : [raw];
  if (!ids.every((x) => Number.isSafeInteger(x) && (x as number) >= 0)) {
    throw new Error(`${f.source}: eos_token_id: must be a token id or a list of token ids (whole numbers ≥ 0), got ${JSON.stringify(raw).slice(0, 200)}`);
  }
  if (f.file === 'generation_config.json') {
    // SGLang's `if generation_eos_ids:`: a bare 0 is falsy, a list (even [0]) is not.
    if (rules.generationIds === 'truthy' && raw === 0) return [];
    // TGI's `isinstance(generation_config.eos_token_id, (list, set))`.
    if (rules.generationIds === 'list' && !Array.isArray(raw)) return [];
  }
  return ids as number[];
}

/** added_tokens_decoder of a tokenizer_config.json (already parsed once by templateFromTokenizerConfig): id → content. */
function addedTokens(tokenizerConfig: string): Map<string, string> {
  const cfg = JSON.parse(tokenizerConfig) as { added_tokens_decoder?: unknown };
  const dec = cfg.added_tokens_decoder;
  const out = new Map<string, string>();
  if (!dec || typeof dec !== 'object' || Array.isArray(dec)) return out;
  for (const [id, v] of Object.entries(dec)) {
    const content = (v as { content?: unknown } | null)?.content;
    if (typeof content === 'string') out.set(id, content);
  }
  return out;
}
