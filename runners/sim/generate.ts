import { drawLabel, labelWeights, type Profile } from './profiles.ts';
import { parsePrompt } from './prompt-parse.ts';
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
  finish_reason: 'stop' | 'length';
}

export interface GeneratorOptions {
  profile: Profile;
  seed: number;
  gsm8k: Map<string, string>;
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
 */
export function generate(req: GenerateRequest, opts: GeneratorOptions): Generation {
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
    if (label === 'identity_leakage' && rand() < 0.3) raw += '<|im_end|>\n<|im_start|>assistant\nSure, here is more detail.';
  } else {
    raw = assistantAnswer(parsed.question, opts, rand);
  }
  const stopped = applyStops(raw, req.stop);
  let text = stopped.text;
  if (stopped.stopped) finish = 'stop';
  if (approxTokens(text) > req.max_tokens) {
    text = text.slice(0, req.max_tokens * 4);
    finish = 'length';
  }
  return { text, finish_reason: finish };
}
