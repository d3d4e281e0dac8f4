/** Summaries built by the real summarizer from hand-made gsm8k samples, greedy or sampled (tests of intervals and ranks). */
import type { Sample, Suite } from '../../src/schema/index.ts';
import { buildSummary } from '../../src/lib/build-summary.ts';

export const judge = { id: 'heuristic:test', kind: 'heuristic' as const, model: null, prompt_version: 't', temperature: null, max_tokens: null };

type Pick = number | ((item: number) => boolean);
const picks = (p: Pick) => (typeof p === 'number' ? (i: number) => i < p : p);

/** n gsm8k items, greedy only: hits on the first `hits` items (or where it says), the same for correct answers. */
export function samples(n: number, hits: Pick, correct: Pick, unjudgedFirst = false): Sample[] {
  const hit = picks(hits);
  const ok = picks(correct);
  return Array.from({ length: n }, (_, i) => ({
    format: 1, id: `q${i}~greedy~0`, submission_id: 'm', dataset: 'gsm8k', item_id: `q${i}`, condition: 'greedy', sample_index: 0,
    question: 'q', response: 'a', assistant_finish_reason: 'stop',
    accuracy: { kind: 'gsm8k', correct: ok(i), extracted: '1', rule: 'r', reference: '1' },
    user_turn: 'u', finish_reason: 'stop', seed: 1, temperature: 0, top_p: 1, prompt_sha256: null, timings: { assistant_ms: null, user_turn_ms: null },
    error: null,
    verdicts: unjudgedFirst && i === 0 ? [{ kind: 'judge_error', reason: 'x', judge: judge.id }]
      : [{ kind: 'label', label: hit(i) ? 'genuine_followup' : 'prompt_restatement', rationale: 'r', evidence_span: null, rule: null, judge: judge.id }],
  }) satisfies Sample);
}

/** n gsm8k items under a sampled condition, k user turns each, a genuine follow-up where `hit(item, sample)`. */
export function sampledSamples(n: number, k: number, hit: (item: number, sample: number) => boolean, condition = 't1.0'): Sample[] {
  return samples(n, 0, 0).flatMap((s, i) => Array.from({ length: k }, (_, j) => ({
    ...s, id: `q${i}~${condition}~${j}`, condition, sample_index: j, temperature: 1,
    verdicts: [{ ...s.verdicts[0]!, ...(hit(i, j) ? { label: 'genuine_followup' as const } : {}) }],
  }) as Sample));
}

/** The other inputs of buildSummary (submission, judge, provenance, run) for a one-model test. */
export function summarizeInput(suite: Suite, id = 'm') {
  return {
    suite, submission: { id, display_name: id.toUpperCase(), family: 'f', hf: { repo: 'o/m', revision: 'main' }, params: { total_b: 1, active_b: 1 } },
    judges: [judge],
    provenance: {
      suite_id: 'userturn', suite_version: suite.version, taxonomy_version: 1, submission_sha256: '0'.repeat(64), template_sha256: null, template_source: 'x',
      stop_sequences: [], decoding: { assistant: { temperature: 0, top_p: 1, max_tokens: 1 }, user_turn_max_tokens: 1, conditions: [] },
      endpoint_models: [], simulated: true, runner_commit: null, runner_dirty: null, package_versions: {}, datasets: [], shards: null,
    },
    run: { started_at: '2026-01-01T00:00:00Z', finished_at: '2026-01-01T00:00:01Z', duration_s: 1, requests_sent: 0, cache_hits: 0, request_errors: 0, endpoints: [] },
  };
}

export function summarize(suite: Suite, list: Sample[], id = 'm') {
  return buildSummary({ ...summarizeInput(suite, id), samples: { gsm8k: list } });
}
