import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { rankInterval, rankText } from '../../../src/lib/site/model-rank.ts';
import { reproduceCommand, scopeFlags } from '../../../src/lib/site/reproduce.ts';
import { ogMeta, shareCardFor } from '../../../src/lib/site/og.ts';
import { benchmarkBibtex, paperBibtex } from '../../../src/lib/site/cite.ts';
import { samples, summarize } from '../../helpers/greedy-summary.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
const model = (id: string, hits: number) => ResultSummary.parse(summarize(v2, samples(1319, hits, 700), id));

test('rank interval: from 1 + models significantly better to the ranked count − models significantly worse', () => {
  const S = [model('zero', 0), model('many', 200), model('four', 4)];
  assert.deepEqual(rankInterval(S, 'gsm8k', 'many'), { best: 1, worst: 1, of: 3 });
  // four and zero cannot be told apart: both could be 2nd or 3rd.
  assert.deepEqual(rankInterval(S, 'gsm8k', 'four'), { best: 2, worst: 3, of: 3 });
  assert.equal(rankText(rankInterval(S, 'gsm8k', 'zero')), '2–3 of 3');
  assert.equal(rankText(rankInterval(S, 'gsm8k', 'many')), '1 of 3');
  assert.equal(rankInterval(S, 'ifeval', 'many'), null);
  assert.equal(rankText(null), '—');
});

test('rank interval: ranked by the condition the leaderboard ranks by, not always greedy', () => {
  // a: 200 greedy follow-ups of 1,319, b: none; under t1.0 both write 2 of 4 on every item, so they cannot be told apart.
  const t10 = (list: ReturnType<typeof samples>) => list.flatMap((x) => [0, 1, 2, 3].map((k) => ({
    ...x, id: `${x.item_id}~t1.0~${k}`, condition: 't1.0', sample_index: k, temperature: 1,
    verdicts: [{ ...x.verdicts[0]!, label: k < 2 ? 'genuine_followup' : 'prompt_restatement' }],
  }) as typeof x));
  const both = (id: string, hits: number) => { const g = samples(1319, hits, 700); return ResultSummary.parse(summarize(v2, [...g, ...t10(g)], id)); };
  const S = [both('a', 200), both('b', 0)];
  assert.deepEqual(rankInterval(S, 'gsm8k', 'b', 'greedy'), { best: 2, worst: 2, of: 2 });
  assert.deepEqual(rankInterval(S, 'gsm8k', 'b', 't1.0'), { best: 1, worst: 2, of: 2 });
  // Without a condition: the leaderboard's own default, the hottest sampled condition (leaderboardRows ranks the same).
  assert.deepEqual(rankInterval(S, 'gsm8k', 'b'), { best: 1, worst: 2, of: 2 });
});

test('reproduce: a result run with --limit or --datasets gets them in its command; a template given on the command line is named', () => {
  const suite = { datasets: [
    { id: 'gsm8k', enabled: true, items: 1319, item_cap: null },
    { id: 'mt_bench', enabled: true, items: 80, item_cap: null },
    { id: 'healthbench', enabled: false, items: null, item_cap: 200 },
  ] };
  const full = [{ dataset: 'gsm8k', n_items: 1319 }, { dataset: 'mt_bench', n_items: 80 }];
  assert.deepEqual(scopeFlags({ datasets: full, templateSource: 'hub:q/x@abc/chat_template.jinja' }, suite), []);
  // --limit 100 caps every dataset alike: MT-Bench's 80 are all of it.
  assert.deepEqual(scopeFlags({ datasets: [{ dataset: 'gsm8k', n_items: 100 }, { dataset: 'mt_bench', n_items: 80 }], templateSource: '' }, suite), ['--limit 100']);
  assert.deepEqual(scopeFlags({ datasets: [{ dataset: 'gsm8k', n_items: 20 }], templateSource: '' }, suite), ['--datasets gsm8k', '--limit 20']);
  const r = reproduceCommand({ root: '/repo', id: 'x', suiteVersion: 2, submissionPath: 'submissions/org/x.yaml', suitePath: 'benchmark/suites/v2.yaml',
    run: { datasets: [{ dataset: 'gsm8k', n_items: 20 }, { dataset: 'mt_bench', n_items: 20 }], templateSource: 'override:qwen3.jinja' }, suite });
  assert.equal(r.command, 'npx userturn run submissions/org/x.yaml --suite benchmark/suites/v2.yaml --limit 20 --base-url http://HOST:8000/v1 --out results/');
  assert.match(r.note!, /qwen3\.jinja.*--template/);
});

test('reproduce: the real submission and suite paths, relative to the repository; no command without them', () => {
  const o = { root: '/repo', id: 'x', suiteVersion: 2 };
  assert.equal(reproduceCommand({ ...o, submissionPath: '/repo/submissions/org/x.yaml', suitePath: 'benchmark/suites/v2.yaml' }).command,
    'npx userturn run submissions/org/x.yaml --suite benchmark/suites/v2.yaml --base-url http://HOST:8000/v1 --out results/');
  const none = reproduceCommand({ ...o, submissionPath: null, suitePath: 'benchmark/suites/v2.yaml' });
  assert.equal(none.command, null);
  assert.match(none.missing!, /No submission file for x/);
  assert.match(reproduceCommand({ ...o, submissionPath: 'submissions/org/x.yaml', suitePath: null }).missing!, /v2/);
});

test('og: absolute URLs under the base path and a PNG card chosen by page type', () => {
  const m = ogMeta({ title: 'T', description: 'D', path: '/models/a/', site: 'https://x.github.io/userturn' });
  assert.equal(m.url, 'https://x.github.io/userturn/models/a/');
  assert.equal(m.image, 'https://x.github.io/userturn/og/model.png');
  assert.deepEqual(['/', '/leaderboard/gsm8k/', '/charts/decoupling/', '/examples/', '/submit/'].map(shareCardFor), ['leaderboard', 'leaderboard', 'charts', 'examples', 'site']);
});

test('BibTeX: the paper by its arXiv id, the benchmark with its URL and suite; braces in a model name cannot break it', () => {
  assert.match(paperBibtex(), /eprint\s+= \{2604\.02315\}/);
  assert.match(paperBibtex(), /title\s+= \{Beyond the Assistant Turn/);
  const b = benchmarkBibtex({ url: 'https://x/models/a/', suiteVersion: 2, year: 2026, model: 'Evil} @misc{x' });
  assert.match(b, /note\s+= \{Results for Evil @miscx, suite v2\},/);
  assert.equal((b.match(/\{/g) ?? []).length, (b.match(/\}/g) ?? []).length);
});
