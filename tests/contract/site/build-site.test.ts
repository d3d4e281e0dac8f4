import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { astroBuild, leaderboardTable } from '../../helpers/site-build.ts';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadLabelMeanings } from '../../../src/data/taxonomy.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';

test('with zero results the site builds, says how to submit and run, and USERTURN_SIMULATED=1 shows the banner', () => {
  const empty = mkdtempSync(join(tmpdir(), 'ut-empty-'));
  const b = astroBuild({ USERTURN_RESULTS_DIR: empty, USERTURN_SIMULATED: '1' });
  try {
    assert.equal(b.status, 0, b.text.slice(-2000));
    const home = readFileSync(join(b.out, 'index.html'), 'utf8');
    assert.match(home, /data-testid="empty-state"/);
    assert.match(home, /npm run demo/);
    assert.match(home, /submissions\/&lt;org&gt;\/&lt;id&gt;\.yaml/);
    assert.match(home, /data-testid="simulated-banner"/);
    assert.match(home, /\b0 models with results\./);
    // No table header over no rows under "No results yet".
    assert.doesNotMatch(home, /id="leaderboard"|id="leaderboard-cap"/);
    for (const p of ['examples', 'charts/decoupling', 'charts/failure-profiles', 'judges', 'changelog', 'downloads', 'methodology', 'submit']) {
      assert.ok(existsSync(join(b.out, p, 'index.html')), `${p} is built`);
    }
    assert.equal(readFileSync(join(b.out, 'data', 'summaries.json'), 'utf8').trim(), '[]');
    // The label definitions come from the taxonomy file the judge prompt reads, not a copy of the site's own.
    const methodology = readFileSync(join(b.out, 'methodology', 'index.html'), 'utf8');
    const meanings = loadLabelMeanings(1);
    for (const l of ['genuine_followup', 'prompt_restatement'] as const) assert.ok(methodology.includes(meanings[l]), l);
    // A committed submission without results has a page; its cite block cites the benchmark, not results it lacks.
    const pending = readFileSync(join(b.out, 'models', 'qwen3.5-9b', 'index.html'), 'utf8');
    assert.match(pending, /note\s+= \{Suite v\d+\}/);
    assert.doesNotMatch(pending, /Results for|these results/);
  } finally { rmSync(empty, { recursive: true, force: true }); rmSync(b.tmp, { recursive: true, force: true }); }
});

test('with one result the pages count "1 model", not "1 models" (footer, downloads, judges)', () => {
  const results = mkdtempSync(join(tmpdir(), 'ut-one-'));
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '1', '--items', '2'], { stdio: 'ignore' });
  const b = astroBuild({ USERTURN_RESULTS_DIR: results });
  try {
    assert.equal(b.status, 0, b.text.slice(-2000));
    assert.match(readFileSync(join(b.out, 'index.html'), 'utf8'), /\b1 model with results\./);
    assert.match(readFileSync(join(b.out, 'downloads', 'index.html'), 'utf8'), /as files\. 1 model[.<]/);
    assert.match(readFileSync(join(b.out, 'judges', 'index.html'), 'utf8'), /user turns from 1 model \(pooled\)/);
  } finally { rmSync(results, { recursive: true, force: true }); rmSync(b.tmp, { recursive: true, force: true }); }
});

test('the changelog lists score changes from the git history of the results folder', () => {
  const repo = mkdtempSync(join(tmpdir(), 'ut-repo-'));
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { stdio: 'ignore' });
  try {
    git('init', '-q');
    const results = join(repo, 'results');
    mkdirSync(results);
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '2', '--items', '3'], { stdio: 'ignore' });
    git('add', '.'); git('commit', '-qm', 'First results');
    // A rejudge: the primary judge now calls every greedy user turn of gsm8k a genuine follow-up, and the summary is
    // rebuilt from the samples (validate and the build recompute every figure from them).
    const dir = join(results, 'gpt-oss-20b');
    const gsm = join(dir, 'samples', 'gsm8k.jsonl');
    const samples = readFileSync(gsm, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    for (const x of samples) if (x.condition === 'greedy' && x.verdicts[0]?.kind === 'label') x.verdicts[0].label = 'genuine_followup';
    writeFileSync(gsm, `${samples.map((x) => JSON.stringify(x)).join('\n')}\n`);
    rebuildSummary(dir);
    git('commit', '-qam', 'Rejudge gpt-oss-20b');
    const b = astroBuild({ USERTURN_RESULTS_DIR: results });
    try {
      assert.equal(b.status, 0, b.text.slice(-2000));
      const page = readFileSync(join(b.out, 'changelog', 'index.html'), 'utf8');
      assert.match(page, /Rejudge gpt-oss-20b/);
      assert.match(page, /First results/);
      assert.match(page, /100\.0%/);
      assert.doesNotMatch(page, /changelog-empty/);
    } finally { rmSync(b.tmp, { recursive: true, force: true }); }
  } finally { rmSync(repo, { recursive: true, force: true }); }
});

test('a result that passes the verified rule is marked verified; one that fails lists the failed conditions', () => {
  const results = mkdtempSync(join(tmpdir(), 'ut-verified-'));
  const bench = mkdtempSync(join(tmpdir(), 'ut-verified-benchmark-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '3', '--items', '3'], { stdio: 'ignore' });
    const [good, bad, skips] = readdirSync(results).sort();
    // Make `good` pass every check: pinned revision, clean runner, real endpoint, an approved LLM judge as primary.
    const passEveryCheck = (id: string) => {
      const f = join(results, id, 'summary.json');
      const s = JSON.parse(readFileSync(f, 'utf8'));
      s.submission.hf.revision = 'a'.repeat(40);
      s.submission.hf.pinned = true;
      // A real model served the answers; the synthetic primary judge (llm:gpt-5.4-mini:judge-v1) with the prompt the
      // policy approves (the generator stamps the suite's current judge-v2).
      Object.assign(s.provenance, { simulated: false, endpoint_models: [`openai/${id}`], runner_commit: 'b'.repeat(40), runner_dirty: false });
      s.provenance.judges[0].prompt_version = 'judge-v1';
      writeFileSync(f, JSON.stringify(s));
      return s;
    };
    const s = passEveryCheck(good!);
    // `skips` passes every check but one: it did not run ifeval, a dataset of the suite's standard run.
    passEveryCheck(skips!);
    rmSync(join(results, skips!, 'samples', 'ifeval.jsonl'));
    rebuildSummary(join(results, skips!));
    // The primary judge's figures on the judge controls (within 5% false-genuine / 90% recall): the sixth condition.
    const rate = (hits: number, n: number, lo: number, hi: number) => ({ n, hits, rate: hits / n, lo, hi });
    writeFileSync(join(results, 'calibration.json'), JSON.stringify({
      format: 1, taxonomy_version: 1,
      judges: [{ judge: s.provenance.judges[0], sets: [], controls: { suite_id: 'userturn', suite_version: 2, seed: 1, confidence: 0.95, items_sha256: 'c'.repeat(64), judge_errors: 0, false_genuine: rate(20, 1000, 0.013, 0.0307), positive_recall: rate(78, 80, 0.913, 0.993), negative_by_dataset: [] } }],
    }));
    // The seventh condition, every item the suite runs per dataset: the generator wrote three items, so the build reads
    // a copy of the benchmark folder whose suites run three per dataset.
    cpSync('benchmark', bench, { recursive: true });
    for (const v of readdirSync(join(bench, 'suites')).filter((x) => x.endsWith('.yaml'))) {
      const path = join(bench, 'suites', v);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^(\s+)item_cap: (?:null|\d+)$/gm, '$1item_cap: 3'));
    }
    const b = astroBuild({ USERTURN_RESULTS_DIR: results, USERTURN_BENCHMARK_DIR: bench });
    try {
      assert.equal(b.status, 0, b.text.slice(-2000));
      const home = leaderboardTable(readFileSync(join(b.out, 'index.html'), 'utf8'));
      const row = (id: string) => new RegExp(`<tr data-model="${id.replace(/\./g, '\\.')}"[\\s\\S]*?</tr>`).exec(home)?.[0] ?? '';
      assert.match(row(good!), /✓ verified/);
      assert.doesNotMatch(row(bad!), /✓ verified/);
      const goodPage = readFileSync(join(b.out, 'models', good!, 'index.html'), 'utf8');
      assert.match(goodPage, /data-testid="verified-pill"/);
      // Its family has two models: "and the other gpt-oss model" (it said "the 1 other gpt-oss models").
      assert.match(goodPage, /and the other gpt-oss model\b/);
      assert.doesNotMatch(goodPage, /the 1 other/);
      assert.doesNotMatch(goodPage, /data-ok="false"/);
      // Next to the judge's name: its false-genuine rate and positive recall on the controls, with intervals.
      assert.match(goodPage, /data-testid="judge-controls" data-judge="llm:gpt-5\.4-mini:judge-v1" data-measured="yes"[^>]*>[\s\S]*?false-genuine 2\.0% \[1\.3%, 3\.1%\], positive recall 97\.5% \[91\.3%, 99\.3%\]/);
      const judgesPage = readFileSync(join(b.out, 'judges', 'index.html'), 'utf8');
      assert.match(judgesPage, /data-testid="false-genuine">2\.0% \[1\.3%, 3\.1%\]/);
      const badPage = readFileSync(join(b.out, 'models', bad!, 'index.html'), 'utf8');
      assert.match(badPage, /Not verified/);
      assert.match(badPage, /data-check="real_endpoint" data-ok="false"/);
      assert.doesNotMatch(row(skips!), /✓ verified/);
      const skipsPage = readFileSync(join(b.out, 'models', skips!, 'index.html'), 'utf8');
      assert.match(skipsPage, /Not verified: 1 of 7 conditions fail/);
      assert.match(skipsPage, /data-check="complete_items" data-ok="false"><strong>✗ [^<]*<\/strong>: ifeval: not run: a partial run \(--datasets\)/);
    } finally { rmSync(b.tmp, { recursive: true, force: true }); }
  } finally {
    rmSync(results, { recursive: true, force: true });
    rmSync(bench, { recursive: true, force: true });
  }
});

test('the provenance card shows the names the engine answered with, as text; without answered_models it shows none', () => {
  const results = mkdtempSync(join(tmpdir(), 'ut-answered-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '2', '--items', '3'], { stdio: 'ignore' });
    const [aliased, plain] = readdirSync(results).sort();
    // Served under several names: the answers came under another name, one the server wrote (untrusted text).
    const f = join(results, aliased!, 'summary.json');
    const s = JSON.parse(readFileSync(f, 'utf8'));
    s.provenance.answered_models = ['<script>alert("x")</script>', 'userturn-sim/restater'];
    writeFileSync(f, JSON.stringify(s));
    const b = astroBuild({ USERTURN_RESULTS_DIR: results });
    try {
      assert.equal(b.status, 0, b.text.slice(-2000));
      const card = (id: string) => /data-testid="endpoint-models">([\s\S]*?)<\/dd>/.exec(readFileSync(join(b.out, 'models', id, 'index.html'), 'utf8'))?.[1] ?? '';
      const shown = card(aliased!);
      assert.match(shown, /^userturn-sim\/synthetic-[^<]*<br[^>]*><span class="muted">Answered as:<\/span> &lt;script&gt;alert\((&quot;|")x\1\)&lt;\/script&gt;, userturn-sim\/restater$/);
      assert.doesNotMatch(readFileSync(join(b.out, 'models', aliased!, 'index.html'), 'utf8'), /<script>alert/);
      assert.match(card(plain!), /^userturn-sim\/synthetic-[^<]*$/);
    } finally { rmSync(b.tmp, { recursive: true, force: true }); }
  } finally { rmSync(results, { recursive: true, force: true }); }
});
