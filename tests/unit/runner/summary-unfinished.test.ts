import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { ResultSummary, Suite, type Sample } from '../../../src/schema/index.ts';
import { buildSummary } from '../../../src/lib/build-summary.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const suite = (v: string) => Suite.parse(parse(readFileSync(join(root, 'benchmark/suites', v), 'utf8')));
const judge = { id: 'j:1', kind: 'heuristic' as const, model: null, prompt_version: 'x', temperature: null, max_tokens: null };

function sample(item: string, opts: { unfinished?: 'length' | 'empty_answer'; correct?: boolean } = {}): Sample {
  const base: Sample = {
    format: 1, id: `${item}~greedy~0`, submission_id: 'm', dataset: 'gsm8k', item_id: item, condition: 'greedy', sample_index: 0, question: 'q',
    response: opts.unfinished ? '' : 'a', assistant_finish_reason: opts.unfinished === 'length' ? 'length' : 'stop',
    accuracy: opts.unfinished ? null : { kind: 'gsm8k', correct: opts.correct ?? true, extracted: '1', rule: 'r', reference: '1' },
    user_turn: opts.unfinished ? '' : 'Why?', finish_reason: opts.unfinished ? null : 'stop', seed: null, temperature: 0, top_p: 1, prompt_sha256: null,
    timings: { assistant_ms: null, user_turn_ms: null }, error: null,
    verdicts: opts.unfinished ? [] : [{ kind: 'label', label: 'genuine_followup', rationale: 'r', evidence_span: null, rule: null, judge: 'j:1' }],
  };
  return opts.unfinished ? { ...base, unfinished: { reason: opts.unfinished, raw_chars: 10, raw_tail: '<think> …' } } : base;
}

const samples = [sample('0'), sample('1', { unfinished: 'length' }), sample('2', { correct: false }), sample('3', { unfinished: 'empty_answer' }), sample('4'), sample('5')];
const provenance = {
  suite_id: 'userturn', suite_version: 2, taxonomy_version: 1, submission_sha256: 'a'.repeat(64), template_sha256: null, template_source: 't', stop_sequences: [],
  decoding: { assistant: { temperature: 0, top_p: 1, max_tokens: 16384 }, user_turn_max_tokens: 512, conditions: [] }, endpoint_models: ['m'], simulated: true,
  runner_commit: null, runner_dirty: null, package_versions: {}, datasets: [], shards: null,
};
const run = { started_at: '2026-11-23T00:00:00.000Z', finished_at: '2026-11-23T00:00:01.000Z', duration_s: 1, requests_sent: 0, cache_hits: 0, request_errors: 0, endpoints: [] };
const sub = { id: 'm', display_name: 'M', family: 'f', hf: { repo: 'a/b', revision: 'main' }, params: { total_b: 1, active_b: 1 } };

describe('summary of a run with unfinished answers', () => {
  it('suite v2: they are counted with a Wilson interval and left out of rates and accuracy', () => {
    const s = buildSummary({ suite: suite('v2.yaml'), submission: sub, samples: { gsm8k: samples }, judges: [judge], provenance, run });
    assert.ok(ResultSummary.safeParse(s).success);
    const d = s.datasets[0]!;
    assert.equal(d.n_items, 6);
    // Reference: Wilson 95% for 2/6 from scipy.stats.norm.ppf(0.975) and Wilson's formula: (0.0967714, 0.7000067).
    assert.deepEqual(d.unfinished, { n: 2, of: 6, length: 1, empty_answer: 1, rate: { value: 0.333333, lo: 0.096771, hi: 0.700007, n: 6 } });
    assert.equal(d.accuracy!.strict.n, 4);
    assert.equal(d.accuracy!.strict.value, 0.75);
    const greedy = d.conditions.find((c) => c.condition === 'greedy')!;
    assert.deepEqual([greedy.n_samples, greedy.n_judged, greedy.followup!.value], [4, 4, 1]);
  });
  it('suite v1: no unfinished block (its results keep their shape)', () => {
    const s = buildSummary({ suite: suite('v1.yaml'), submission: sub, samples: { gsm8k: samples.filter((x) => !x.unfinished) }, judges: [judge], provenance, run });
    assert.equal('unfinished' in s.datasets[0]!, false);
  });
});
