import type { CompletionBody, CompletionResult } from '../client/types.ts';
import { finishAtBudget } from '../templates/cut.ts';
import type { ProbeSetup } from './types.ts';

/**
 * The engine's reply with its finish reason as the runner reads it: on TGI streamed and SGLang a turn that ended on the
 * last token its budget allowed says `length`, and is a stop when its text ends with one of the request's stops, the
 * template's end-of-sequence token or one of config.json's and generation_config.json's (templates/end-tokens.ts; templates/cut.ts
 * finishAtBudget). An engine that trims its stops (SGLang) left
 * that ending only because the budget came first, so it is removed, as the engine removes it from any other stopped
 * turn; TGI keeps it in every stopped turn, and dropStopToken and cutAtStops treat it there. Every other reply as it came.
 */
export function readReply(setup: Pick<ProbeSetup, 'endedAtBudget' | 'builder' | 'engine' | 'template'>, body: CompletionBody, r: CompletionResult): CompletionResult {
  // Most replies: no list of enders is built for them (this runs for every reply of a run, issue 16).
  if (!setup.endedAtBudget || r.finish_reason !== 'length') return r;
  const enders = [...body.stop, setup.builder.template.eos_token, ...setup.template.endTokens];
  const finish_reason = finishAtBudget(r.text, r.finish_reason, enders, setup.endedAtBudget);
  if (finish_reason === r.finish_reason) return r;
  if (!setup.engine.trimsStop) return { ...r, finish_reason };
  const ender = enders.reduce<string>((best, s) => (s && s.length > best.length && r.text.endsWith(s) ? s : best), '');
  return { ...r, finish_reason, text: r.text.slice(0, r.text.length - ender.length) };
}
