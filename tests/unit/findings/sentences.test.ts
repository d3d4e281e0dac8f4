import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RhoInterval } from '../../../src/lib/metrics/spearman-bootstrap.ts';
import { decouplingSentence } from '../../../src/lib/findings/decoupling.ts';
import { slopeSentence, type SlopeRow } from '../../../src/lib/findings/slope.ts';
import { perturbationSentence } from '../../../src/lib/findings/perturbations.ts';
import { dominantFailures, failureSentence, familyProfiles } from '../../../src/lib/findings/failures.ts';
import type { FpModel, PdRow } from '../../../src/lib/site/charts.ts';

const rho = (r: number | null, lo: number | null, hi: number | null): RhoInterval =>
  ({ rho: r, lo, hi, includes_zero: r === null || lo === null || hi === null || (lo <= 0 && hi >= 0), degenerate: 0, resamples: 2000 });

test('decoupling: undecided, positive, negative, undefined and too few models each get their own words, with the interval', () => {
  assert.equal(decouplingSentence(rho(0.12, -0.41, 0.58), 11, 't1.0'),
    'ρ = 0.12 [95% CI −0.41, 0.58] across 11 models under t1.0: no evidence that follow-up tracks accuracy (the interval contains zero).');
  assert.match(decouplingSentence(rho(0.7, 0.3, 0.9), 11, 'greedy'), /^ρ = 0\.70 \[95% CI 0\.30, 0\.90\] across 11 models under greedy: models with higher accuracy write more genuine follow-ups/);
  assert.match(decouplingSentence(rho(-0.7, -0.9, -0.2), 8, 't0.7'), /ρ = −0\.70 .*write fewer genuine follow-ups \(the interval excludes zero\)/);
  assert.match(decouplingSentence(rho(null, null, null), 5, 'greedy'), /^ρ is not defined across 5 models under greedy/);
  assert.match(decouplingSentence(rho(1, null, null), 2, 'greedy'), /^Too few models \(2\) under greedy/);
});

const slope = (id: string, value: number, lo: number, hi: number): SlopeRow => ({ id, name: id, family: 'f', greedy: 0.1, sampled: 0.1 + value, delta: { value, lo, hi } });

test('slope: counts models above and below greedy whose paired interval excludes zero, the rest undecided, with the median rates and change', () => {
  const rows = [slope('a', 0.1, 0.05, 0.15), slope('b', 0.08, 0.01, 0.2), slope('c', 0.02, -0.03, 0.07), slope('d', -0.05, -0.09, -0.01)];
  assert.equal(slopeSentence(rows, 't1.0'),
    'Under t1.0, 2 of 4 models write more genuine follow-ups than greedy and 1 fewer, each with a paired 95% interval excluding zero; 1 cannot be told apart (median rate 10.0% greedy, 15.0% under t1.0; median change +5.0 pp).');
  assert.equal(slopeSentence([slope('a', 0.01, -0.02, 0.04)], 't0.7'),
    'Under t0.7, none of 1 model differs from greedy with a paired 95% interval excluding zero (median rate 10.0% greedy, 11.0% under t0.7; median change +1.0 pp).');
  assert.equal(slopeSentence([{ ...slope('a', 0, 0, 0), delta: null }], 't1.0'), 'No model has a paired greedy → t1.0 comparison yet.');
});

const pd = (id: string, family: string, ...d: Array<[number, number, number] | null>): PdRow =>
  ({ id, name: id, family, deltas: d.map((x, j) => (x ? { condition: ['truncated', 'reference'][j]!, value: x[0], lo: x[1], hi: x[2], significant: x[1] > 0 || x[2] < 0 } : null)) });

test('perturbations: names the effects whose intervals exclude zero, by family; says so when none does', () => {
  const rows = [pd('q1', 'qwen', [-0.1, -0.2, -0.02], [0.01, -0.05, 0.07]), pd('q2', 'qwen', [-0.03, -0.1, 0.04], null), pd('l1', 'llama', [-0.2, -0.3, -0.1], [0.1, 0.02, 0.2])];
  assert.equal(perturbationSentence(rows, ['truncated', 'reference']),
    'Paired 95% intervals excluding zero: truncated lowers follow-up in 2 of 3 models (llama 1/1, qwen 1/2); reference raises follow-up in 1 of 2 models (llama 1/1); every other model × perturbation interval contains zero.');
  assert.match(perturbationSentence([pd('q2', 'qwen', [-0.03, -0.1, 0.04], null)], ['truncated', 'reference']), /^None of 1 paired 95% intervals .* excludes zero/);
  assert.equal(perturbationSentence([], ['truncated']), 'No perturbation results yet.');
});

test('failure profiles: each family\'s most frequent non-follow-up label with its share and Wilson interval; families pooled', () => {
  // counts in taxonomy order: genuine, restatement, unrelated, identity, meta, closing, empty
  const models: FpModel[] = [
    { id: 'q1', name: 'Q1', family: 'qwen', counts: [50, 30, 10, 0, 0, 10, 0] },
    { id: 'q2', name: 'Q2', family: 'qwen', counts: [10, 30, 0, 0, 0, 60, 0] },
    { id: 'family:qwen', name: 'All qwen (pooled)', family: 'qwen', counts: [60, 60, 10, 0, 0, 70, 0] },
    { id: 'g1', name: 'G1', family: 'gpt', counts: [0, 0, 0, 40, 0, 0, 0] },
    { id: 'z', name: 'Z', family: 'zero', counts: [0, 0, 0, 0, 0, 0, 0] },
  ];
  const f = dominantFailures(models);
  assert.deepEqual(f.map((x) => [x.family, x.label, x.n, x.of]), [['gpt', 'identity_leakage', 40, 40], ['qwen', 'generic_closing', 70, 200]]);
  assert.equal(failureSentence(f, 'greedy'),
    'Most frequent failure under greedy, by family: gpt, identity leakage 100% [91%–100%] of 40 judged turns; qwen, generic closing 35% [29%–42%] of 200 judged turns.');
  assert.equal(failureSentence([], 't1.0'), 'No judged user turns under t1.0 yet, or none that failed.');
  // Near 0 and 1 the shares follow the site's pct rule, not plain rounding: 3 of 1,000 turns is not "0%", 999 not "100%".
  const edges = dominantFailures([
    { id: 'a1', name: 'A1', family: 'almost', counts: [997, 3, 0, 0, 0, 0, 0] },
    { id: 'b1', name: 'B1', family: 'nearly', counts: [0, 999, 0, 0, 0, 1, 0] },
  ]);
  assert.equal(failureSentence(edges, 't1.0'),
    'Most frequent failure under t1.0, by family: almost, prompt restatement <1% [<1%–1%] of 1000 judged turns; nearly, prompt restatement >99% [99%–>99%] of 1000 judged turns.');
  assert.deepEqual(familyProfiles(models).map((m) => [m.id, m.name, m.counts[5]]), [['family:gpt', '1 model', 0], ['family:qwen', '2 models pooled', 70], ['family:zero', '1 model', 0]]);
});
