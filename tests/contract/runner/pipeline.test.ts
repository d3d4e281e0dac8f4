import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { LABELS, ResultSummary, Sample, type DatasetId, type JudgeStamp } from '../../../src/schema/index.ts';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import type { Judge } from '../../../runners/core/judge.ts';
import { runProbe } from '../../../runners/probe/pipeline.ts';
import { totalRequests } from '../../../runners/probe/requests.ts';
import { fixtureSetup } from '../../helpers/fixture-setup.ts';
import type { ProbeSetup } from '../../../runners/probe/types.ts';
import { safeVerifier } from '../../../runners/probe/verify-safe.ts';
import { buildSummary } from '../../../src/lib/build-summary.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { testJudge } from '../../helpers/test-judge.ts';

const root = join(import.meta.dirname, '..', '..', '..');
let sim: RunningSim;
let setup: ProbeSetup;

before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.aware!, seed: 3, latencyMs: 0, faults: {}, retryAfterMs: 10, dataDir: join(root, 'tests/fixtures/datasets') });
  setup = await fixtureSetup(3, ['gsm8k', 'mt_bench']);
});
after(() => sim.close());

/** A second judge that always answers judge_error, to check errors are counted and never labelled. */
const failingJudge: Judge = {
  stamp: { id: 'always-fails:1', kind: 'heuristic', model: null, prompt_version: 'x', temperature: null, max_tokens: null },
  judge: async (i) => ({ kind: 'judge_error', reason: `cannot judge ${i.id}`, judge: 'always-fails:1' }),
};

async function probe(judges: Judge[]) {
  const client = createCompletionsClient({ baseURLs: [`${sim.url}/v1`], concurrency: 8, timeoutMs: 5000, maxAttempts: 3, backoffBaseMs: 5, backoffMaxMs: 20, cache: memoryCache() });
  const logs: string[] = [];
  const out = await runProbe(setup, {
    complete: (b) => client.complete(b),
    judges,
    verify: safeVerifier((m) => logs.push(m), () => {
      throw new Error('verifier crashed (test double)');
    }),
    model: 'userturn-sim/aware',
  });
  return { out, logs, stats: client.stats };
}

function summarize(samples: Map<DatasetId, Sample[]>, judges: JudgeStamp[]) {
  return buildSummary({
    suite: setup.suite,
    submission: setup.submission,
    samples,
    judges,
    provenance: {
      suite_id: 'userturn', suite_version: 1, taxonomy_version: 1, submission_sha256: setup.submissionSha256, template_sha256: setup.template.sha256,
      template_source: 'x', stop_sequences: [], decoding: { assistant: { temperature: 0, top_p: 1, max_tokens: 10 }, user_turn_max_tokens: 5, conditions: [] },
      endpoint_models: ['userturn-sim/aware'], simulated: true, runner_commit: null, runner_dirty: null, package_versions: {}, datasets: [], shards: null,
    },
    run: { started_at: '2026-01-01T00:00:00Z', finished_at: '2026-01-01T00:00:01Z', duration_s: 1, requests_sent: 0, cache_hits: 0, request_errors: 0, endpoints: [] },
  });
}

describe('probe pipeline on the simulator (in process)', () => {
  it('runs every condition: assistant turn, k samples with recorded seeds, references only where they exist', async () => {
    const { out, logs, stats } = await probe([testJudge()]);
    assert.equal(out.requestErrors, 0);
    assert.equal(stats.completed, totalRequests(setup));
    const gsm = out.samples.get('gsm8k')!;
    const mt = out.samples.get('mt_bench')!;
    // 3 items × (1 + 4 + 4 + 1 + 1 + 1) user turns; mt_bench: the fixture subset has 2 items with a reference.
    assert.equal(gsm.length, 3 * 12);
    const mtRefs = setup.datasets[1]!.items.filter((i) => i.reference !== null).length;
    assert.equal(mt.length, 3 * 11 + mtRefs);
    for (const s of [...gsm, ...mt]) assert.ok(Sample.safeParse(s).success, s.id);
    assert.deepEqual(gsm.slice(0, 12).map((s) => s.id), [
      `${gsm[0]!.item_id}~greedy~0`, ...[0, 1, 2, 3].map((k) => `${gsm[0]!.item_id}~t0.7~${k}`), ...[0, 1, 2, 3].map((k) => `${gsm[0]!.item_id}~t1.0~${k}`),
      `${gsm[0]!.item_id}~truncated~0`, `${gsm[0]!.item_id}~generic_question~0`, `${gsm[0]!.item_id}~reference~0`,
    ]);
    const t07 = gsm.filter((s) => s.condition === 't0.7' && s.item_id === gsm[0]!.item_id);
    assert.equal(new Set(t07.map((s) => s.seed)).size, 4);
    const greedy = gsm[0]!;
    assert.ok(gsm.find((s) => s.condition === 'generic_question')!.response.endsWith('\n\nDoes that answer your question?'));
    assert.ok(greedy.response.length > gsm.find((s) => s.condition === 'truncated' && s.item_id === greedy.item_id)!.response.length);
    assert.match(gsm.find((s) => s.condition === 'reference')!.response, /The answer is \d+\.$/);
    // The verifier threw: accuracy is null and the failure is logged once per dataset.
    assert.ok(gsm.every((s) => s.accuracy === null));
    assert.deepEqual(logs.length, 1);
    assert.match(logs[0]!, /^verifier for \w+ failed \(verifier crashed \(test double\)\)/);
  });

  it('buildSummary is pure, counts judge errors apart, and fills every label and condition', async () => {
    const judges = [testJudge(), failingJudge];
    const { out } = await probe(judges);
    const a = summarize(out.samples, judges.map((j) => j.stamp));
    const b = summarize(out.samples, judges.map((j) => j.stamp));
    assert.equal(JSON.stringify(a), JSON.stringify(b));
    const parsed = ResultSummary.safeParse(a);
    assert.ok(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3)));
    const g = a.datasets.find((d) => d.dataset === 'gsm8k')!;
    assert.deepEqual(g.item_ids, setup.datasets[0]!.items.map((i) => i.id));
    assert.equal(g.accuracy, null, 'no verifier outcome → null, not 0');
    assert.deepEqual(g.conditions.map((c) => c.condition), ['greedy', 't0.7', 't1.0', 'truncated', 'generic_question', 'reference']);
    const t = g.conditions.find((c) => c.condition === 't1.0')!;
    assert.equal(t.n_samples, 12);
    assert.equal(t.n_judged, 12);
    assert.equal(Object.keys(t.labels).length, LABELS.length);
    assert.ok(t.any_of_k !== null && t.delta_vs_greedy !== null);
    assert.equal(g.conditions[0]!.delta_vs_greedy, null);
    assert.equal(a.agreement.length, 1);
    assert.equal(a.agreement[0]!.n, 0, 'the failing judge labelled nothing');
    // With the failing judge as primary, nothing is judged and rates are null (never 0).
    const c = summarize(out.samples, [failingJudge.stamp, judges[0]!.stamp]);
    const gc = c.datasets[0]!.conditions[0]!;
    assert.equal(gc.n_judged, 0);
    assert.equal(gc.n_judge_errors, 3);
    assert.equal(gc.followup, null);
  });

  it('an unreachable endpoint turns into recorded errors, never dropped samples', async () => {
    const client = createCompletionsClient({ baseURLs: ['http://127.0.0.1:9/v1'], concurrency: 4, timeoutMs: 500, maxAttempts: 2, backoffBaseMs: 5, backoffMaxMs: 10, cache: memoryCache() });
    const out = await runProbe(setup, { complete: (b) => client.complete(b), judges: [testJudge()], verify: () => null, model: 'm' });
    const gsm = out.samples.get('gsm8k')!;
    assert.equal(gsm.length, 36);
    const byStage = (st: string) => gsm.filter((s) => s.error?.stage === st).length;
    assert.equal(byStage('assistant'), 33, 'every sample that needs the answer');
    assert.equal(byStage('user_turn'), 3, 'reference samples were attempted and failed on their own');
    assert.match(gsm[0]!.error!.reason, /connection error/);
    const s = summarize(out.samples, [testJudge().stamp]);
    assert.equal(s.datasets[0]!.conditions[0]!.n_request_errors, 3);
    assert.equal(s.datasets[0]!.conditions[0]!.followup, null);
  });
});

describe('download-only datasets', () => {
  it('results keep a pointer instead of the prompt; the judge still sees the real question', async () => {
    const seen: string[] = [];
    const judge: Judge = {
      stamp: testJudge().stamp,
      judge: async (i) => {
        seen.push(i.question);
        return { kind: 'label', label: 'generic_closing', rationale: 'x', evidence_span: null, rule: null, judge: testJudge().stamp.id };
      },
    };
    const hb = setup.suite.datasets.find((d) => d.id === 'healthbench')!;
    const item = { dataset: 'healthbench' as const, id: 'hb-7', question: 'My child has a fever of 39C.', reference: null, verifier: null };
    const client = createCompletionsClient({ baseURLs: [`${sim.url}/v1`], concurrency: 4, timeoutMs: 5000, maxAttempts: 2, backoffBaseMs: 5, backoffMaxMs: 10, cache: memoryCache() });
    const out = await runProbe({ ...setup, datasets: [{ spec: hb, items: [item], files: [] }] }, { complete: (b) => client.complete(b), judges: [judge], verify: () => null, model: 'userturn-sim/aware' });
    const samples = out.samples.get('healthbench')!;
    assert.ok(samples.length > 0);
    assert.ok(samples.every((s) => s.question === '[healthbench item hb-7: prompt not redistributed]'));
    assert.ok(seen.every((q) => q === 'My child has a fever of 39C.'));
  });
});
