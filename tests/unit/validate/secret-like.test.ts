import assert from 'node:assert/strict';
import { test } from 'node:test';
import { secretKind } from '../../../src/schema/secret-like.ts';
import { Submission } from '../../../src/schema/index.ts';
import { submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';

const KEYS = [
  'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z_AbCdEfGh-IjKlMnOp',
  'sk-4f9aB2cD8eF1gH7iJ3kL6mN0oP5qR2sT9uV4wX1yZ8aB3cD7',
  'sk-proj-abcdefghijklmnopqrstuvwxyz', // a made-up key of letters only
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVW',
  'hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567',
  'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  'xoxp-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  'AKIAIOSFODNN7EXAMPLE',
];

test('well-known key and token shapes are recognised, alone or inside text', () => {
  for (const key of KEYS) {
    assert.ok(secretKind(key), key);
    assert.ok(secretKind(`Served with key ${key}, thanks.`), `in text: ${key}`);
  }
});

test('ordinary words and names with the same prefixes are not', () => {
  for (const text of [
    'sk-learn',
    'Compatible with sk-learn-compatible-estimators and scikit-learn.',
    'set hf_hub_enable_hf_transfer for faster downloads; hf_transfer is optional',
    'a task-specific ask-me-anything desk-1234567890abcdefg', // the prefix inside a word
    'sk-abc123',
    'ghp_short1',
    'AKIA is not a key; AKIAIOSFODNN7EXAMPL is one letter short',
    'Qwen/Qwen3.5-9B at 0123456789abcdef0123456789abcdef01234567',
  ]) assert.equal(secretKind(text), null, text);
});

const submission = (edit: (s: Record<string, any>) => void) => {
  const s: Record<string, any> = {
    id: 'm', display_name: 'M', family: 'm', hf: { repo: 'acme/m', revision: 'main' }, params: { total_b: 1, active_b: 1 }, license: 'mit',
    serving: { max_model_len: 4096 }, generation: { template_kwargs: {} }, submitter: { github: 'someone' },
  };
  edit(s);
  return Submission.parse(s);
};

test('validate refuses a submission string that looks like a key, naming file and field, never the key', () => {
  const sk = KEYS[0]!;
  const sub = submission((s) => {
    s.notes = `Run with ${sk} and ${KEYS[3]} please`;
    s.generation.template_kwargs.api_key = KEYS[2];
  });
  const errors = submissionPolicyErrors(sub, 'submissions/acme/m.yaml', process.cwd());
  const found = errors.filter((e) => /looks like/.test(e.message));
  assert.ok(found.every((e) => e.file === 'submissions/acme/m.yaml'));
  assert.deepEqual(found.map((e) => e.field).sort(), ['generation.template_kwargs.api_key', 'notes']);
  for (const e of found) {
    assert.match(e.message, /remove/);
    for (const key of KEYS) assert.ok(!e.message.includes(key.slice(4, 14)), `the message repeats the secret: ${e.message}`);
  }
  assert.deepEqual(submissionPolicyErrors(submission((s) => (s.notes = 'Evaluated with sk-learn-compatible tooling.')), 'm.yaml', process.cwd()), []);
});
