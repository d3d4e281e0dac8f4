import { SAMPLE_FORMAT, type Condition, type ItemScore, type Sample } from '../../src/schema/index.ts';
import { RequestFailed } from '../client/types.ts';
import type { DatasetItem } from '../core/items.ts';
import { cutAtStops, dropStopToken } from '../templates/cut.ts';
import type { AssistantTurn } from './assistant-turn.ts';
import { judgeAll } from './judge-all.ts';
import { perturb } from './perturb.ts';
import { readReply } from './read-reply.ts';
import { userTurnBody } from './requests.ts';
import type { ItemContext } from './types.ts';

/** What every sample of one item shares. */
export interface ItemTurns {
  item: DatasetItem;
  /** The question as results keep it (a pointer for download-only sets). */
  storedQuestion: string;
  assistant: AssistantTurn;
  accuracy: ItemScore | null;
  /** The user-turn prompt for a context and its hash, rendered once per distinct context (off the event loop). */
  promptFor(context: string): Promise<{ prompt: string; sha: string }>;
}

/**
 * Sample `k` of condition `cond`: the context (the perturbed answer or the reference) → a user turn → verdicts.
 * A failed request becomes a sample with `error`, never a thrown error.
 */
export async function userTurnSample(ctx: ItemContext, turns: ItemTurns, cond: Condition, k: number): Promise<Sample> {
  const { setup, deps, tick } = ctx;
  const { item, assistant } = turns;
  const needsAnswer = cond.perturbation.kind !== 'reference';
  const base = {
    format: SAMPLE_FORMAT,
    id: `${item.id}~${cond.id}~${k}`,
    submission_id: setup.submission.id,
    dataset: item.dataset,
    item_id: item.id,
    condition: cond.id,
    sample_index: k,
    question: turns.storedQuestion,
    assistant_finish_reason: assistant.reply?.finish_reason ?? null,
    accuracy: turns.accuracy,
    temperature: cond.temperature,
    top_p: cond.top_p,
    // A cut is recorded only where the runner made one.
    ...(assistant.cut?.cut ? { assistant_turn_cut: assistant.cut.cut } : {}),
  } as const;
  const context = needsAnswer ? (assistant.answer === null ? null : perturb(assistant.answer, cond.perturbation, item.reference)) : item.reference;
  if (context === null) {
    tick();
    return {
      ...base, response: '', user_turn: '', finish_reason: null, seed: null, prompt_sha256: null,
      timings: { assistant_ms: null, user_turn_ms: null },
      error: { stage: 'assistant', reason: assistant.error ?? 'no assistant answer' },
      verdicts: [],
    };
  }
  const rendered = await turns.promptFor(context);
  const body = userTurnBody(setup, deps.model, item, context, cond, k, rendered.prompt);
  const timings = { assistant_ms: needsAnswer ? (assistant.reply?.latency_ms ?? null) : null, user_turn_ms: null as number | null };
  try {
    const r = readReply(setup, body, await deps.complete(body));
    tick();
    timings.user_turn_ms = r.latency_ms;
    const returned = dropStopToken(r.text, r.finish_reason, setup.stopTokenKept);
    const cut = setup.cutAtStops ? cutAtStops(returned, setup.builder.userTurnCutMarkers, { finishReason: r.finish_reason, stopRemnants: setup.stopRemnants }) : null;
    const userTurn = cut ? cut.text : returned;
    const verdicts = await judgeAll(deps.judges, { id: base.id, question: item.question, response: context, user_turn: userTurn, dataset: item.dataset });
    return {
      ...base, response: context, user_turn: userTurn, finish_reason: r.finish_reason, seed: body.seed, prompt_sha256: rendered.sha, timings, error: null, verdicts,
      ...(cut?.cut ? { user_turn_cut: cut.cut } : {}),
    };
  } catch (e) {
    if (!(e instanceof RequestFailed)) throw e;
    tick();
    ctx.countError();
    return {
      ...base, response: context, user_turn: '', finish_reason: null, seed: body.seed, prompt_sha256: rendered.sha, timings,
      error: { stage: 'user_turn', reason: e.message.slice(0, 2000) }, verdicts: [],
    };
  }
}
