import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseWith, ResultSummary } from '../../../src/schema/index.ts';

const FIXTURE = new URL('../../fixtures/results-v1/sim-qwen3.5-0.8b/summary.json', import.meta.url);
const base = () => JSON.parse(readFileSync(FIXTURE, 'utf8'));

/** The fields and messages of the summary's errors after `edit`; [] when it validates. */
function errorsAfter(edit: (s: any) => void): string[] {
  const s = base();
  edit(s);
  const r = parseWith(ResultSummary, s, 'summary.json');
  return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
}

test('the fixture summary validates as it is', () => assert.deepEqual(errorsAfter(() => {}), []));

test('an endpoint URL with user:password is refused; the runner\'s redacted forms pass', () => {
  const refused = errorsAfter((s) => (s.run.endpoints = ['http://user:s3cretpassword@10.0.0.1:8000/v1', 'https://token@gpu:8000/v1']));
  assert.equal(refused.length, 2, refused.join('\n'));
  assert.match(refused[0]!, /^run\.endpoints\[0\]: .*credentials/);
  assert.match(refused[1]!, /^run\.endpoints\[1\]: .*credentials/);
  assert.doesNotMatch(refused.join('\n'), /s3cretpassword/, 'the password is not repeated');
  assert.deepEqual(errorsAfter((s) => (s.run.endpoints = ['http://10.0.0.1:8000/v1', 'http://[redacted]@10.0.0.1:8000/v1', '(invalid url)'])), []);
  assert.match(errorsAfter((s) => (s.provenance.endpoint_models = ['http://u:pw@host:8000/v1'])).join('\n'), /^provenance\.endpoint_models\[0\]: .*credentials/);
});

test('names in a summary follow the submission\'s display-name rules: length, no bidi or control characters', () => {
  const cases: Array<[string, (s: any) => void]> = [
    ['submission.display_name', (s) => (s.submission.display_name = 'Qwen\u202e9B')],
    ['submission.display_name', (s) => (s.submission.display_name = 'x'.repeat(81))],
    ['provenance.judges[0].model', (s) => (s.provenance.judges[0].model = 'gpt\u001b[2J')],
    ['provenance.endpoint_models[0]', (s) => (s.provenance.endpoint_models = ['model\u2066'])],
    ['provenance.template_source', (s) => (s.provenance.template_source = 'file:a\u0085b')],
    ['provenance.package_versions.zod', (s) => (s.provenance.package_versions.zod = '4.0\u0007')],
    ['provenance.package_versions', (s) => (s.provenance.package_versions['evil\u001b]0;x\u0007'] = '1.0.0')],
  ];
  for (const [field, edit] of cases) {
    const errors = errorsAfter(edit);
    assert.ok(errors.some((e) => e.startsWith(`${field}`)), `${field}: ${errors.join('\n') || 'accepted'}`);
  }
  assert.deepEqual(errorsAfter((s) => (s.submission.display_name = 'Qwen3.5 9B (Instruct) — ünïcode')), []);
});

test('the provenance text the model page shows (runner commit, stop sequences, judge prompt, engine) follows the same rules', () => {
  // A results pull request's summary passed validate with U+202E and 6,000 characters in runner_commit, and
  // zero-width or bidi characters in these fields, all shown on the model page as they are.
  const cases: Array<[string, (s: any) => void]> = [
    ['provenance.runner_commit', (s) => (s.provenance.runner_commit = '\u202e2bfe4d423e37b6430e7dd62ac1c6eace9e9096b0')],
    ['provenance.runner_commit', (s) => (s.provenance.runner_commit = 'ab'.repeat(3000))],
    ['provenance.stop_sequences[0]', (s) => (s.provenance.stop_sequences = ['<|im_end|>\u200b'])],
    ['provenance.stop_sequences[0]', (s) => (s.provenance.stop_sequences = ['x'.repeat(1001)])],
    ['provenance.judges[0].prompt_version', (s) => (s.provenance.judges[0].prompt_version = 'judge-v2\u2066')],
    ['provenance.primary_judge', (s) => (s.provenance.primary_judge = 'heuristic\u202e')],
    ['provenance.engine_settings.engine', (s) => (s.provenance.engine_settings = { engine: 'vllm\u{E0041}', extra_body: {}, runner_cuts_stops: true })],
  ];
  for (const [field, edit] of cases) {
    const errors = errorsAfter(edit);
    assert.ok(errors.some((e) => e.startsWith(`${field}: `)), `${field}: ${errors.join('\n') || 'accepted'}`);
  }
  // What the runner writes passes: a commit sha or null, stops with newlines and special tokens.
  assert.deepEqual(errorsAfter((s) => {
    s.provenance.runner_commit = null;
    s.provenance.stop_sequences = ['<|im_end|>', '<|im_start|>user\n', '\n\nUser:'];
    s.provenance.engine_settings = { engine: 'sglang', extra_body: {}, runner_cuts_stops: true };
  }), []);
});

test('an emoji ZWJ sequence is a name; a zero-width joiner anywhere else, and other invisible characters, are not', () => {
  // U+200D between two emoji draws them as one (the first may carry U+FE0F or a skin tone): it hides nothing.
  for (const name of ['Coder 👩‍💻', '🏳️‍🌈 Pride 9B', '👩🏽‍💻', 'Family 👨‍👩‍👧', '❤️‍🔥', '🏳️‍⚧️ 7B']) {
    assert.deepEqual(errorsAfter((s) => (s.submission.display_name = name)), [], name);
  }
  const hidden = ['Qwen\u200D9B', 'Qwen 👩\u200D', '\u200D💻 9B', '👩\u200D\u200D💻', '👩\u200Dx', 'Qwen\u200B9B', 'Qwen\u200C9B', 'Qwen\u20609B', 'Qwen\uFEFF9B', '👩\u202E‍💻'];
  for (const name of hidden) {
    const errors = errorsAfter((s) => (s.submission.display_name = name));
    assert.ok(errors.some((e) => /^submission\.display_name: contains a (control or invisible format|bidirectional control) character/.test(e)), `${JSON.stringify(name)}: ${errors.join('\n') || 'accepted'}`);
  }
});

test('provenance.answered_models, the names an engine answered under in place of the asked one: absent in older results, else named like endpoint_models', () => {
  assert.equal('answered_models' in base().provenance, false, 'the fixture is an older result without the field');
  assert.deepEqual(errorsAfter((s) => (s.provenance.answered_models = ['userturn-sim/restater'])), []);
  assert.match(errorsAfter((s) => (s.provenance.answered_models = [])).join('\n'), /^provenance\.answered_models: /, 'an empty list is left out, not written');
  assert.match(errorsAfter((s) => (s.provenance.answered_models = ['http://u:pw@host:8000/v1'])).join('\n'), /^provenance\.answered_models\[0\]: .*credentials/);
  assert.match(errorsAfter((s) => (s.provenance.answered_models = ['a\u001b[2J'])).join('\n'), /^provenance\.answered_models\[0\]: /);
  assert.match(errorsAfter((s) => (s.provenance.answered_models = 'first')).join('\n'), /^provenance\.answered_models: /);
});
