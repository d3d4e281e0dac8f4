import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CURRENT_SUITE_HELP } from '../../../runners/core/defaults.ts';
import { root, runCli } from '../../helpers/processes.ts';

// Errors a user meets on the command line, found by trying the CLI on a fresh clone (review of issues 10, 11, 13).
describe('CLI errors name the real problem', () => {
  it('run on a submission file that does not exist names the file (exit 1), not a missing endpoint', async () => {
    const r = await runCli(['run', 'no/such/submission.yaml'], { env: { USERTURN_BASE_URL: '' } });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^no\/such\/submission\.yaml: \(file\): cannot read file: no such file or folder \(ENOENT\)$/m);
    assert.doesNotMatch(r.stderr, /no endpoint/);
  });

  it('run without --base-url validates the submission with its schema before using its serving.base_urls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-run-hint-'));
    try {
      const sub = join(dir, 'sub.yaml');
      const text = readFileSync(join(root, 'submissions/openai/gpt-oss-20b.yaml'), 'utf8');
      writeFileSync(sub, `${text.replace(/^serving:\n/m, 'serving:\n  base_urls: [ftp://gpu-host/v1]\n')}`);
      const r = await runCli(['run', sub], { env: { USERTURN_BASE_URL: '' } });
      // Not a usage error about a --base-url flag nobody passed: the submission's field, exit 1.
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /sub\.yaml: serving\.base_urls\[0\]: /);
      assert.doesNotMatch(r.stderr, /--base-url must be/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the command list names the current suite for run', async () => {
    const r = await runCli(['--help']);
    assert.equal(r.code, 0);
    const line = r.stdout.split('\n').find((l) => /^\s+run\s/.test(l)) ?? '';
    assert.ok(line.includes(CURRENT_SUITE_HELP), line);
  });

  it('rejudge of a suite v1 result with the default (v2) suite names the suite file to pass, and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-rejudge-v1-'));
    try {
      cpSync(join(root, 'tests/fixtures/results-v1'), dir, { recursive: true });
      const summary = join(dir, 'sim-qwen3.5-0.8b', 'summary.json');
      const before = readFileSync(summary, 'utf8');
      const r = await runCli(['rejudge', join(dir, 'sim-qwen3.5-0.8b')]);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /version: is userturn v2, but the result was produced with userturn v1: pass --suite benchmark\/suites\/v1\.yaml$/m);
      assert.equal(readFileSync(summary, 'utf8'), before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('validate refuses a sample whose submission_id is not its result folder, as the site build does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-validate-owner-'));
    try {
      cpSync(join(root, 'tests/fixtures/results-v1'), dir, { recursive: true });
      const file = join(dir, 'sim-qwen3.5-0.8b', 'samples', 'gsm8k.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n');
      lines[1] = lines[1]!.replace('"submission_id":"sim-qwen3.5-0.8b"', '"submission_id":"someone-else"');
      assert.ok(lines[1]!.includes('someone-else'));
      writeFileSync(file, lines.join('\n'));
      const r = await runCli(['validate', dir]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout + r.stderr, /gsm8k\.jsonl:2: submission_id: is "someone-else" but the folder is results\/sim-qwen3\.5-0\.8b\//);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file annotate, calibrate or judge cannot write stops with one line naming it (exit 1), no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-write-'));
    try {
      const taken = join(dir, 'a-folder');
      mkdirSync(taken);
      cpSync(join(root, 'tests/fixtures/results-v1'), join(dir, 'results'), { recursive: true });
      writeFileSync(join(dir, 'turns.jsonl'), `${JSON.stringify({ id: 'a', question: 'What is 2+2?', response: '4.', user_turn: 'Why 4?' })}\n`);
      const runs = [
        ['annotate', 'sample', '--results', join(dir, 'results', 'sim-qwen3.5-0.8b'), '--n', '4', '--seed', '1', '--out', taken],
        ['calibrate', '--out', taken],
        ['judge', '--input', join(dir, 'turns.jsonl'), '--out', taken],
      ];
      for (const args of runs) {
        const r = await runCli(args, { env: { USERTURN_DATA_DIR: '' } });
        assert.equal(r.code, 1, `${args[0]}: ${r.stderr}`);
        assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
        assert.match(r.stderr, new RegExp(`${taken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (\\(file\\): )?cannot write: is a folder \\(EISDIR\\)`));
        assert.doesNotMatch(r.stderr, /requests come from the cache/, 'the advice is not the runner\'s');
        assert.deepEqual(readdirSync(taken), [], 'nothing half-written');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('annotate sample --results results/* (as docs/judges.md says) passes over the calibration files a results folder holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-annotate-glob-'));
    try {
      cpSync(join(root, 'tests/fixtures/results-v1'), dir, { recursive: true });
      cpSync(join(root, 'tests/fixtures/human-agreement/calibration'), join(dir, 'calibration'), { recursive: true });
      writeFileSync(join(dir, 'calibration.json'), '{}');
      const glob = readdirSync(dir).sort().map((f) => join(dir, f)); // what the shell makes of results/*
      const r = await runCli(['annotate', 'sample', '--results', ...glob, '--n', '4', '--seed', '1', '--out', join(dir, 'b.jsonl')]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /4 items from 1 result,/);
      // A folder given by its name that is not a result is still refused.
      mkdirSync(join(dir, 'not-a-result'));
      const bad = await runCli(['annotate', 'sample', '--results', join(dir, 'not-a-result'), '--n', '4', '--seed', '1', '--out', join(dir, 'c.jsonl')]);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /not-a-result\/summary\.json: \(file\): cannot read file: no such file or folder \(ENOENT\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('judge --input on a folder says it is not a file, not that it does not exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-judge-dir-'));
    try {
      const r = await runCli(['judge', '--input', dir]);
      assert.equal(r.code, 1, 'a missing or wrong input file is bad input (exit 1), as in every command');
      assert.equal(r.stderr.trim(), `${dir}: (file): not a regular file`);
      const gone = await runCli(['judge', '--input', join(dir, 'gone.jsonl')]);
      assert.equal(gone.stderr.trim(), `${join(dir, 'gone.jsonl')}: (file): no such file`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
