import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { astroBuild } from '../../helpers/site-build.ts';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

test('a broken results summary fails the site build, naming the file and the field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-broken-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '1', '--items', '2'], { stdio: 'ignore' });
    // The generator's first model reuses the first committed submission's id.
    const f = join(dir, 'gpt-oss-120b', 'summary.json');
    const s = JSON.parse(readFileSync(f, 'utf8'));
    s.datasets[0].conditions[0].followup.value = 1.5;
    writeFileSync(f, JSON.stringify(s));
    const r = astroBuild({ USERTURN_RESULTS_DIR: dir });
    rmSync(r.tmp, { recursive: true, force: true });
    assert.notEqual(r.status, 0, 'the build must fail');
    const text = r.text;
    assert.match(text, /gpt-oss-120b\/summary\.json: datasets\[0\]\.conditions\[0\]\.followup\.value: /);
    // The message alone: Astro printed the loader's stack under it ("Stack trace:", "at Object.load …").
    assert.doesNotMatch(text, /Stack trace:|^\s+at /m);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a result folder left mid-commit by a killed run (its .commit.json) fails the site build, naming it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-midcommit-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '1', '--items', '2'], { stdio: 'ignore' });
    writeFileSync(join(dir, 'gpt-oss-120b', '.commit.json'), JSON.stringify({ renames: [], remove: [] }));
    const r = astroBuild({ USERTURN_RESULTS_DIR: dir });
    rmSync(r.tmp, { recursive: true, force: true });
    assert.notEqual(r.status, 0, 'the build must fail');
    assert.match(r.text, /gpt-oss-120b\/summary\.json: \(file\): this result was being put in place when its run was stopped/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a result its samples do not support fails the build before any page is written', () => {
  // A review's refused result left a complete site, its edited figures included, in the output folder: the samples
  // were read against the summary only once every page had been written.
  const dir = mkdtempSync(join(tmpdir(), 'ut-unsupported-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '1', '--items', '2'], { stdio: 'ignore' });
    const f = join(dir, 'gpt-oss-120b', 'summary.json');
    const s = JSON.parse(readFileSync(f, 'utf8'));
    s.datasets[0].conditions[0].followup = { ...s.datasets[0].conditions[0].followup, value: 0.99, lo: 0.97, hi: 1 };
    writeFileSync(f, JSON.stringify(s));
    const r = astroBuild({ USERTURN_RESULTS_DIR: dir });
    try {
      assert.notEqual(r.status, 0, 'the build must fail');
      assert.match(r.text, /gpt-oss-120b\/summary\.json: datasets\[0\]\.conditions\[0\]\.followup\.value: is 0\.99 but its samples give /);
      assert.doesNotMatch(r.text, /Stack trace:|^\s+at /m);
      assert.equal(existsSync(join(r.out, 'index.html')), false, 'no page of the refused build is left');
      assert.equal(existsSync(join(r.out, 'models', 'gpt-oss-120b', 'index.html')), false);
    } finally { rmSync(r.tmp, { recursive: true, force: true }); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a result naming its model otherwise than the committed submission fails the build, naming the field and the submission', () => {
  // A review published results/qwen3.5-9b/ as "GPT-5 (official)": the site shows the summary's copy of the identity.
  const dir = mkdtempSync(join(tmpdir(), 'ut-identity-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '1', '--items', '2'], { stdio: 'ignore' });
    const f = join(dir, 'gpt-oss-120b', 'summary.json');
    const s = JSON.parse(readFileSync(f, 'utf8'));
    s.submission.display_name = 'GPT-5 (official)';
    writeFileSync(f, JSON.stringify(s));
    const r = astroBuild({ USERTURN_RESULTS_DIR: dir });
    rmSync(r.tmp, { recursive: true, force: true });
    assert.notEqual(r.status, 0, 'the build must fail');
    assert.match(r.text, /gpt-oss-120b\/summary\.json: submission\.display_name: is "GPT-5 \(official\)" but submissions\/openai\/gpt-oss-120b\.yaml says /);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a broken approved-judges.yaml fails the site build, naming the file and the field, with no stack', () => {
  // The build parsed it with the zod schema's parse: a wrong field ended in zod's error and Astro's stack trace.
  const dir = mkdtempSync(join(tmpdir(), 'ut-approved-'));
  try {
    const results = join(dir, 'results');
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '1', '--items', '2'], { stdio: 'ignore' });
    const bench = join(dir, 'benchmark');
    cpSync('benchmark', bench, { recursive: true });
    const f = join(bench, 'policy', 'approved-judges.yaml');
    const text = readFileSync(f, 'utf8');
    writeFileSync(f, text.replace('prompt_versions: [judge-v1]', 'prompt_versions: judge-v1'));
    const r = astroBuild({ USERTURN_RESULTS_DIR: results, USERTURN_BENCHMARK_DIR: bench });
    rmSync(r.tmp, { recursive: true, force: true });
    assert.notEqual(r.status, 0, 'the build must fail');
    assert.match(r.text, /policy\/approved-judges\.yaml: approved_judges\[0\]\.prompt_versions: /);
    assert.doesNotMatch(r.text, /Stack trace:|^\s+at /m);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
