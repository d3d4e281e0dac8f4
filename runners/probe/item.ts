import { createHash } from 'node:crypto';
import { SAMPLE_FORMAT, type Sample, type TurnCut } from '../../src/schema/index.ts';
import type { CompletionResult } from '../client/types.ts';
import type { DatasetItem } from '../core/items.ts';
import { promptPlaceholder } from '../datasets/as-run.ts';
import { assistantTurn } from './assistant-turn.ts';
import { requestsPerItem } from './requests.ts';
import type { ItemContext } from './types.ts';
import { userTurnSample, type ItemTurns } from './user-turn.ts';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Not probed, not scored: one record keeps an item whose assistant turn is unfinished visible (and counted). */
function unfinishedSample(ctx: ItemContext, item: DatasetItem, storedQuestion: string, assistant: CompletionResult, cut: TurnCut | null, reason: 'length' | 'empty_answer'): Sample {
  const { setup } = ctx;
  const cond = setup.suite.conditions[0]!;
  return {
    format: SAMPLE_FORMAT, id: `${item.id}~${cond.id}~0`, submission_id: setup.submission.id, dataset: item.dataset, item_id: item.id,
    condition: cond.id, sample_index: 0, question: storedQuestion, response: '', assistant_finish_reason: assistant.finish_reason, accuracy: null,
    user_turn: '', finish_reason: null, seed: null, temperature: cond.temperature, top_p: cond.top_p, prompt_sha256: null,
    timings: { assistant_ms: assistant.latency_ms, user_turn_ms: null }, error: null, verdicts: [],
    unfinished: { reason, raw_chars: assistant.text.length, raw_tail: assistant.text.slice(-2000) },
    ...(cut ? { assistant_turn_cut: cut } : {}),
  };
}

/**
 * One item: the assistant turn → verifier → a user turn for every sample of every condition → verdicts.
 * Failed requests become samples with `error` (never dropped); samples come back in condition and k order.
 */
export async function runItem(ctx: ItemContext, item: DatasetItem): Promise<Sample[]> {
  const { setup, deps } = ctx;
  // Download-only sets (HealthBench) are never redistributed: results keep a pointer, not the prompt. The
  // judges still see the real question.
  const storedQuestion = ctx.downloadOnly.has(item.dataset) ? promptPlaceholder(item.dataset, item.id) : item.question;
  const assistant = await assistantTurn(ctx, item);
  if (assistant.reply && assistant.unfinished) {
    // No user turn and no verdict: its skipped requests count as done for progress.
    ctx.tick(requestsPerItem(setup, item) - 1);
    return [unfinishedSample(ctx, item, storedQuestion, assistant.reply, assistant.cut?.cut ?? null, assistant.unfinished)];
  }
  // Greedy and sampled conditions share one context: render each distinct prompt (and hash it) once.
  const prompts = new Map<string, Promise<{ prompt: string; sha: string }>>();
  const turns: ItemTurns = {
    item,
    storedQuestion,
    assistant,
    accuracy: assistant.answer !== null ? await deps.verify(item.verifier, assistant.answer) : null,
    promptFor(context) {
      let p = prompts.get(context);
      if (!p) {
        p = setup.builder.userTurnPromptAsync(item.question, context).then((prompt) => ({ prompt, sha: sha256(prompt) }));
        prompts.set(context, p);
      }
      return p;
    },
  };
  const jobs: Array<Promise<Sample>> = [];
  for (const cond of setup.suite.conditions) {
    if (cond.perturbation.kind === 'reference' && item.reference === null) continue;
    for (let k = 0; k < cond.samples; k++) jobs.push(userTurnSample(ctx, turns, cond, k));
  }
  return Promise.all(jobs);
}
