import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';

const read = (p: string) => readFileSync(join(REPO_ROOT, p), 'utf8');

test('PR template for submissions: file, revision, schema line, local validate, allowlisted engine flags', () => {
  const t = read('.github/PULL_REQUEST_TEMPLATE/submission.md');
  for (const s of ['submissions/<org>/<id>.yaml', '# yaml-language-server: $schema=../schema.json', 'npx userturn validate', 'commit sha', 'benchmark/policy/engine-args.yaml']) {
    assert.ok(t.includes(s), `template should mention ${s}`);
  }
  assert.ok((t.match(/^- \[ \] /gm) ?? []).length >= 5, 'a checklist');
});

test('issue form "request an evaluation" follows the GitHub issue-forms structure', () => {
  const form = parse(read('.github/ISSUE_TEMPLATE/request-evaluation.yml')) as Record<string, any>;
  for (const k of ['name', 'description', 'body']) assert.ok(form[k], `top-level ${k} is required`);
  assert.deepEqual(Object.keys(form).filter((k) => !['name', 'description', 'title', 'labels', 'assignees', 'projects', 'type', 'body'].includes(k)), []);
  const types = ['markdown', 'input', 'textarea', 'dropdown', 'checkboxes'];
  const ids = new Set<string>();
  for (const el of form.body as Array<Record<string, any>>) {
    assert.ok(types.includes(el.type), `unknown element type ${el.type}`);
    assert.ok(el.attributes, 'every element needs attributes');
    if (el.type === 'markdown') {
      assert.equal(typeof el.attributes.value, 'string');
      continue;
    }
    assert.match(el.id, /^[a-z_][a-z0-9_-]*$/);
    assert.ok(!ids.has(el.id), `duplicate id ${el.id}`);
    ids.add(el.id);
    assert.equal(typeof el.attributes.label, 'string');
    if (el.type === 'dropdown') assert.ok(Array.isArray(el.attributes.options) && el.attributes.options.length > 0);
    if (el.type === 'checkboxes') assert.ok(el.attributes.options.every((o: any) => typeof o.label === 'string'));
  }
  assert.ok(form.body.some((el: any) => el.id === 'hf_repo' && el.validations?.required === true));
});

test('CODEOWNERS covers results/ and benchmark/ (suites, taxonomy, policy)', () => {
  const rules = read('.github/CODEOWNERS')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/));
  for (const path of ['/results/', '/benchmark/']) {
    const rule = rules.find((r) => r[0] === path);
    assert.ok(rule, `no owner for ${path}`);
    assert.ok(rule.slice(1).length > 0 && rule.slice(1).every((o) => /^@[\w-]+(\/[\w-]+)?$/.test(o)), `owners of ${path} must be @user or @org/team`);
  }
});
