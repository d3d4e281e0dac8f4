import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planPrFiles } from '../../../runners/community/pr-files.ts';

/**
 * Files past the limit were dropped silently: a submission listed as the 301st changed file was never
 * validated and the check passed. Over the limit the workflow must fail closed.
 */
test('pr-files: more changed files than it can check is an error, never a silent cut', () => {
  const filler = Array.from({ length: 300 }, (_, i) => ({ filename: `docs/page-${i}.md`, status: 'added' }));
  const files = [...filler, { filename: 'submissions/evil/model.yaml', status: 'added' }];
  assert.throws(() => planPrFiles(files), /301 files.*at most 300/);
  const ok = planPrFiles([...filler.slice(1), { filename: 'submissions/acme/model.yaml', status: 'added' }]);
  assert.deepEqual(ok.fetch, ['submissions/acme/model.yaml']);
});
