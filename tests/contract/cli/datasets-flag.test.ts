import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const SUBMISSION = join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml');

test('run --datasets GSM8K: a usage error that names the lower-case id (dataset ids are lower-case), exit 2', () => {
  const r = runCli(['run', SUBMISSION, '--datasets', 'GSM8K,IFEval', '--dry-run']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /^--datasets: not a dataset id: "GSM8K" \(did you mean gsm8k\? dataset ids are lower-case\), "IFEval" \(did you mean ifeval\? dataset ids are lower-case\)$/m);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('run --datasets: an id that lower case does not mend gets no guess', () => {
  for (const [arg, shown] of [['gsm-8k', '"gsm-8k"'], ['GSM-8K', '"GSM-8K"'], ['', '""']]) {
    const r = runCli(['run', SUBMISSION, '--datasets', arg!, '--dry-run']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`^--datasets: not a dataset id: ${shown}$`, 'm'));
    assert.doesNotMatch(r.stderr, /did you mean/);
  }
});

test('run --datasets mt-bench, MT-Bench: names mt_bench, the suite\'s id with _ for - (and lower-case)', () => {
  // The paper and the Hub write MT-Bench; the id is mt_bench. A hyphen made it "not a dataset id" with no hint.
  const r = runCli(['run', SUBMISSION, '--datasets', 'mt-bench,MT-Bench,Vicuna-Bench', '--dry-run']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /^--datasets: not a dataset id: "mt-bench" \(did you mean mt_bench\? dataset ids are written with _, not -\), "MT-Bench" \(did you mean mt_bench\? dataset ids are lower-case and written with _, not -\), "Vicuna-Bench" \(did you mean vicuna_bench\? dataset ids are lower-case and written with _, not -\)$/m);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('run --datasets mt-bench: no guess when the suite run would use has no mt_bench', () => {
  // gsm-8k above mends to gsm_8k, which no suite lists; here the suite itself cannot be read.
  const r = runCli(['run', SUBMISSION, '--datasets', 'mt-bench', '--suite', join(REPO_ROOT, 'no-such-suite.yaml'), '--dry-run']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /^--datasets: not a dataset id: "mt-bench"$/m);
});
