import { emulateEngine, type EmulationSettings, type EngineOutput } from './engine-emulation.ts';
import { drawLabel, labelWeights, type Profile } from './profiles.ts';
import { parsePrompt, type PromptFormat } from './prompt-parse.ts';
import { rngFor } from './rng.ts';
import { genericAnswer, guessedAnswer, userTurnText, workedAnswer } from './text.ts';

export interface GenerateRequest {
  prompt: string;
  temperature: number;
  top_p: number;
  seed: number | null;
  max_tokens: number;
  stop: string[];
}

export interface Generation {
  text: string;
  /** 'stop' or 'length'; an emulated engine may name a stop match its own way (TGI's "stop_sequence"). */
  finish_reason: string;
  /** What an emulated engine stopped on (engine-emulation.ts). */
  matched?: string | number;
  /** Tokens generated (usage.completion_tokens): the whole max_tokens for a `length` finish, as an engine spends it. */
  tokens: number;
}

export interface GeneratorOptions {
  profile: Profile;
  seed: number;
  gsm8k: Map<string, string>;
  /** Share of assistant turns that reason until max_tokens without closing (default: the profile's, else 0). */
  unfinishedRate?: number;
  /** Every user turn runs on past a role header into an assistant reply (tests of the runner's own cut). */
  runPast?: boolean;
  /**
   * Through an engine, the end-of-sequence token that ends a ChatML turn (default <|im_end|>): <|endoftext|> is one
   * too in Qwen's generation_config.json, which the engine stops on where its rule takes it for the served model
   * (served-model.ts); SGLang also stops on <|eom_id|> (its endTokenRules.always). Where the engine does not stop on
   * it, the model runs on into the next turn.
   */
  endToken?: string;
}

/** An emulated engine and the request body it judges (special-token fields). */
export type EngineRequest = EmulationSettings & { body: Record<string, unknown> };
/** What an emulated engine answers instead of a completion (e.g. TGI refusing more stop strings than it allows). */
export type EngineRefusal = Extract<EngineOutput, { ok: false }>;

const MORE = 'Sure, here is more detail.';

/** What a model writes after its user turn when nothing stops it: the next turn, as each template spells it. */
const RUN_ON: Record<PromptFormat, string> = {
  chatml: `\n<|im_start|>assistant\n${MORE}<|im_end|>`,
  harmony: `<|end|><|start|>assistant<|channel|>final<|message|>${MORE}<|return|>`,
  glm: `\n<|assistant|>\n${MORE}<|user|>`,
};

/** A ChatML turn's end token, and the next turn after it where the engine does not stop there (TGI on a qwen3 model's <|endoftext|>). */
function chatmlEnd(opts: GeneratorOptions, engine: EngineRequest): string {
  const end = opts.endToken ?? '<|im_end|>';
  return engine.chatmlEnds.includes(end) ? end : end + RUN_ON.chatml;
}

/** Reasoning that never ends: the assistant turn runs into max_tokens with its think block still open (8 characters a token is more than any tokenization here gives). */
function endlessReasoning(format: PromptFormat, opensThink: boolean, maxTokens: number): string {
  const open = format === 'harmony' ? '<|channel|>analysis<|message|>' : opensThink ? '' : '<think>\n';
  let body = '';
  while (body.length < maxTokens * 8 + 64) body += 'Let me check this again step by step. ';
  return open + body;
}

/** The assistant turn as the model emits it under each template: reasoning first where the template opens it. */
function assistantEmission(answer: string, format: PromptFormat, opensThink: boolean): string {
  const thought = 'I will work through the question before answering.';
  if (format === 'harmony') return `<|channel|>analysis<|message|>${thought}<|end|><|start|>assistant<|channel|>final<|message|>${answer}`;
  return opensThink ? `${thought}\n</think>\n\n${answer}` : answer;
}

/** Roughly 4 characters per token: enough to honour max_tokens plausibly. */
const approxTokens = (s: string): number => Math.ceil(s.length / 4);

/** Cut at the first stop sequence (the stop string itself is not returned, as with OpenAI servers). */
function applyStops(text: string, stops: string[]): { text: string; stopped: boolean } {
  let cut = -1;
  for (const s of stops) {
    if (!s) continue;
    const i = text.indexOf(s);
    if (i >= 0 && (cut < 0 || i < cut)) cut = i;
  }
  return cut < 0 ? { text, stopped: false } : { text: text.slice(0, cut), stopped: true };
}

function assistantAnswer(q: string, opts: GeneratorOptions, rand: () => number): string {
  const ref = opts.gsm8k.get(q.trim());
  if (ref !== undefined) {
    const final = /####\s*(.+)\s*$/.exec(ref)?.[1]?.trim() ?? '';
    const right = rand() < opts.profile.accuracy;
    const n = Number(final.replace(/,/g, ''));
    const shown = right || !Number.isFinite(n) ? final : String(n + 1 + Math.floor(rand() * 9));
    return workedAnswer(ref, shown);
  }
  if (/\d/.test(q) && /how (many|much)|what is|calculate/i.test(q)) return guessedAnswer(q, rand);
  return genericAnswer(q, rand);
}

/**
 * Deterministic text for one request: greedy requests depend only on the prompt; sampled ones also on the
 * request seed. Assistant-turn prompts get an answer; user-turn prompts get a user turn drawn from the profile.
 * Without an engine to emulate, stop strings are applied to the emitted text directly (an ideal engine).
 */
export function generate(req: GenerateRequest, opts: GeneratorOptions): Generation;
export function generate(req: GenerateRequest, opts: GeneratorOptions, engine?: EngineRequest): Generation | EngineRefusal;
export function generate(req: GenerateRequest, opts: GeneratorOptions, engine?: EngineRequest): Generation | EngineRefusal {
  const greedy = req.temperature === 0;
  const rand = rngFor(opts.seed, opts.profile.name, req.prompt, req.temperature, req.top_p, greedy ? 'greedy' : String(req.seed ?? 'noseed'));
  const parsed = parsePrompt(req.prompt);
  let raw: string;
  let finish: 'stop' | 'length' = 'stop';
  if (parsed.turn === 'user') {
    const a = parsed.answer.trim();
    const truncated = a.length > 0 && !/[.!?)\]`"'*:]$|\d$/.test(a);
    const endsWithQuestion = /\?$/.test(a);
    const label = drawLabel(labelWeights(opts.profile, { temperature: req.temperature, truncated, endsWithQuestion }), rand);
    const out = userTurnText(label, parsed.question, a, { truncated }, rand);
    raw = out.text;
    finish = out.finish;
    // Some leakers switch roles mid-turn; the runner's stop sequences must catch it.
    if (parsed.format === 'chatml' && label === 'identity_leakage' && rand() < 0.3) raw += '<|im_end|>\n<|im_start|>assistant\nSure, here is more detail.';
    if (engine && out.finish === 'length') while (raw.length <= req.max_tokens * 4) raw += ` ${raw}`;
    else if (opts.runPast) raw += RUN_ON[parsed.format];
    // Through an engine, the model goes on after its turn: end of turn (ChatML), or the next turn (harmony, GLM).
    else if (engine) raw += parsed.format === 'chatml' ? chatmlEnd(opts, engine) : RUN_ON[parsed.format];
  } else {
    const unfinishedRate = opts.unfinishedRate ?? opts.profile.unfinishedRate ?? 0;
    const endless = unfinishedRate > 0 && rngFor(opts.seed, 'unfinished', req.prompt)() < unfinishedRate;
    raw = endless ? endlessReasoning(parsed.format, parsed.opensThink, req.max_tokens) : assistantEmission(assistantAnswer(parsed.question, opts, rand), parsed.format, parsed.opensThink);
    if (engine && !endless) raw += parsed.format === 'harmony' ? '<|return|>' : parsed.format === 'glm' ? '<|user|>' : chatmlEnd(opts, engine);
  }
  if (engine) return emulateEngine(raw, { stop: req.stop, max_tokens: req.max_tokens, body: engine.body }, parsed.format, engine);
  const stopped = applyStops(raw, req.stop);
  let text = stopped.text;
  if (stopped.stopped) finish = 'stop';
  if (approxTokens(text) > req.max_tokens) {
    text = text.slice(0, req.max_tokens * 4);
    finish = 'length';
  }
  return { text, finish_reason: finish, tokens: finish === 'length' ? req.max_tokens : approxTokens(text) };
}
