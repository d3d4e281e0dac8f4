import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';

/** A git work tree whose submission names a template file that the repository does not hold. */
function clone(): string {
  const root = tempRepo({ 'submissions/acme/m.yaml': { ...paperSubmission(), id: 'm', chat_template: { source: 'file', path: 'templates/m.jinja' } } });
  for (const d of ['.git', 'docs']) mkdirSync(join(root, d));
  return root;
}

const MISSING = 'chat_template.path: "templates/m.jinja" does not exist in the repository';

// serve-cmd printed `--chat-template templates/m.jinja` and exited 0: only validate looked for the file.
test('serve-cmd refuses a submission whose template file is missing: file, field and path named, exit 1, nothing printed', () => {
  const root = clone();
  for (const [cwd, file] of [['.', 'submissions/acme/m.yaml'], ['docs', '../submissions/acme/m.yaml']] as const) {
    const r = runCli(['serve-cmd', file], { cwd: join(root, cwd) });
    assert.equal(r.code, 1, `${cwd}: ${r.stdout}`);
    assert.equal(r.stderr, `${file}: ${MISSING}\n`);
    assert.equal(r.stdout, '');
  }
  // A folder where the file should be is no template either.
  mkdirSync(join(root, 'templates/m.jinja'), { recursive: true });
  const dir = runCli(['serve-cmd', 'submissions/acme/m.yaml', '--json'], { cwd: root });
  assert.equal(dir.code, 1, dir.stdout);
  assert.equal(dir.stderr, 'submissions/acme/m.yaml: chat_template.path: the template file cannot be read: not a regular file\n');
  assert.equal(dir.stdout, '');
});

test('validate names a missing template file, or a folder in its place, once', () => {
  const root = clone();
  const lines = () => runCli(['validate', 'submissions/acme/m.yaml'], { cwd: root }).stderr.split('\n').filter((l) => l.includes('chat_template.path'));
  assert.deepEqual(lines(), [`submissions/acme/m.yaml: ${MISSING}`]);
  mkdirSync(join(root, 'templates/m.jinja'), { recursive: true });
  assert.deepEqual(lines(), ['submissions/acme/m.yaml: chat_template.path: the template file cannot be read: not a regular file']);
});
