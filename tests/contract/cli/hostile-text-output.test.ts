import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { assertEscaped, HOSTILE } from '../../helpers/hostile-text.ts';
import { fixtureData } from '../../helpers/processes.ts';

/**
 * Text from outside (a server's error body, a file's lines and names, a config's strings, a bug's message quoting
 * them) reaches the terminal escaped on every path the CLI prints it.
 */
describe('main', () => {
  it('an unknown command name is shown escaped (exit 2)', () => {
    const r = runCli([HOSTILE]);
    assert.equal(r.code, 2, r.stderr);
    assertEscaped(r);
  });

  it('an internal error whose message quotes outside text: escaped, on one line, with its stack (exit 70)', () => {
    const preload = join(REPO_ROOT, 'tests/fixtures/preload/throw-hostile-bug.mjs');
    const r = runCli(['score'], { env: { NODE_OPTIONS: `--import ${preload}` } });
    assert.equal(r.code, 70, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^userturn: internal error: Error: bad \\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\n\s+at /);
  });
});

describe('score', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-score-'));
  // The file's name, a line that is not JSON and an id the dataset lacks all carry the hostile text.
  const file = join(dir, `r${HOSTILE}.jsonl`);
  const gsm8k = JSON.parse(readFileSync(join(fixtureData, 'gsm8k', 'test.jsonl'), 'utf8').split('\n')[0]!) as { question: string };
  const lines = [JSON.stringify({ id: HOSTILE, response: 'x' }), JSON.stringify({ prompt: gsm8k.question, response: 'The answer is 18.' })];
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the problem lines (a line not JSON, an id not in the dataset, the file name) are escaped, one line each (exit 1)', () => {
    writeFileSync(file, [...lines, `x${HOSTILE.replace('\n', '\r')}`].join('\n'));
    const r = runCli(['score', '--dataset', 'gsm8k', '--responses', file, '--data-dir', fixtureData]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^.*\.jsonl:3: invalid JSON: .*"x\\u001b\]0;PWNED/m);
  });

  it('a file that cannot be read is named on one line, escaped (exit 1)', () => {
    const r = runCli(['score', '--dataset', 'gsm8k', '--responses', join(dir, `missing${HOSTILE}`), '--data-dir', fixtureData]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^.*missing\\u001b.*\\nuserturn: ok: cannot read: ENOENT$/m);
  });

  it('the skipped lines and the report naming the file are escaped (exit 0)', () => {
    writeFileSync(file, lines.join('\n'));
    const r = runCli(['score', '--dataset', 'gsm8k', '--responses', file, '--data-dir', fixtureData, '--skip-unmatched']);
    assert.equal(r.code, 0, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^skipped .*:1: no item of the dataset has this id /m);
    assert.match(r.stdout, /^gsm8k: 1 response scored from .*\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\.jsonl \(1 unmatched skipped\)$/m);
  });
});

describe('judge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-judge-'));
  const input = join(dir, `turns${HOSTILE}.jsonl`);
  const turn = { id: HOSTILE, question: 'What is 2+2?', response: '4.', user_turn: `Why 4? ${HOSTILE}` };
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('malformed-line problems (not JSON, a duplicate id), the labels on stdout and the file name are escaped (exit 1)', () => {
    writeFileSync(input, [JSON.stringify(turn), JSON.stringify(turn), `x${HOSTILE.replace('\n', '\r')}`].join('\n'));
    const r = runCli(['judge', '--input', input]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^.*\.jsonl:2: id: duplicate id "\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok" \(first on line 1\)$/m);
    assert.match(r.stderr, /^.*\.jsonl:3: \(line\): not valid JSON: .*"x\\u001b\]0;PWNED/m);
    // The label line is still JSON, and reads back as the text it was given.
    assert.equal(JSON.parse(r.stdout).id, HOSTILE);
  });

  it('an input that is missing is named on one line, escaped (exit 1)', () => {
    const r = runCli(['judge', '--input', join(dir, `missing${HOSTILE}`)]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
  });
});

describe('rejudge', () => {
  it('a stale lock file whose host and command hold hostile text: the take-over line is escaped, on one line (exit 0)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-rejudge-'));
    try {
      cpSync(join(REPO_ROOT, 'tests/fixtures/results-v1'), dir, { recursive: true });
      const result = join(dir, 'sim-qwen3.5-0.8b');
      writeFileSync(join(result, '.userturn.lock'), `${JSON.stringify({ pid: 1, host: HOSTILE, start: null, command: HOSTILE, since: '2026-01-01T00:00:00.000Z' })}\n`);
      const r = runCli(['rejudge', result, '--suite', 'benchmark/suites/v1.yaml']);
      assert.equal(r.code, 0, r.stderr);
      assertEscaped(r);
      assert.match(r.stderr, /: taking over the lock left by pid 1 on host \\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok, which this host/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a live lock whose command holds hostile text: the refusal names it escaped, on one line (exit 1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-rejudge-'));
    try {
      cpSync(join(REPO_ROOT, 'tests/fixtures/results-v1'), dir, { recursive: true });
      const result = join(dir, 'sim-qwen3.5-0.8b');
      // This test's own process holds it: running, on this host.
      writeFileSync(join(result, '.userturn.lock'), `${JSON.stringify({ pid: process.pid, host: hostname(), start: null, command: HOSTILE, since: '2026-01-01T00:00:00.000Z' })}\n`);
      const r = runCli(['rejudge', result, '--suite', 'benchmark/suites/v1.yaml']);
      assert.equal(r.code, 1, r.stderr);
      assertEscaped(r);
      assert.match(r.stderr, new RegExp(`^another userturn \\\\u001b\\]0;PWNED\\\\u0007\\\\u202eevil\\\\nuserturn: ok \\(pid ${process.pid}\\) is writing `, 'm'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('calibrate', () => {
  it('a labelled set in a folder named with hostile text: the lines naming it are escaped (exit 0)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-calibrate-'));
    try {
      const set = join(dir, `set${HOSTILE}`);
      mkdirSync(set);
      writeFileSync(join(set, 'contexts.yaml'), 'format: 1\ncontexts:\n  - id: c1\n    domain: math\n    question: What is 2+2?\n    response: "4."\n');
      writeFileSync(join(set, 'items-x.yaml'), 'format: 1\nitems:\n  - ctx: c1\n    label: genuine_followup\n    u: Why did you add 2 and 2?\n');
      const r = runCli(['calibrate', '--set', set], { env: { USERTURN_DATA_DIR: '' } });
      assert.equal(r.code, 0, r.stderr);
      assertEscaped(r);
      assert.match(r.stdout, /^heuristic:\S+\s+Labelled set .*set\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok n=1/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
