/**
 * `enable_thinking: no` is the text "no" in YAML 1.2 (true in YAML 1.1, as PyYAML reads it), and a chat template
 * takes that text as true: validate passed it and the model thought on every answer.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDocumentText } from '../../../src/lib/io/parse-document.ts';
import { Submission } from '../../../src/schema/index.ts';
import { submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';

const FILE = 'submissions/acme/m.yaml';

test('template_kwargs: yes/no/on/off, which YAML 1.2 reads as text and a template as true, are refused with the boolean to write', () => {
  const yaml = (kwargs: string) => `id: m
display_name: M
family: m
hf: { repo: acme/m, revision: main }
params: { total_b: 1, active_b: 1 }
license: mit
serving: { max_model_len: 4096 }
generation:
  template_kwargs:
${kwargs}
reasoning: { mode: think_tags }
submitter: { github: someone }
`;
  const policy = (kwargs: string) => {
    const r = parseDocumentText(yaml(kwargs), 'yaml');
    assert.ok(r.ok);
    return submissionPolicyErrors(Submission.parse(r.data), FILE, process.cwd()).map((e) => `${e.field}: ${e.message}`);
  };
  assert.deepEqual(policy('    enable_thinking: no\n    thinking: On'), [
    'generation.template_kwargs.enable_thinking: is the text "no", not a boolean: YAML 1.2 (what userturn reads) takes yes/no/on/off as text, and a chat template takes such text as true; write false',
    'generation.template_kwargs.thinking: is the text "On", not a boolean: YAML 1.2 (what userturn reads) takes yes/no/on/off as text, and a chat template takes such text as true; write true',
  ]);
  assert.deepEqual(policy('    enable_thinking: false\n    reasoning_effort: low\n    mode: nothing'), []);
});
