import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';
import { qwenTemplate } from '../../helpers/processes.ts';

const QWEN3 = (JSON.parse(readFileSync(qwenTemplate, 'utf8')) as { chat_template: string }).chat_template;

/** A git work tree with a submission whose template is a file of the repository (a path from its top). */
function clone(template: string): string {
  const root = tempRepo({
    'submissions/acme/m.yaml': { ...paperSubmission(), id: 'm', chat_template: { source: 'file', path: 'templates/m.jinja' } },
    'templates/m.jinja': template,
  });
  for (const d of ['.git', 'docs']) mkdirSync(join(root, d));
  return root;
}

const flag = (argv: string[], name: string) => argv[argv.indexOf(name) + 1];

// From docs/ serve-cmd printed --chat-template templates/m.jinja (the top's path, wrong where it was typed) and its
// template checks looked for docs/templates/m.jinja, found nothing and passed.
test('serve-cmd from a subfolder checks the template at the top and prints its path from where it was typed', () => {
  const root = clone(QWEN3);
  for (const [cwd, file] of [['.', 'submissions/acme/m.yaml'], ['docs', '../submissions/acme/m.yaml'], ['submissions/acme', 'm.yaml']] as const) {
    const r = runCli(['serve-cmd', file, '--json'], { cwd: join(root, cwd) });
    assert.equal(r.code, 0, `${cwd}: ${r.stderr}`);
    const printed = flag(JSON.parse(r.stdout) as string[], '--chat-template')!;
    assert.equal(resolve(root, cwd, printed), join(root, 'templates/m.jinja'), `${cwd}: ${printed}`);
    assert.equal(existsSync(join(root, cwd, printed)), true);
  }
  assert.equal(flag(JSON.parse(runCli(['serve-cmd', 'submissions/acme/m.yaml', '--json'], { cwd: root }).stdout), '--chat-template'), 'templates/m.jinja', 'from the top as before');
});

test('serve-cmd from a subfolder refuses a template that cannot be rendered, as from the top', () => {
  const root = clone('{{ raise_exception("no roles here") }}');
  const top = runCli(['serve-cmd', 'submissions/acme/m.yaml'], { cwd: root });
  assert.equal(top.code, 1, top.stdout);
  assert.equal(top.stderr.trim(), 'submissions/acme/m.yaml: chat_template.path: cannot be rendered: the template raised an error: no roles here');
  const docs = runCli(['serve-cmd', '../submissions/acme/m.yaml'], { cwd: join(root, 'docs') });
  assert.equal(docs.code, 1, docs.stdout);
  assert.equal(docs.stderr.trim(), '../submissions/acme/m.yaml: chat_template.path: cannot be rendered: the template raised an error: no roles here');
  assert.equal(docs.stdout, '');
});
