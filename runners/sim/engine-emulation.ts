import type { EngineBehaviour } from '../engines/behaviour.ts';
import { textSpecialTokens } from '../engines/special-tokens.ts';
import type { PromptFormat } from './prompt-parse.ts';
import { simTokenize } from './tokenizer.ts';

/**
 * How an engine turns what the simulated model "emits" (text with special tokens spelled out) into the answer of
 * its completions: end-of-sequence tokens, special tokens dropped or kept, stop strings matched on the text the
 * engine matches them on, trimmed or kept. The facts come from the adapters, runners/engines/<engine>.ts. The
 * request's own `stream` counts: TGI streams each token's text with its special tokens, the end-of-sequence token
 * included and named "eos_token", and answers a non-streamed request without them.
 */
export interface EmulationSettings {
  engine: EngineBehaviour;
  /** llama.cpp started with --special: every special token is rendered in the text. */
  serverSpecial: boolean;
  /** Fault knob: the engine (or a proxy in front of it) does not apply stop strings; end-of-sequence still stops. */
  ignoreStops: boolean;
  /**
   * Every turn that ends (end-of-sequence token or stop string) ends on the last token its budget allows: the request's
   * max_tokens is taken as exactly the tokens the answer needs, where that is within it.
   */
  endAtBudget?: boolean;
  /** The tokens the engine ends a ChatML turn on for the served model (served-model.ts chatmlEndTokens). */
  chatmlEnds: readonly string[];
}

/** `matched`: what ended the turn, as SGLang's matched_stop names it (the stop string, or the end-of-sequence token's id). */
/** `tokens`: how many tokens the engine generated (its usage's completion_tokens), the ending token included. */
export type EngineOutput = { ok: true; text: string; finish_reason: string; matched?: string | number; tokens: number } | { ok: false; status: number; message: string };

const SPECIAL = /<\|[^|<>\s]{1,40}\|>/g;
const IS_SPECIAL = /^<\|[^|<>\s]{1,40}\|>$/;

/**
 * End-of-sequence tokens of the harmony and GLM families (from their generation configs): generation ends there. A
 * ChatML turn ends where the engine's rule for the served model says (EmulationSettings.chatmlEnds).
 */
const EOS: Record<Exclude<PromptFormat, 'chatml'>, readonly string[]> = {
  harmony: ['<|return|>', '<|call|>', '<|endoftext|>'],
  glm: ['<|user|>', '<|observation|>', '<|endoftext|>'],
};

/** The tokens the simulated ChatML model may end a turn with (userturn sim --end-token). */
export const CHATML_END_TOKENS: readonly string[] = ['<|im_end|>', '<|endoftext|>'];

/** Word-like pieces, as a BPE vocabulary splits text: a word with its leading space, a digit, a run of spaces, a sign. */
const PIECE = / ?[A-Za-z]+| ?\d|\s+|[^\sA-Za-z\d]/g;

/** The emitted text as tokens: each special token alone, other text in word-like pieces. */
function tokens(raw: string): string[] {
  const out: string[] = [];
  let last = 0;
  const push = (s: string) => {
    for (const m of s.matchAll(PIECE)) out.push(m[0]);
  };
  for (const m of raw.matchAll(SPECIAL)) {
    push(raw.slice(last, m.index));
    out.push(m[0]);
    last = m.index + m[0].length;
  }
  push(raw.slice(last));
  return out;
}

export function emulateEngine(
  raw: string,
  req: { stop: string[]; max_tokens: number; body: Record<string, unknown> },
  format: PromptFormat,
  s: EmulationSettings,
): EngineOutput {
  const e = s.engine;
  // TGI validates top_p before the stop strings (router/src/validation.rs validate()).
  const topP = req.body.top_p;
  if (e.refusesTopPOne && typeof topP === 'number' && (topP <= 0 || topP >= 1)) {
    return { ok: false, status: 422, message: 'Input validation error: `top_p` must be > 0.0 and < 1.0' };
  }
  if (e.maxStops !== null && req.stop.length > e.maxStops) {
    return { ok: false, status: 422, message: `Input validation error: \`stop\` supports up to ${e.maxStops} stop sequences. Given: ${req.stop.length}` };
  }
  const streamed = req.body.stream === true;
  // The runner's own reading of the adapter (special-tokens.ts), with what only the server knows: the request's
  // skip_special_tokens as sent and llama.cpp's --special.
  const inText = textSpecialTokens({ specialTokensInText: e.specialTokensInText, extraBody: { skip_special_tokens: req.body.skip_special_tokens as boolean | undefined } }, streamed);
  const keepsSpecial = inText === 'kept' || (inText === 'server_flag' && s.serverSpecial);
  // TGI streamed: each token's text as decoded with special tokens, the one it stopped on included (tgi.ts).
  const keepsStopToken = keepsSpecial && !e.trimsStop;
  const render = (tok: string): string => (!IS_SPECIAL.test(tok) || keepsSpecial || e.alwaysRendered.includes(tok) ? tok : '');
  const renderAll = (text: string): string => tokens(text).map(render).join('');
  const stops = s.ignoreStops ? [] : req.stop.filter((x) => x.length > 0);
  // The engine's own end tokens too (SGLang's <|eom_id|>): the simulator's tokenizer has every special token.
  const eos = format === 'chatml' ? s.chatmlEnds : [...EOS[format], ...e.endTokenRules.always];
  /** The answer under a budget, and how many tokens it used when a token of its own ended it (null: it did not end). */
  const under = (budget: number): { out: EngineOutput; ended: number | null } => {
    let rawSoFar = '';
    let shown = '';
    let n = 0;
    for (const tok of tokens(raw)) {
      const spent = { out: { ok: true, text: shown, finish_reason: 'length', tokens: n }, ended: null } as const;
      // TGI and SGLang count the ending token against the budget and check the budget first (budgetBeforeStop): the
      // turn is then `length`, and nothing is trimmed, so the ending token stays in the text as the engine renders it.
      if (e.budgetBeforeStop && n >= budget) return spent;
      const last = e.budgetBeforeStop && n + 1 === budget;
      if (eos.includes(tok)) {
        const text = keepsStopToken || last ? shown + render(tok) : shown;
        if (last) return { out: { ok: true, text, finish_reason: 'length', tokens: n + 1 }, ended: n + 1 };
        return { out: { ok: true, text, finish_reason: streamed ? e.streamedEosFinishReason : 'stop', matched: simTokenize(tok, false)[0]!.id, tokens: n + 1 }, ended: n + 1 };
      }
      if (n >= budget) return spent;
      n++;
      rawSoFar += tok;
      shown += render(tok);
      const matchText = e.stopsMatch === 'returned_text' ? shown : rawSoFar;
      let at = -1;
      let matched = '';
      for (const st of stops) {
        // TGI tests each stop as a regex anchored at the end of the output so far (StopSequenceCriteria "stop$").
        const i = e.trimsStop ? matchText.indexOf(st) : matchText.endsWith(st) ? matchText.length - st.length : -1;
        if (i >= 0 && (at < 0 || i < at)) [at, matched] = [i, st];
      }
      if (at >= 0) {
        // The engine's own name for a stop match (TGI: "stop_sequence"); the runner maps it back.
        const finish_reason = last ? 'length' : e.stopFinishReason;
        // A match on the last allowed token is no match for an engine that checks the budget first: kept whole.
        if (last) return { out: { ok: true, text: shown, finish_reason, tokens: n }, ended: n };
        if (!e.trimsStop) return { out: { ok: true, text: shown, finish_reason, matched, tokens: n }, ended: n };
        return { out: { ok: true, text: e.stopsMatch === 'returned_text' ? shown.slice(0, at) : renderAll(rawSoFar.slice(0, at)), finish_reason, matched, tokens: n }, ended: n };
      }
    }
    return { out: { ok: true, text: shown, finish_reason: 'stop', tokens: n }, ended: null };
  };
  const asked = under(req.max_tokens);
  if (!s.endAtBudget || asked.ended === null) return asked.out;
  // The budget asked is taken as exactly the tokens the turn needs, so the engine reports it spent whole.
  const atBudget = under(asked.ended).out;
  return atBudget.ok && atBudget.finish_reason === 'length' ? { ...atBudget, tokens: req.max_tokens } : atBudget;
}
