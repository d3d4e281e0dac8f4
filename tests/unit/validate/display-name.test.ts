/**
 * A submission's names go through the same text rule as a summary's (src/schema/text.ts, applied to every string by
 * runners/validate/submission-policy.ts): tests/unit/schema/summary-names.test.ts holds the cases; this is the
 * submission's side of one of them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';

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
