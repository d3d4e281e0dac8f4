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
        }, /gpt-oss-120b\/summary\.json: datasets\.\d+\.conditions\.\d+\.n_samples: is \d+ but samples\/gsm8k\.jsonl gives \d+/],
        ['a samples file missing', (dir) => rmSync(join(dir, model, 'samples', 'ifeval.jsonl')), /gpt-oss-120b\/summary\.json: datasets\.\d+: its samples file samples\/ifeval\.jsonl is missing/],
        ['a label count edited', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.datasets[0].conditions[0].labels.genuine_followup += 3;
          writeFileSync(f, JSON.stringify(s));
        }, /datasets\.0\.conditions\.0\.labels\.genuine_followup: is \d+ but samples\/\w+\.jsonl gives \d+/],
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
        }, /datasets\.0\.item_ids: lists \d+ items, which samples\/\w+\.jsonl does not hold in that order/],
        // Every count intact, a figure edited: recomputed from the samples (summary-figures.ts).
        ['a follow-up rate and its interval edited', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          s.datasets[0].conditions[0].followup = { ...s.datasets[0].conditions[0].followup, value: 0.99, lo: 0.95, hi: 1 };
          writeFileSync(f, JSON.stringify(s));
        }, /gpt-oss-120b\/summary\.json: datasets\.0\.conditions\.0\.followup\.value: is 0\.99 but its samples give [\d.]+/],
        ['any-of-k lowered', (dir) => {
          const f = join(dir, model, 'summary.json');
          const s = JSON.parse(readFileSync(f, 'utf8'));
          const c = s.datasets[0].conditions.find((x: { any_of_k: unknown }) => x.any_of_k !== null);
          c.any_of_k.value = 0;
          writeFileSync(f, JSON.stringify(s));
        }, /datasets\.0\.conditions\.\d+\.any_of_k\.value: is 0 but its samples give [\d.]+/],
        ['every sample\'s accuracy flipped', (dir) => {
          const f = join(dir, model, 'samples', 'gsm8k.jsonl');
          writeFileSync(f, `${lines(f).map((l) => { const x = JSON.parse(l); if (x.accuracy) x.accuracy.correct = !x.accuracy.correct; return JSON.stringify(x); }).join('\n')}\n`);
        }, /datasets\.\d+\.accuracy\.(strict\.value|item_correct): is "?[\d.]+"? but its samples give "?[\d.]+/],
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
      assert.match(r.stderr, /summary\.json: datasets\.0\.conditions\.0\.n_judged: is \d+ but samples\/\w+\.jsonl gives \d+/);
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

  it('a samples file named alone is read with its folder\'s summary (a pull request changing only sample lines)', () => {
    const dir = results();
    try {
      const f = join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl');
      writeFileSync(f, `${lines(f).slice(1).join('\n')}\n`);
      const r = runCli(['validate', f]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /gpt-oss-120b\/summary\.json: datasets\.\d+\.conditions\.\d+\.n_samples: is \d+ but samples\/gsm8k\.jsonl gives \d+/);
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
});
