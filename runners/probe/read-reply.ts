import type { CompletionBody, CompletionResult } from '../client/types.ts';
import { finishAtBudget } from '../templates/cut.ts';
import type { ProbeSetup } from './types.ts';

/**
 * The engine's reply with its finish reason as the runner reads it: on TGI streamed a turn that ended on the last
 * token its budget allowed says `length`, and is a stop when its text ends with one of the request's stops or the
 * template's end-of-sequence token (templates/cut.ts finishAtBudget). Every other reply as it came.
 */
export function readReply(setup: Pick<ProbeSetup, 'endedAtBudget' | 'builder'>, body: CompletionBody, r: CompletionResult): CompletionResult {
  const finish_reason = finishAtBudget(r.text, r.finish_reason, [...body.stop, setup.builder.template.eos_token], setup.endedAtBudget);
  return finish_reason === r.finish_reason ? r : { ...r, finish_reason };
}
