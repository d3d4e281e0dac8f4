/**
 * A submission's names go through the same text rule as a summary's (src/schema/text.ts, applied to every string by
 * runners/validate/submission-policy.ts): tests/unit/schema/summary-names.test.ts holds the cases; this is the
 * submission's side of one of them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';
import { visibleText } from '../../../src/schema/text.ts';

const withDisplayName = (display_name: string) =>
  Submission.parse({
    id: 'm', display_name, family: 'm', hf: { repo: 'acme/m', revision: 'main' }, params: { total_b: 1, active_b: 1 }, license: 'mit',
    serving: { max_model_len: 4096 }, generation: { template_kwargs: {} }, submitter: { github: 'someone' },
  });

test('a submission\'s display_name may hold an emoji ZWJ sequence, not a zero-width joiner between letters', () => {
  assert.deepEqual(submissionPolicyErrors(withDisplayName('Coder 🏳️‍🌈 👩🏽‍💻'), 'submissions/acme/m.yaml', process.cwd()), []);
  assert.deepEqual(submissionPolicyErrors(withDisplayName('Qwen\u200D9B'), 'submissions/acme/m.yaml', process.cwd()), [
    { file: 'submissions/acme/m.yaml', field: 'display_name', message: 'contains a control or invisible format character' },
  ]);
});

test('every character drawn as nothing is refused in a name: tag characters, invisible operators, fillers, the soft hyphen', () => {
  // Only zero-width spaces and joiners were: "Qwen<TAG A><TAG B> 9B" showed as "Qwen 9B" and carried hidden ASCII.
  const hidden = ['Qwen\u{E0041}\u{E0042} 9B', 'Qwen\u{E0001}9B', 'Qwen\u20629B', 'Qwen\u00AD9B', 'Qwen\u31649B', 'Qwen\u034F9B', 'Qwen\u180E9B', 'Qwen\uFFF99B', '🏴\u{E0067}\u{E0062}x'];
  for (const name of hidden) {
    assert.deepEqual(submissionPolicyErrors(withDisplayName(name), 'submissions/acme/m.yaml', process.cwd()), [
      { file: 'submissions/acme/m.yaml', field: 'display_name', message: 'contains a control or invisible format character' },
    ], JSON.stringify(name));
  }
  // A subdivision flag is drawn from tag characters; variation selectors choose how the character before them looks.
  for (const name of ['Scots 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} 9B', 'Love ❤️ 1️⃣', '葛\u{E0100}城']) {
    assert.deepEqual(submissionPolicyErrors(withDisplayName(name), 'submissions/acme/m.yaml', process.cwd()), [], JSON.stringify(name));
  }
  // An error line quoting such text shows each one (a key is quoted in its field path).
  assert.equal(visibleText('Qwen\u{E0041}\u2062\u00AD❤️'), 'Qwen\\u{e0041}\\u2062\\u00ad❤️');
});
