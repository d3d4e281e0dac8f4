import assert from 'node:assert/strict';
import { test } from 'node:test';
import { intFlag, parseCommandArgs } from '../../../runners/core/args.ts';
import { UsageError } from '../../../runners/core/errors.ts';

const OPTIONS = { limit: { type: 'string' }, 'token-ms': { type: 'string' }, out: { type: 'string', short: 'o' }, json: { type: 'boolean' } } as const;
const usageError = (message: string) => (e: unknown) => e instanceof UsageError && e.message === message;

test('a misspelled flag is named plainly, with the closest known flag as a suggestion', () => {
  assert.throws(() => parseCommandArgs(['--limt', '3'], OPTIONS), usageError('unknown option --limt (did you mean --limit?)'));
  assert.throws(() => parseCommandArgs(['--jsno'], OPTIONS), usageError('unknown option --jsno (did you mean --json?)'));
  // Nothing close: no guess.
  assert.throws(() => parseCommandArgs(['--bogus'], OPTIONS), usageError('unknown option --bogus'));
  assert.throws(() => parseCommandArgs(['-x'], OPTIONS), usageError('unknown option -x'));
});

test('a negative number after a flag is its value, so the flag\'s own range message answers', () => {
  const { values } = parseCommandArgs(['--limit', '-1', '--token-ms', '-5', '-o', '-2'], OPTIONS);
  assert.deepEqual({ ...values }, { limit: '-1', 'token-ms': '-5', out: '-2' });
  assert.throws(() => intFlag('limit', values.limit, 10), usageError('--limit must be an integer >= 1, got "-1"'));
  assert.throws(() => intFlag('token-ms', values['token-ms'], 0, 0), usageError('--token-ms must be an integer >= 0, got "-5"'));
  // A flag's missing value is still reported as missing, and a word after `--` stays a positional.
  assert.throws(() => parseCommandArgs(['--limit', '--json'], OPTIONS), UsageError);
  assert.deepEqual(parseCommandArgs(['--', '--limit', '-1'], OPTIONS).positionals, ['--limit', '-1']);
});
