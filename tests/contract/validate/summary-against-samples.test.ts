/**
 * validate reads a summary against its samples (runners/validate/summary-samples.ts): a review found it passing a
 * result folder with a samples line deleted, a samples file from another run, or one missing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';

/** Synthetic results of two models (bench/synthetic), valid as written. */
function results(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ut-sum-samples-'));
  execFileSync(process.execPath, [join(REPO_ROOT, 'bench/synthetic/generate.ts'), '--out', dir, '--models', '2', '--items', '4'], { stdio: 'ignore', cwd: REPO_ROOT });
  return dir;
}
const lines = (f: string) => readFileSync(f, 'utf8').split('\n').filter(Boolean);

describe('a summary read against its samples', () => {
  it('as written: ok; each alteration is named by the summary field it contradicts', () => {
    const clean = results();
    try {
      const ok = runCli(['validate', clean]);
      assert.equal(ok.code, 0, ok.stdout + ok.stderr);
      const model = 'gpt-oss-120b';
      const cases: Array<[string, (dir: string) => void, RegExp]> = [
        ['a samples line deleted', (dir) => {
          const f = join(dir, model, 'samples', 'gsm8k.jsonl');
          writeFileSync(f, `${lines(f).slice(1).join('\n')}\n`);
        }, /gpt-oss-120b\/summary\.json: datasets\[\d+\]\.conditions\[\d+\]\.n_samples: is \d+ but samples\/gsm8k\.jsonl gives \d+/],
        ['a samples file missing', (dir) => rmSync(join(dir, model, 'samples', 'ifeval.jsonl')), /gpt-oss-120b\/summary\.json: datasets\[\d+\]: its samples file samples\/ifeval\.jsonl is missing/],
        ['a label count edited', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.datasets[0].conditions[0].labels.genuine_followup += 3;
          writeFileSync(f, JSON.stringify(s));
        }, /datasets\[0\]\.conditions\[0\]\.labels\.genuine_followup: is \d+ but samples\/\w+\.jsonl gives \d+/],
        ['a samples file of a dataset the summary does not list', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.datasets = s.datasets.filter((d: { dataset: string }) => d.dataset !== 'ifeval');
          writeFileSync(f, JSON.stringify(s));
        }, /gpt-oss-120b\/summary\.json: datasets: does not list "ifeval", whose samples file samples\/ifeval\.jsonl is in the folder/],
        ['an item id edited', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.datasets[0].item_ids[0] = 'not-an-item';
          writeFileSync(f, JSON.stringify(s));
        }, /datasets\[0\]\.item_ids: lists \d+ items, which samples\/\w+\.jsonl does not hold in that order/],
        // What the suite and samples determine of how the run was made (summary-provenance.ts, summary-tally.ts).
        ['more samples than the protocol draws (best of n)', (dir) => {
          const f = join(dir, model, 'samples', 'gsm8k.jsonl');
          const all = lines(f);
          const hot = all.map((l) => JSON.parse(l)).find((x) => x.condition === 't1.0')!;
          writeFileSync(f, `${[...all, JSON.stringify({ ...hot, id: `${hot.item_id}~t1.0~9`, sample_index: 9 })].join('\n')}\n`);
        }, /datasets\[\d+\]\.conditions\[\d+\]\.samples_per_item: is 4 but samples\/gsm8k\.jsonl holds sample 9 of item /],
        ['a judge of the verdicts left out of the panel', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.provenance.judges = s.provenance.judges.slice(0, 1);
          s.agreement = [];
          writeFileSync(f, JSON.stringify(s));
        }, /provenance\.judges: does not list "heuristic:rules-1", whose verdicts the samples hold/],
        ['verdicts not starting with the primary judge\'s (the example browser shows the first as primary)', (dir) => {
          const f = join(dir, model, 'samples', 'ifeval.jsonl');
          writeFileSync(f, `${lines(f).map((l) => { const x = JSON.parse(l); x.verdicts.reverse(); return JSON.stringify(x); }).join('\n')}\n`);
        }, /provenance\.primary_judge: is "llm:gpt-5\.4-mini:judge-v1" but the verdicts of item .* do not start with its verdict/],
        ['a budget the suite does not give, conditions of another suite, not simulated beside the simulator\'s models', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.provenance.assistant_budget = { max_tokens: 32768, source: 'suite_reasoning_mode', reasoning_mode: 'think_tags', reason: null };
          s.provenance.decoding.assistant.max_tokens = 32768;
          s.provenance.decoding.conditions[1].temperature = 1.5;
          s.provenance.simulated = false;
          writeFileSync(f, JSON.stringify(s));
        }, /^(?=[\s\S]*provenance\.assistant_budget\.max_tokens: is 32768 but suite v2 gives \d+ for reasoning mode think_tags)(?=[\s\S]*provenance\.decoding\.conditions: are not suite v2's conditions)(?=[\s\S]*provenance\.simulated: is false but endpoint_models are all the simulator's)/],
        ['no request errors beside samples that hold them', (dir) => {
          const f = join(dir, model, 'samples', 'gsm8k.jsonl');
          const all = lines(f).map((l) => JSON.parse(l));
          const k = all.findIndex((x) => x.error === null && x.condition === 'greedy');
          all[k] = { ...all[k], error: { stage: 'user_turn', reason: 'HTTP 500 after 5 retries' }, verdicts: [], user_turn: '', finish_reason: null, prompt_sha256: null, timings: { ...all[k].timings, user_turn_ms: null } };
          writeFileSync(f, `${all.map((x) => JSON.stringify(x)).join('\n')}\n`);
          // The summary rebuilt from the edited samples, as a forger would, keeping run.request_errors at 0.
          rebuildSummary(join(dir, model));
        }, /run\.request_errors: is 0 but the samples hold request errors/],
        ['samples alone, their summary gone', (dir) => rmSync(join(dir, model, 'summary.json')), /gpt-oss-120b\/samples\/gsm8k\.jsonl: \(file\): its result folder has no summary\.json/],
        // Every count intact, a figure edited: recomputed from the samples (summary-figures.ts).
        ['a follow-up rate and its interval edited', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.datasets[0].conditions[0].followup = { ...s.datasets[0].conditions[0].followup, value: 0.99, lo: 0.95, hi: 1 };
          writeFileSync(f, JSON.stringify(s));
        }, /gpt-oss-120b\/summary\.json: datasets\[0\]\.conditions\[0\]\.followup\.value: is 0\.99 but its samples give [\d.]+/],
        ['any-of-k lowered', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          const c = s.datasets[0].conditions.find((x: { any_of_k: unknown }) => x.any_of_k !== null);
          c.any_of_k.value = 0;
          writeFileSync(f, JSON.stringify(s));
        }, /datasets\[0\]\.conditions\[\d+\]\.any_of_k\.value: is 0 but its samples give [\d.]+/],
        ['every sample\'s accuracy flipped', (dir) => {
          const f = join(dir, model, 'samples', 'gsm8k.jsonl');
          writeFileSync(f, `${lines(f).map((l) => { const x = JSON.parse(l); if (x.accuracy) x.accuracy.correct = !x.accuracy.correct; return JSON.stringify(x); }).join('\n')}\n`);
        }, /datasets\[\d+\]\.accuracy\.(strict\.value|item_correct): is "?[\d.]+"? but its samples give "?[\d.]+/],
      ];
      for (const [what, alter, message] of cases) {
        const dir = mkdtempSync(join(tmpdir(), 'ut-sum-altered-'));
        cpSync(clean, dir, { recursive: true });
        alter(dir);
        const r = runCli(['validate', dir]);
        assert.equal(r.code, 1, `${what}: ${r.stdout}${r.stderr}`);
        assert.match(r.stderr, message, what);
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });

  it('a summary named alone (what the validate workflow passes for a pull request changing only it) is read against the samples beside it', () => {
    // The workflow writes the changed summary into a checkout of the base branch, whose samples are the published ones.
    const dir = results();
    try {
      const f = join(dir, 'gpt-oss-120b', 'summary.json');
      const s = JSON.parse(readFileSync(f, 'utf8'));
      s.datasets[0].conditions[0].n_judged += 1;
      writeFileSync(f, JSON.stringify(s));
      const r = runCli(['validate', f]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /summary\.json: datasets\[0\]\.conditions\[0\]\.n_judged: is \d+ but samples\/\w+\.jsonl gives \d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a summary names its model as the committed submission does: another name, family, repository or size is refused', () => {
    // A review published results/qwen3.5-9b/ as "GPT-5 (official)" of family openai with 1,000 B active parameters.
    const dir = results();
    try {
      const f = join(dir, 'gpt-oss-120b', 'summary.json');
      const s = JSON.parse(readFileSync(f, 'utf8'));
      Object.assign(s.submission, { display_name: 'GPT-5 (official)', family: 'openai-official', params: { total_b: 1, active_b: 1000 } });
      s.submission.hf.repo = 'openai/gpt-5';
      writeFileSync(f, JSON.stringify(s));
      const r = runCli(['validate', dir]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      for (const field of ['display_name', 'family', 'hf\\.repo', 'params\\.total_b', 'params\\.active_b']) {
        assert.match(r.stderr, new RegExp(`gpt-oss-120b/summary\\.json: submission\\.${field}: is .+ but submissions/openai/gpt-oss-120b\\.yaml says `), field);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a result of no committed submission must be simulated; a submission changed under a published result is flagged in its own pull request', () => {
    const dir = results();
    try {
      // The review's way round the identity check: another folder and id, stamped as a real model.
      const f = join(dir, 'gpt-oss-120b', 'summary.json');
      const s = JSON.parse(readFileSync(f, 'utf8'));
      s.provenance.simulated = false;
      s.provenance.endpoint_models = ['openai/gpt-oss-120b'];
      writeFileSync(f, JSON.stringify(s));
      const r = runCli(['validate', dir]);
      assert.equal(r.code, 0, `a real model's result of a committed submission: ${r.stdout}${r.stderr}`);
      const ghost = join(dir, 'gpt-5');
      cpSync(join(dir, 'gpt-oss-120b'), ghost, { recursive: true });
      const g = JSON.parse(readFileSync(join(ghost, 'summary.json'), 'utf8'));
      g.submission.id = 'gpt-5';
      writeFileSync(join(ghost, 'summary.json'), JSON.stringify(g));
      for (const sf of ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'wildchat']) {
        const p = join(ghost, 'samples', `${sf}.jsonl`);
        try { writeFileSync(p, `${lines(p).map((l) => JSON.stringify({ ...JSON.parse(l), submission_id: 'gpt-5' })).join('\n')}\n`); } catch { /* a dataset the suite does not run */ }
      }
      const r2 = runCli(['validate', ghost]);
      assert.equal(r2.code, 1, r2.stdout + r2.stderr);
      assert.match(r2.stderr, /gpt-5\/summary\.json: submission\.id: no submission in submissions\/ has the id "gpt-5"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A repository whose published result a submission change makes stale: the submission's pull request says so.
    const repo = mkdtempSync(join(tmpdir(), 'ut-stale-'));
    try {
      execFileSync(process.execPath, [join(REPO_ROOT, 'bench/synthetic/generate.ts'), '--out', join(repo, 'results'), '--models', '1', '--items', '2'], { stdio: 'ignore', cwd: REPO_ROOT });
      cpSync(join(REPO_ROOT, 'submissions', 'openai'), join(repo, 'submissions', 'openai'), { recursive: true });
      const sub = join(repo, 'submissions', 'openai', 'gpt-oss-120b.yaml');
      writeFileSync(sub, readFileSync(sub, 'utf8').replace(/^display_name: .*$/m, 'display_name: gpt-oss 120B (renamed)'));
      const r = runCli(['validate', 'submissions/openai/gpt-oss-120b.yaml'], { cwd: repo });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /gpt-oss-120b\.yaml: display_name: is "gpt-oss 120B \(renamed\)", but the published results\/gpt-oss-120b\/summary\.json says "gpt-oss 120B": rerun the model in this pull request/);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('a samples file named alone is read with its folder\'s summary (a pull request changing only sample lines)', () => {
    const dir = results();
    try {
      const f = join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl');
      writeFileSync(f, `${lines(f).slice(1).join('\n')}\n`);
      const r = runCli(['validate', f]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /gpt-oss-120b\/summary\.json: datasets\[\d+\]\.conditions\[\d+\]\.n_samples: is \d+ but samples\/gsm8k\.jsonl gives \d+/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a linked samples folder is refused and nothing behind it is read', () => {
    const dir = results();
    const elsewhere = mkdtempSync(join(tmpdir(), 'ut-elsewhere-'));
    try {
      mkdirSync(join(elsewhere, 'samples'));
      for (const f of ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'wildchat']) writeFileSync(join(elsewhere, 'samples', `${f}.jsonl`), '{"item_id":"SECRET-FROM-OUTSIDE"}\n');
      rmSync(join(dir, 'gpt-oss-120b', 'samples'), { recursive: true });
      symlinkSync(join(elsewhere, 'samples'), join(dir, 'gpt-oss-120b', 'samples'));
      for (const target of [dir, join(dir, 'gpt-oss-120b', 'summary.json')]) {
        const r = runCli(['validate', target]);
        assert.equal(r.code, 1, r.stdout + r.stderr);
        assert.match(r.stderr, /gpt-oss-120b\/(samples: \(file\): is a symbolic link|summary\.json: \(file\): its samples folder is a symbolic link)/);
        assert.doesNotMatch(r.stdout + r.stderr, /SECRET-FROM-OUTSIDE/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a samples file with bytes that are not UTF-8, and a linked one (in a folder or named), are errors, never read through', () => {
    const dir = results();
    try {
      const samples = join(dir, 'gpt-oss-120b', 'samples');
      writeFileSync(join(samples, 'gsm8k.jsonl'), Buffer.concat([readFileSync(join(samples, 'gsm8k.jsonl')), Buffer.from([0xff, 0xfe, 0x0a])]));
      symlinkSync('/etc/passwd', join(samples, 'zz.jsonl'));
      const r = runCli(['validate', dir]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /samples\/gsm8k\.jsonl: \(file\): is not valid UTF-8/);
      assert.match(r.stderr, /samples\/zz\.jsonl: \(file\): is a symbolic link/);
      const named = runCli(['validate', join(samples, 'zz.jsonl')]);
      assert.equal(named.code, 1);
      assert.doesNotMatch(named.stdout + named.stderr, /root:/, 'nothing of the linked file is shown');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('per-item counts: absent (a summary written before them) is read as such; present, they must be what the samples give', () => {
    const dir = results();
    try {
      const f = join(dir, 'gpt-oss-120b', 'summary.json');
      const original = readFileSync(f, 'utf8');
      type Cond = { item_counts?: string };
      const conds = (s: { datasets: Array<{ conditions: Cond[] }> }) => s.datasets.flatMap((d) => d.conditions);
      const older = JSON.parse(original);
      assert.ok(conds(older).some((c) => c.item_counts !== undefined), 'the synthetic results have sampled conditions');
      for (const c of conds(older)) delete c.item_counts;
      writeFileSync(f, JSON.stringify(older));
      const ok = runCli(['validate', dir]);
      assert.equal(ok.code, 0, ok.stdout + ok.stderr);
      // One follow-up moved to another item: the sums (what the schema checks) are kept, the samples say otherwise.
      const moved = JSON.parse(original);
      const move = (counts: string): string | null => {
        const items = counts.split(',').map((e) => e.split('/').map(Number) as [number, number]);
        const from = items.findIndex(([h]) => h > 0);
        const to = items.findIndex(([h, t], k) => k !== from && h < t);
        if (from < 0 || to < 0) return null;
        items[from]![0]--;
        items[to]![0]++;
        return items.map(([h, t]) => `${h}/${t}`).join(',');
      };
      const c = conds(moved).find((x) => x.item_counts !== undefined && move(x.item_counts) !== null);
      assert.ok(c, 'a condition with a follow-up that can move to another item');
      c.item_counts = move(c.item_counts!)!;
      writeFileSync(f, JSON.stringify(moved));
      const r = runCli(['validate', dir]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /summary\.json: datasets\[\d+\]\.conditions\[\d+\]\.item_counts: is "[^"]*" but its samples give/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
