import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, globSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { anchorClaims, anchorsOf, cliFlagClaims, docFiles, envClaims, globClaims, npmScriptClaims, pathClaims, type Claim } from './doc-claims.ts';

// README.md, CONTRIBUTING.md and docs/*.md are what a newcomer follows on a fresh clone: every repository path,
// npm script and `userturn <command> --flag` they name must exist.

const docs = docFiles(REPO_ROOT);
const where = (c: Claim): string => `${c.doc}:${c.line}: ${c.text}`;

test('every repository path the docs name exists', () => {
  const claims = docs.flatMap((d) => pathClaims(REPO_ROOT, d));
  assert.ok(claims.length > 50, `only ${claims.length} path claims found: the extraction broke`);
  assert.deepEqual(claims.filter((c) => !existsSync(join(REPO_ROOT, c.text))).map(where), []);
});

test('every file glob the docs name matches at least one file', () => {
  const claims = docs.flatMap((d) => globClaims(REPO_ROOT, d));
  assert.ok(claims.length > 3, `only ${claims.length} glob claims found`);
  assert.deepEqual(claims.filter((c) => globSync(c.text, { cwd: REPO_ROOT }).length === 0).map(where), []);
});

test('every #anchor the docs link to is a heading of the linked file', () => {
  const claims = docs.flatMap((d) => anchorClaims(REPO_ROOT, d));
  assert.ok(claims.length > 3, `only ${claims.length} anchor claims found`);
  assert.deepEqual(claims.filter((c) => !existsSync(join(REPO_ROOT, c.file)) || !anchorsOf(REPO_ROOT, c.file).has(c.text)).map(where), []);
});

test('every npm script the docs name is in package.json', () => {
  const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const claims = docs.flatMap((d) => npmScriptClaims(REPO_ROOT, d));
  assert.ok(claims.length > 10, `only ${claims.length} npm script claims found`);
  assert.deepEqual(claims.filter((c) => !(c.text in scripts)).map(where), []);
});

/** What `userturn <command> --help` prints, captured in-process. */
async function usageOf(command: string): Promise<string> {
  const mod = (await import(join(REPO_ROOT, 'runners/cli/commands', `${command}.ts`))) as { run(argv: string[]): Promise<number> };
  const printed: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => void printed.push(a.join(' '));
  try {
    assert.equal(await mod.run(['--help']), 0, `userturn ${command} --help`);
  } finally {
    console.log = log;
  }
  return printed.join('\n');
}

test('every `userturn <command> --flag` in the docs is a command and a flag its --help lists', async () => {
  const commands = readdirSync(join(REPO_ROOT, 'runners/cli/commands')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3));
  const claims = docs.flatMap((d) => cliFlagClaims(REPO_ROOT, d));
  assert.ok(claims.length > 30, `only ${claims.length} flag claims found`);
  const unknown = claims.filter((c) => !commands.includes(c.command));
  assert.deepEqual(unknown.map((c) => `${c.doc}:${c.line}: userturn ${c.command}`), []);
  const usage = new Map<string, string>();
  for (const c of new Set(claims.map((x) => x.command))) usage.set(c, await usageOf(c));
  const missing = claims.filter((c) => c.text !== '' && !new RegExp(`${c.text}(?![a-z-])`).test(usage.get(c.command)!));
  assert.deepEqual(missing.map((c) => `${where(c)} (userturn ${c.command})`), []);
});

test('every USERTURN_ / E2E_ variable the docs name is read by the code', () => {
  const dirs = ['runners', 'src', 'bench', 'tests/e2e', 'tests/helpers', '.ci', '.github'];
  const files = [
    ...dirs.flatMap((d) => readdirSync(join(REPO_ROOT, d), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))),
    ...['astro.config.mjs', 'playwright.config.ts', 'package.json'].map((f) => join(REPO_ROOT, f)),
  ];
  const code = files.filter((f) => !f.endsWith('.md')).map((f) => readFileSync(f, 'utf8')).join('\n');
  const claims = docs.flatMap((d) => envClaims(REPO_ROOT, d));
  assert.ok(claims.length > 10, `only ${claims.length} variable claims found`);
  assert.deepEqual(claims.filter((c) => !code.includes(c.text)).map(where), []);
});
