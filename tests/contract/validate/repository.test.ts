import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

test('the repository as committed validates cleanly', () => {
  const r = runCli(['validate']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /validated \d+ files?: ok/);
});

test('every committed submission starts with the yaml-language-server schema line', () => {
  for (const org of readdirSync(join(REPO_ROOT, 'submissions'), { withFileTypes: true })) {
    if (!org.isDirectory()) continue;
    for (const f of readdirSync(join(REPO_ROOT, 'submissions', org.name))) {
      const first = readFileSync(join(REPO_ROOT, 'submissions', org.name, f), 'utf8').split('\n')[0];
      assert.equal(first, '# yaml-language-server: $schema=../schema.json', `submissions/${org.name}/${f}`);
    }
  }
});

test('usage errors exit 2: unknown option and missing path', () => {
  assert.equal(runCli(['validate', '--frobnicate']).code, 2);
  const r = runCli(['validate', 'no/such/file.yaml']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no\/such\/file\.yaml: \(file\): no such file/);
});

test('an unknown command exits 2 with a hint', () => {
  const r = runCli(['frobnicate']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown command "frobnicate"/);
});

test('broken results files are named with their line and field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-results-'));
  const samples = join(dir, 'results', 'm1', 'samples');
  mkdirSync(samples, { recursive: true });
  writeFileSync(join(samples, 'gsm8k.jsonl'), '{"format":1}\nnot json\n');
  writeFileSync(join(dir, 'results', 'm1', 'summary.json'), '{"format": 1, "submission": {"id": "m2"}}');
  const r = runCli(['validate', join(dir, 'results')]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /gsm8k\.jsonl:1: id: /);
  assert.match(r.stderr, /gsm8k\.jsonl:2: \(line\): invalid JSON/);
  assert.match(r.stderr, /summary\.json: submission\.display_name: /);
});

test('a broken suite names the field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-suite-'));
  mkdirSync(join(dir, 'suites'));
  const text = readFileSync(join(REPO_ROOT, 'benchmark/suites/v1.yaml'), 'utf8').replace('samples: 4 ', 'samples: -4 ');
  writeFileSync(join(dir, 'suites', 'v1.yaml'), text);
  const r = runCli(['validate', join(dir, 'suites', 'v1.yaml')]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /v1\.yaml: conditions\[1\]\.samples: Too small/);
});
