import { createHash } from 'node:crypto';
import { SAMPLE_FORMAT, type Sample, type TurnCut, type Verdict } from '../../src/schema/index.ts';
import { RequestFailed, type CompletionResult } from '../client/types.ts';
import type { DatasetItem } from '../core/items.ts';
import type { Judge } from '../judge/types.ts';
import { cutAtStops } from '../templates/cut.ts';
import { stripReasoning } from '../templates/reasoning.ts';
import { perturb } from './perturb.ts';
import { assistantBody, requestsPerItem, userTurnBody } from './requests.ts';
import type { ItemContext } from './types.ts';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/**
 * Let pending I/O run first. Judging is CPU work; chained through microtasks, a burst of it would keep the
 * event loop from reading responses that have already arrived. Those responses would not be cached yet, and a
 * crash in that moment would send them again on resume.
 */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

async function judgeAll(judges: Judge[], input: Parameters<Judge['judge']>[0]): Promise<Verdict[]> {
  const out: Verdict[] = [];
  for (const j of judges) {
    await yieldToIo();
    try {
      out.push(await j.judge(input));
    } catch (e) {
      // The judge contract says never throw; if one does, the failure is still recorded, not dropped.
      out.push({ kind: 'judge_error', reason: `judge threw: ${(e as Error).message}`.slice(0, 4000), judge: j.stamp.id });
    }
  }
  return out;
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

/**
 * One item: the assistant turn → verifier → a user turn for every sample of every condition → verdicts.
 * Failed requests become samples with `error` (never dropped); samples come back in condition and k order.
 */
export async function runItem(ctx: ItemContext, item: DatasetItem): Promise<Sample[]> {
  const { setup, deps, tick } = ctx;
  const mode = setup.submission.reasoning.mode;

  // Download-only sets (HealthBench) are never redistributed: results keep a pointer, not the prompt. The
  // judges still see the real question.
  const storedQuestion = ctx.downloadOnly.has(item.dataset) ? `[${item.dataset} item ${item.id}: prompt not redistributed]` : item.question;
  const aBody = assistantBody(setup, deps.model, item);
  const opensThink = /<think>\s*$/.test(aBody.prompt);
  let assistant: CompletionResult | null = null;
  let assistantError: string | null = null;
  try {
    assistant = await deps.complete(aBody);
  } catch (e) {
    if (!(e instanceof RequestFailed)) throw e;
    assistantError = e.message;
    ctx.countError();
  }
  tick();
  // Suite v2: cut the returned text at the template's stops whatever the engine did (for harmony the
  // assistant stops leave out <|end|>, which closes the analysis message inside one assistant turn).
  const aCut = assistant && setup.cutAtStops ? cutAtStops(assistant.text, setup.builder.assistantCutMarkers, { finishReason: assistant.finish_reason, stopRemnants: setup.stopRemnants }) : null;
  const assistantText = aCut ? aCut.text : (assistant?.text ?? null);
  const answer = assistantText !== null ? stripReasoning(assistantText, mode, opensThink) : null;
  const unfinished = assistant && answer !== null && setup.suite.assistant_turn.unfinished === 'skip' ? unfinishedReason(assistant.finish_reason, answer, aCut?.cut ?? null) : null;
  if (assistant && unfinished) {
    // Not probed, not scored: one record keeps the item visible (and counted), with no user turn and no verdict.
    const cond = setup.suite.conditions[0]!;
    tick(requestsPerItem(setup, item) - 1);
    return [
      {
        format: SAMPLE_FORMAT, id: `${item.id}~${cond.id}~0`, submission_id: setup.submission.id, dataset: item.dataset, item_id: item.id,
        condition: cond.id, sample_index: 0, question: storedQuestion, response: '', assistant_finish_reason: assistant.finish_reason, accuracy: null,
        user_turn: '', finish_reason: null, seed: null, temperature: cond.temperature, top_p: cond.top_p, prompt_sha256: null,
        timings: { assistant_ms: assistant.latency_ms, user_turn_ms: null }, error: null, verdicts: [],
        unfinished: { reason: unfinished, raw_chars: assistant.text.length, raw_tail: assistant.text.slice(-2000) },
        ...(aCut?.cut ? { assistant_turn_cut: aCut.cut } : {}),
      },
    ];
  }
  const accuracy = answer !== null ? deps.verify(item.verifier, answer) : null;

  // Greedy and sampled conditions share one context: render each distinct prompt (and hash it) once.
  const prompts = new Map<string, { prompt: string; sha: string }>();
  const promptFor = (context: string) => {
    let p = prompts.get(context);
    if (!p) {
      const prompt = setup.builder.userTurnPrompt(item.question, context);
      p = { prompt, sha: sha256(prompt) };
      prompts.set(context, p);
    }
    return p;
  };
  const jobs: Array<Promise<Sample>> = [];
  for (const cond of setup.suite.conditions) {
    const needsAnswer = cond.perturbation.kind !== 'reference';
    if (!needsAnswer && item.reference === null) continue;
    for (let k = 0; k < cond.samples; k++) {
      jobs.push(
        (async (): Promise<Sample> => {
          const base = {
            format: SAMPLE_FORMAT,
            id: `${item.id}~${cond.id}~${k}`,
            submission_id: setup.submission.id,
            dataset: item.dataset,
            item_id: item.id,
            condition: cond.id,
            sample_index: k,
            question: storedQuestion,
            assistant_finish_reason: assistant?.finish_reason ?? null,
            accuracy,
            temperature: cond.temperature,
            top_p: cond.top_p,
            // A cut is recorded only where the runner made one.
            ...(aCut?.cut ? { assistant_turn_cut: aCut.cut } : {}),
          } as const;
          const context = needsAnswer ? (answer === null ? null : perturb(answer, cond.perturbation, item.reference)) : item.reference;
          if (context === null) {
            tick();
            return {
              ...base, response: '', user_turn: '', finish_reason: null, seed: null, prompt_sha256: null,
              timings: { assistant_ms: null, user_turn_ms: null },
              error: { stage: 'assistant', reason: assistantError ?? 'no assistant answer' },
              verdicts: [],
            };
          }
          const rendered = promptFor(context);
          const body = userTurnBody(setup, deps.model, item, context, cond, k, rendered.prompt);
          const timings = { assistant_ms: needsAnswer ? (assistant?.latency_ms ?? null) : null, user_turn_ms: null as number | null };
          try {
            const r = await deps.complete(body);
            tick();
            timings.user_turn_ms = r.latency_ms;
            const cut = setup.cutAtStops ? cutAtStops(r.text, setup.builder.userTurnCutMarkers, { finishReason: r.finish_reason, stopRemnants: setup.stopRemnants }) : null;
            const userTurn = cut ? cut.text : r.text;
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
        })(),
      );
    }
  }
  return Promise.all(jobs);
}
