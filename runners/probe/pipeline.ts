import { createHash } from 'node:crypto';
import type { DatasetId, ItemScore, Sample, Verdict } from '../../src/schema/index.ts';
import { SAMPLE_FORMAT } from '../../src/schema/index.ts';
import { RequestFailed, type CompletionBody, type CompletionResult } from '../client/types.ts';
import type { DatasetItem } from '../datasets/types.ts';
import type { Judge } from '../judge/types.ts';
import { stripReasoning } from '../templates/reasoning.ts';
import type { VerifierItem } from '../verifiers/types.ts';
import { perturb } from './perturb.ts';
import { assistantBody, requestsPerItem, userTurnBody } from './requests.ts';
import type { ProbeSetup } from './types.ts';

export interface ProbeDeps {
  complete(body: CompletionBody): Promise<CompletionResult>;
  judges: Judge[];
  verify(item: VerifierItem | null, answer: string): ItemScore | null;
  /** Model name sent in every request (what the endpoints serve). */
  model: string;
  /** Called after every finished (or skipped) request. */
  onProgress?(done: number, total: number): void;
}

export interface ProbeOutput {
  samples: Map<DatasetId, Sample[]>;
  requestErrors: number;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Every request a run will make, for progress and --dry-run. */
export const totalRequests = (setup: ProbeSetup): number =>
  setup.datasets.reduce((s, d) => s + d.items.reduce((t, it) => t + requestsPerItem(setup, it), 0), 0);

async function judgeAll(judges: Judge[], input: Parameters<Judge['judge']>[0]): Promise<Verdict[]> {
  const out: Verdict[] = [];
  for (const j of judges) {
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
 * Suite v1 for one submission: per item, the assistant turn → verifier → a user turn for every sample of
 * every condition → verdicts of every judge. All requests go through `deps.complete` (cache, retries, limits).
 */
export async function runProbe(setup: ProbeSetup, deps: ProbeDeps): Promise<ProbeOutput> {
  const total = totalRequests(setup);
  let done = 0;
  let requestErrors = 0;
  const tick = (n = 1) => {
    done += n;
    deps.onProgress?.(done, total);
  };
  const mode = setup.submission.reasoning.mode;

  async function runItem(item: DatasetItem): Promise<Sample[]> {
    const aBody = assistantBody(setup, deps.model, item);
    const opensThink = /<think>\s*$/.test(aBody.prompt);
    let assistant: CompletionResult | null = null;
    let assistantError: string | null = null;
    try {
      assistant = await deps.complete(aBody);
    } catch (e) {
      if (!(e instanceof RequestFailed)) throw e;
      assistantError = e.message;
      requestErrors++;
    }
    tick();
    const answer = assistant ? stripReasoning(assistant.text, mode, opensThink) : null;
    const accuracy = answer !== null ? deps.verify(item.verifier, answer) : null;

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
              question: item.question,
              assistant_finish_reason: assistant?.finish_reason ?? null,
              accuracy,
              temperature: cond.temperature,
              top_p: cond.top_p,
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
            const body = userTurnBody(setup, deps.model, item, context, cond, k);
            const timings = { assistant_ms: needsAnswer ? (assistant?.latency_ms ?? null) : null, user_turn_ms: null as number | null };
            try {
              const r = await deps.complete(body);
              tick();
              timings.user_turn_ms = r.latency_ms;
              const verdicts = await judgeAll(deps.judges, { id: base.id, question: item.question, response: context, user_turn: r.text, dataset: item.dataset });
              return { ...base, response: context, user_turn: r.text, finish_reason: r.finish_reason, seed: body.seed, prompt_sha256: sha256(body.prompt), timings, error: null, verdicts };
            } catch (e) {
              if (!(e instanceof RequestFailed)) throw e;
              tick();
              requestErrors++;
              return {
                ...base, response: context, user_turn: '', finish_reason: null, seed: body.seed, prompt_sha256: sha256(body.prompt), timings,
                error: { stage: 'user_turn', reason: e.message.slice(0, 2000) }, verdicts: [],
              };
            }
          })(),
        );
      }
    }
    return Promise.all(jobs);
  }

  const samples = new Map<DatasetId, Sample[]>();
  const perDataset = await Promise.all(setup.datasets.map(async (d) => ({ id: d.spec.id, samples: (await Promise.all(d.items.map(runItem))).flat() })));
  for (const d of perDataset) samples.set(d.id, d.samples);
  return { samples, requestErrors };
}
