/**
 * An array item is named one way in every error: `serving.base_urls[0]` (src/schema/field-path.ts). The schema's
 * errors said `[0]` and the checks after it `.0` for the same field, and GitHub annotations, which read the path back
 * to place the error, found no `.0` item in the YAML.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadSuites } from '../../../src/data/suites.ts';
import { parseDocumentText } from '../../../src/lib/io/parse-document.ts';
import { summaryAgainstSamples } from '../../../src/lib/summary-check.ts';
import { parseWith, ResultSummary, Submission, type DatasetId, type Sample } from '../../../src/schema/index.ts';
import { yamlFieldPosition } from '../../../runners/validate/github-annotations.ts';
import { submissionPolicyErrors } from '../../../runners/validate/submission-policy.ts';

const FILE = 'submissions/acme/m.yaml';
const yaml = (urls: string[]) => `id: m
display_name: M
family: m
hf: { repo: acme/m, revision: main }
params: { total_b: 1, active_b: 1 }
license: mit
serving:
  max_model_len: 4096
  base_urls:
${urls.map((u) => `    - ${u}`).join('\n')}
generation: { template_kwargs: {} }
submitter: { github: someone }
`;
const fields = (errors: Array<{ field: string }>) => errors.map((e) => e.field);
const parsed = (text: string): unknown => {
  const r = parseDocumentText(text, 'yaml');
  assert.ok(r.ok);
  return r.data;
};

test('the schema and the policy after it name a base URL as serving.base_urls[i], where the annotation finds it', () => {
  const schemaText = yaml(['http://gpu:8000/v1', 'javascript:alert(1)']);
  const schema = parseWith(Submission, parsed(schemaText), FILE);
  assert.deepEqual(schema.ok ? [] : fields(schema.errors), ['serving.base_urls[1]']);

  const policyText = yaml(['http://gpu:8000/v1', 'http://user:pw@gpu:8000/v1']);
  const sub = Submission.parse(parsed(policyText));
  const policy = submissionPolicyErrors(sub, FILE, process.cwd());
  assert.deepEqual(fields(policy), ['serving.base_urls[1]']);
  assert.deepEqual(yamlFieldPosition(policyText, policy[0]!.field), { line: 11, col: 7 });
});

test('a summary read against its samples names datasets[i].conditions[j]…, and a __proto__ key its list item as a[i]', () => {
  const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'results-v1', 'sim-qwen3.5-0.8b');
  const summary = ResultSummary.parse(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')));
  const samples = new Map(summary.datasets.map((d) => [d.dataset, readFileSync(join(dir, 'samples', `${d.dataset}.jsonl`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Sample)] as [DatasetId, Sample[]]));
  const suite = loadSuites().find((s) => s.version === summary.provenance.suite_version);
  const check = (edit: (s: ResultSummary) => void) => {
    const s = structuredClone(summary);
    edit(s);
    return fields(summaryAgainstSamples('summary.json', s, suite, samples, []));
  };
  assert.deepEqual(check(() => {}), []);
  assert.deepEqual(check((s) => (s.datasets[1]!.conditions[0]!.n_samples += 1)), ['datasets[1].conditions[0].n_samples']);
  assert.deepEqual(check((s) => (s.datasets[1]!.conditions[0]!.followup!.value = 0.99)), ['datasets[1].conditions[0].followup.value']);

  const proto = parseDocumentText('{"a": [{"b": 1}, {"__proto__": {"x": 1}}]}', 'json');
  assert.equal(proto.ok ? '' : proto.message, 'a[1].__proto__: "__proto__" is not allowed as a key');
});
