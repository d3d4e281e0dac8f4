import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary, type Sample, type Suite } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { buildSummary } from '../../../runners/results/summarize.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const judge = { id: 'heuristic:test', kind: 'heuristic' as const, model: null, prompt_version: 't', temperature: null, max_tokens: null };

/** n gsm8k items, greedy only: `hits` genuine follow-ups, `correct` right answers. Item 0 optionally unjudged. */
function samples(n: number, hits: number, correct: number, unjudgedFirst = false): Sample[] {
  return Array.from({ length: n }, (_, i) => ({
    format: 1, id: `q${i}~greedy~0`, submission_id: 'm', dataset: 'gsm8k', item_id: `q${i}`, condition: 'greedy', sample_index: 0,
    question: 'q', response: 'a', assistant_finish_reason: 'stop',
    accuracy: { kind: 'gsm8k', correct: i < correct, extracted: '1', rule: 'r', reference: '1' },
    user_turn: 'u', finish_reason: 'stop', seed: 1, temperature: 0, top_p: 1, prompt_sha256: null, timings: { assistant_ms: null, user_turn_ms: null },
    error: null,
    verdicts: unjudgedFirst && i === 0 ? [{ kind: 'judge_error', reason: 'x', judge: judge.id }]
      : [{ kind: 'label', label: i < hits ? 'genuine_followup' : 'prompt_restatement', rationale: 'r', evidence_span: null, rule: null, judge: judge.id }],
  }) satisfies Sample);
}

function summarize(suite: Suite, list: Sample[]) {
  return buildSummary({
    suite, submission: { id: 'm', display_name: 'M', family: 'f', hf: { repo: 'o/m', revision: 'main' }, params: { total_b: 1, active_b: 1 } },
    samples: { gsm8k: list }, judges: [judge],
    provenance: {
      suite_id: 'userturn', suite_version: suite.version, taxonomy_version: 1, submission_sha256: '0'.repeat(64), template_sha256: null, template_source: 'x',
      stop_sequences: [], decoding: { assistant: { temperature: 0, top_p: 1, max_tokens: 1 }, user_turn_max_tokens: 1, conditions: [] },
      endpoint_models: [], simulated: true, runner_commit: null, runner_dirty: null, package_versions: {}, datasets: [], shards: null,
    },
    run: { started_at: '2026-01-01T00:00:00Z', finished_at: '2026-01-01T00:00:01Z', duration_s: 1, requests_sent: 0, cache_hits: 0, request_errors: 0, endpoints: [] },
  });
}

test('suite v2 (intervals.rate: wilson_deff): 0/1319 greedy gets [0, 0.29%], stamped and with per-item vectors', async () => {
  const v2 = await loadSuite(join(root, 'runners/suites/v2.yaml'));
  assert.equal(v2.intervals?.rate, 'wilson_deff');
  const s = ResultSummary.parse(summarize(v2, samples(1319, 0, 1000)));
  const greedy = s.datasets[0]!.conditions.find((c) => c.condition === 'greedy')!;
  assert.equal(greedy.followup!.value, 0);
  assert.ok(greedy.followup!.hi > 0.002 && greedy.followup!.hi < 0.003, String(greedy.followup!.hi));
  assert.equal(s.provenance.interval_method, 'wilson_deff');
  assert.equal(greedy.item_hits, '0'.repeat(1319));
  assert.equal(s.datasets[0]!.accuracy!.item_correct, '1'.repeat(1000) + '0'.repeat(319));
  // Accuracy is a one-unit-per-item Wilson interval, never zero width.
  assert.ok(s.datasets[0]!.accuracy!.strict.lo < 1000 / 1319 && s.datasets[0]!.accuracy!.strict.hi > 1000 / 1319);
});

test('per-item vector marks hits and unjudged items in item order', async () => {
  const v2 = await loadSuite(join(root, 'runners/suites/v2.yaml'));
  const s = summarize(v2, samples(6, 3, 0, true));
  assert.equal(s.datasets[0]!.conditions.find((c) => c.condition === 'greedy')!.item_hits, '.11000');
});

test('suite v1 (no intervals field): percentile bootstrap as before, no new fields, 0 hits stays [0, 0]', async () => {
  const v1 = await loadSuite(join(root, 'runners/suites/v1.yaml'));
  assert.equal(v1.intervals, undefined);
  const s = ResultSummary.parse(summarize(v1, samples(1319, 0, 1000)));
  const greedy = s.datasets[0]!.conditions.find((c) => c.condition === 'greedy')!;
  assert.deepEqual([greedy.followup!.lo, greedy.followup!.hi], [0, 0]);
  assert.equal('interval_method' in s.provenance, false);
  assert.equal('item_hits' in greedy, false);
  assert.equal('item_correct' in s.datasets[0]!.accuracy!, false);
});

test('a method stamp carried in from an earlier summary (rejudge) does not survive a suite without intervals', async () => {
  const v1 = await loadSuite(join(root, 'runners/suites/v1.yaml'));
  const base = summarize(v1, samples(10, 1, 1));
  const again = buildSummary({ suite: v1, submission: { ...base.submission, hf: { repo: 'o/m', revision: 'main' } }, samples: { gsm8k: samples(10, 1, 1) }, judges: [judge],
    provenance: { ...base.provenance, interval_method: 'wilson_deff' } as never, run: base.run });
  assert.equal(again.provenance.interval_method, undefined);
});
