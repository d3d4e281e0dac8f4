import type { TurnCut } from '../../src/schema/index.ts';
import { RequestFailed, type CompletionResult } from '../client/types.ts';
import type { DatasetItem } from '../core/items.ts';
import { cutAtStops, dropStopToken } from '../templates/cut.ts';
import { stripReasoning } from '../templates/reasoning.ts';
import { readReply } from './read-reply.ts';
import { assistantBody } from './requests.ts';
import type { ItemContext } from './types.ts';

/** One item's assistant turn as the user turns use it. */
export interface AssistantTurn {
  /** The engine's reply; null when the request failed after its retries. */
  reply: CompletionResult | null;
  /** Why the request failed (null when it did not). */
  error: string | null;
  /** The runner's cut at the template's stops (suite v2), or null when it did not cut. */
  cut: { text: string; cut: TurnCut | null } | null;
  /** The reply without its reasoning; null without a reply. */
  answer: string | null;
  /** Why the turn has no usable answer and the item is skipped (suite setting `unfinished: skip`), or null. */
  unfinished: 'length' | 'empty_answer' | null;
}

/**
 * Why an assistant turn has no usable answer (suite v2), or null: it hit its token budget, or nothing is left
 * once reasoning is removed (e.g. an unclosed <think>, or harmony without a final message). A turn the runner cut
 * at an end-of-turn marker or role header has ended there, whatever the engine's finish reason (it ran on).
 */
export function unfinishedReason(finishReason: string | null, answer: string, cut: TurnCut | null = null): 'length' | 'empty_answer' | null {
  if (finishReason === 'length' && cut?.kind !== 'marker') return 'length';
  return answer.trim() === '' ? 'empty_answer' : null;
}

/** Ask for the item's assistant turn (one request; a failure is counted, not thrown) and read its answer. */
export async function assistantTurn(ctx: ItemContext, item: DatasetItem): Promise<AssistantTurn> {
  const { setup, deps } = ctx;
  const body = assistantBody(setup, deps.model, item, await setup.builder.assistantPromptAsync(item.question));
  const opensThink = /<think>\s*$/.test(body.prompt);
  let reply: CompletionResult | null = null;
  let error: string | null = null;
  try {
    reply = readReply(setup, body, await deps.complete(body));
  } catch (e) {
    if (!(e instanceof RequestFailed)) throw e;
    error = e.message;
    ctx.countError();
  }
  ctx.tick();
  // Suite v2: cut the returned text at the template's stops whatever the engine did (for harmony the
  // assistant stops leave out <|end|>, which closes the analysis message inside one assistant turn).
  // TGI streamed: the token it stopped on is in the text (cut.ts dropStopToken).
  const returned = reply ? dropStopToken(reply.text, reply.finish_reason, setup.stopTokenKept) : null;
  const cut = returned !== null && reply && setup.cutAtStops ? cutAtStops(returned, setup.builder.assistantCutMarkers, { finishReason: reply.finish_reason, stopRemnants: setup.stopRemnants }) : null;
  const text = cut ? cut.text : returned;
  const answer = text !== null ? stripReasoning(text, setup.submission.reasoning.mode, opensThink) : null;
  const unfinished = reply && answer !== null && setup.suite.assistant_turn.unfinished === 'skip' ? unfinishedReason(reply.finish_reason, answer, cut?.cut ?? null) : null;
  return { reply, error, cut, answer, unfinished };
}
