import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderJsonSchemas } from '../../../runners/validate/json-schemas.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';

test('committed JSON Schemas match the zod sources (run `npm run schemas` after changing a schema)', () => {
  for (const { path, text } of renderJsonSchemas()) {
    const committed = readFileSync(join(REPO_ROOT, path), 'utf8');
    assert.equal(committed, text, `${path} is stale: run \`npm run schemas\` and commit the result`);
  }
});

test('the generated submission schema forbids unknown keys and documents its fields', () => {
  const sub = JSON.parse(renderJsonSchemas().find((s) => s.path === 'submissions/schema.json')!.text);
  assert.equal(sub.additionalProperties, false);
  for (const key of ['id', 'display_name', 'family', 'hf', 'params', 'serving', 'submitter']) {
    assert.ok(sub.required.includes(key), `${key} should be required`);
    assert.ok(typeof sub.properties[key].description === 'string', `${key} should carry a description`);
  }
});
