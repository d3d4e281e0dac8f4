import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { buildSummary } from '../../../src/lib/build-summary.ts';
import { judge, samples, sampledSamples, summarize, summarizeInput } from '../../helpers/greedy-summary.ts';

const root = join(import.meta.dirname, '..', '..', '..');
test('suite v2 (intervals.rate: wilson_deff): 0/1319 greedy gets [0, 0.29%], stamped and with per-item vectors', async () => {
  const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
  assert.equal(v2.intervals?.rate, 'wilson_deff');
  const s = ResultSummary.parse(summarize(v2, samples(1319, 0, 1000)));
  const greedy = s.datasets[0]!.conditions.find((c) => c.condition === 'greedy')!;
  assert.equal(greedy.followup!.value, 0);
  assert.ok(greedy.followup!.hi > 0.002 && greedy.followup!.hi < 0.003, String(greedy.followup!.hi));
  assert.deepEqual(s.provenance.intervals, { rate: 'wilson_deff', delta: 'mover_wilson' });
  assert.equal(greedy.item_hits, '0'.repeat(1319));
  assert.equal(s.datasets[0]!.accuracy!.item_correct, '1'.repeat(1000) + '0'.repeat(319));
  // Accuracy is a one-unit-per-item Wilson interval, never zero width.
  assert.ok(s.datasets[0]!.accuracy!.strict.lo < 1000 / 1319 && s.datasets[0]!.accuracy!.strict.hi > 1000 / 1319);
});

test('per-item vector marks hits and unjudged items in item order', async () => {
  const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
  const s = summarize(v2, samples(6, 3, 0, true));
  assert.equal(s.datasets[0]!.conditions.find((c) => c.condition === 'greedy')!.item_hits, '.11000');
});

test('suite v1 (no intervals field): percentile bootstrap as before, no new fields, 0 hits stays [0, 0]', async () => {
  const v1 = await loadSuite(join(root, 'benchmark/suites/v1.yaml'));
  assert.equal(v1.intervals, undefined);
  const s = ResultSummary.parse(summarize(v1, samples(1319, 0, 1000)));
  const greedy = s.datasets[0]!.conditions.find((c) => c.condition === 'greedy')!;
  assert.deepEqual([greedy.followup!.lo, greedy.followup!.hi], [0, 0]);
  assert.equal('intervals' in s.provenance, false);
  assert.equal('item_hits' in greedy, false);
  assert.equal('item_correct' in s.datasets[0]!.accuracy!, false);
});

test('a method stamp carried in from an earlier summary (rejudge) does not survive a suite without intervals', async () => {
  const v1 = await loadSuite(join(root, 'benchmark/suites/v1.yaml'));
  const base = summarize(v1, samples(10, 1, 1));
  const again = buildSummary({ suite: v1, submission: { ...base.submission, hf: { repo: 'o/m', revision: 'main' } }, samples: { gsm8k: samples(10, 1, 1) }, judges: [judge],
    provenance: { ...base.provenance, intervals: { rate: 'wilson_deff', delta: 'mover_wilson' } } as never, run: base.run });
  assert.equal(again.provenance.intervals, undefined);
});

test('suite v2 deltas vs greedy use the MOVER interval: 4 extra hits on 1,319 items are not an effect', async () => {
  const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
  const greedy = samples(1319, 0, 0);
  const truncated = samples(1319, 4, 0).map((s) => ({ ...s, id: s.id.replace('~greedy~', '~truncated~'), condition: 'truncated' }));
  const s = ResultSummary.parse(buildSummary({ ...summarizeInput(v2), samples: { gsm8k: [...greedy, ...truncated] } }));
  const d = s.datasets[0]!.conditions.find((c) => c.condition === 'truncated')!.delta_vs_greedy!;
  assert.ok(d.lo < 0 && d.hi > 0.0077, JSON.stringify(d)); // Python reference for 4 vs 0: [−0.000412, 0.0077716]
  const v1 = await loadSuite(join(root, 'benchmark/suites/v1.yaml'));
  const old = buildSummary({ ...summarizeInput(v1), samples: { gsm8k: [...greedy, ...truncated] } }).datasets[0]!.conditions.find((c) => c.condition === 'truncated')!.delta_vs_greedy!;
  assert.ok(old.lo > 0, 'the v1 percentile bootstrap calls the same 4 hits an effect: the reason v2 changed it');
});

test('a per-item vector whose length differs from item_ids is refused, naming the field', async () => {
  const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
  const s = summarize(v2, samples(5, 1, 1));
  s.datasets[0]!.conditions[0]!.item_hits = '1000';
  const r = ResultSummary.safeParse(s);
  assert.equal(r.success, false);
  assert.deepEqual(r.error!.issues[0]!.path, ['datasets', 0, 'conditions', 0, 'item_hits']);
  assert.match(r.error!.issues[0]!.message, /4 characters for 5 item_ids/);
});

test('suite v2 sampled conditions carry per-item counts ("hits/judged", item order); greedy does not, nor suite v1', async () => {
  const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
  const list = [...samples(3, 0, 0), ...sampledSamples(3, 4, (i, j) => i === 1 && j < 3)];
  list.find((s) => s.id === 'q2~t1.0~1')!.verdicts = [{ kind: 'judge_error', reason: 'x', judge: judge.id }];
  const s = ResultSummary.parse(buildSummary({ ...summarizeInput(v2), samples: { gsm8k: list } }));
  const cond = (id: string) => s.datasets[0]!.conditions.find((c) => c.condition === id)!;
  assert.equal(cond('t1.0').item_counts, '0/4,3/4,0/3');
  assert.equal(cond('t0.7').item_counts, '0/0,0/0,0/0'); // ran nothing: no item judged
  assert.equal('item_counts' in cond('greedy'), false);
  const v1 = await loadSuite(join(root, 'benchmark/suites/v1.yaml'));
  const old = ResultSummary.parse(buildSummary({ ...summarizeInput(v1), samples: { gsm8k: list } }));
  assert.ok(old.datasets[0]!.conditions.every((c) => !('item_counts' in c)));
});

test('per-item counts that do not fit item_ids or the condition\'s own totals are refused, naming the field', async () => {
  const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
  const s = buildSummary({ ...summarizeInput(v2), samples: { gsm8k: [...samples(3, 0, 0), ...sampledSamples(3, 4, (i) => i === 0)] } });
  const i = s.datasets[0]!.conditions.findIndex((c) => c.condition === 't1.0');
  const refused = (counts: string) => {
    const r = ResultSummary.safeParse({ ...s, datasets: [{ ...s.datasets[0]!, conditions: s.datasets[0]!.conditions.map((c, k) => (k === i ? { ...c, item_counts: counts } : c)) }] });
    assert.equal(r.success, false, counts);
    assert.deepEqual(r.error!.issues[0]!.path, ['datasets', 0, 'conditions', i, 'item_counts']);
    return r.error!.issues[0]!.message;
  };
  assert.match(refused('4/4,0/4'), /2 entries for 3 item_ids/);
  assert.match(refused('4/4,0/4,5/4'), /entry 3 \(5\/4\) must have hits ≤ judged/);
  assert.match(refused('4/4,0/4,0/5'), /≤ samples_per_item \(4\)/);
  assert.match(refused('3/4,0/4,0/4'), /sums to 3\/12, but the condition has 4 genuine follow-ups of 12 judged/);
  assert.match(refused('4/4;0/4,0/4'), /"hits\/judged" per item/);
});
