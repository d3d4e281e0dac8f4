import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import { runCli } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';
import { linkTriggers, proseText, renderGfm, tagNames } from '../../helpers/gfm.ts';

/**
 * Submission files written to hurt the tools that read them from a pull request: validate, serve-cmd and pr-report
 * each answer with the same one-line `file: field: message` (exit 1, no stack trace), and the comment stays inert.
 */
const sub = (id: string, edit: (s: Record<string, any>) => void = () => {}): string => {
  const s = paperSubmission();
  s.id = id;
  s.hf.repo = `acme/${id}`;
  edit(s);
  return stringify(s);
};

let laughs = 'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
for (const [i, k] of [...'bcdefghi'].entries()) laughs += `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]\n`;

const FILES: Record<string, { content: string | Buffer; field: string; message: RegExp }> = {
  huge: { content: `${sub('huge')}# ${'x'.repeat(1024 * 1024)}\n`, field: '(file)', message: /file is \d+ bytes; the limit is 1048576/ },
  deep: { content: `${sub('deep')}extra: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, field: '(file)', message: /^invalid YAML: nested more than 64 levels deep/ },
  laughs: { content: `${sub('laughs')}${laughs}zz: *i\n`, field: '(file)', message: /alias count/ },
  latin1: { content: Buffer.concat([Buffer.from(sub('latin1').replace(/^display_name: .*$/m, 'display_name: "caf')), Buffer.from([0xe9, 0x22, 0x0a])]), field: '(file)', message: /not valid UTF-8/ },
  // A file of NUL bytes (an editor's crash, a binary saved as .yaml) and a submission with one NUL inside it.
  nul: { content: Buffer.alloc(64), field: '(file)', message: /^file is not a text file \(NUL bytes\)$/ },
  nulinside: { content: sub('nulinside').replace('display_name: ', 'display_name: a\0'), field: '(file)', message: /^file is not a text file \(NUL bytes\)$/ },
  long: { content: sub('long', (s) => (s.display_name = 'N'.repeat(81))), field: 'display_name', message: /<=80 characters/ },
  url: { content: sub('url', (s) => (s.serving.base_urls = ['javascript:alert(1)'])), field: 'serving.base_urls[0]', message: /Invalid URL/ },
  keys: { content: `${sub('keys')}"@acme/team [x](javascript:y) <img src=x>": 1\n`, field: '@acme/team [x](javascript:y) <img src=x>', message: /unknown key/ },
};

describe('hostile submission YAML', () => {
  const root = tempRepo({});
  mkdirSync(join(root, 'submissions', 'acme'), { recursive: true });
  const names = Object.keys(FILES).map((k) => `submissions/acme/${k}.yaml`);
  for (const [k, f] of Object.entries(FILES)) writeFileSync(join(root, 'submissions', 'acme', `${k}.yaml`), f.content);
  // Valid, with Markdown, HTML, a javascript: link and team mentions in every free-text field the comment shows.
  const evil = '[x](javascript:alert(1)) <img src=x onerror=alert(1)> @acme/security-team #1 www.evil.example';
  writeFileSync(join(root, 'submissions', 'acme', 'inject.yaml'), sub('inject', (s) => {
    s.display_name = evil.slice(0, 80);
    s.notes = `${evil} <script>alert(1)</script>`;
    s.submitter.name = '@acme/admins <b>x</b>';
    s.license = '<a href=javascript:x>MIT</a> @acme/team';
  }));

  it('validate: one line per file, the expected field and message, exit 1', () => {
    const r = runCli(['validate', ...names], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at |Maximum call stack/);
    for (const [k, f] of Object.entries(FILES)) {
      const line = r.stderr.split('\n').find((l) => l.startsWith(`submissions/acme/${k}.yaml: ${f.field}: `));
      assert.ok(line, `${k}: no line for ${f.field}:\n${r.stderr}`);
      assert.match(line.slice(`submissions/acme/${k}.yaml: ${f.field}: `.length), f.message, k);
    }
  });

  it('serve-cmd: the same line for each, nothing on stdout', () => {
    for (const [k, f] of Object.entries(FILES)) {
      const r = runCli(['serve-cmd', `submissions/acme/${k}.yaml`], { cwd: root });
      assert.equal(r.code, 1, `${k}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '', k);
      assert.match(r.stderr, new RegExp(`^submissions/acme/${k}\\.yaml: ${f.field.replace(/[[\]().*+?^$|\\]/g, '\\$&')}: `, 'm'), k);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, k);
    }
  });

  it('pr-report: every error listed, the valid hostile one shown as text, nothing that links, mentions or renders HTML', () => {
    const r = runCli(['pr-report', '--no-plan', '--changed', ...names, 'submissions/acme/inject.yaml'], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    for (const k of Object.keys(FILES)) assert.match(r.stdout, new RegExp(`^- \` submissions/acme/${k}\\.yaml \`: `, 'm'), k);
    assert.match(r.stdout, /nested more than 64 levels deep/);
    assert.match(r.stdout, /^#### .*javascript/m, 'the valid submission is shown');
    const html = renderGfm(r.stdout);
    const extra = tagNames(html).filter((t) => !['h3', 'h4', 'p', 'strong', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'li', 'sub'].includes(t));
    assert.deepEqual(extra, [], html);
    assert.deepEqual(linkTriggers(proseText(html)), [], html);
    assert.doesNotMatch(html, /href=/);
  });

  it('pr-report: an unknown key with characters drawn as nothing shows them escaped in its code span', () => {
    // "no<U+200B>tes<U+E0041><U+2062>x" was shown as ` notesx `: a reviewer could not see what the key was.
    writeFileSync(join(root, 'submissions', 'acme', 'hidden.yaml'), `${sub('hidden')}"no\u200Btes\u{E0041}\u2062x 👩\u200D💻": 1\n`);
    const r = runCli(['pr-report', '--no-plan', '--changed', 'submissions/acme/hidden.yaml'], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const line = r.stdout.split('\n').find((l) => l.startsWith('- ` submissions/acme/hidden.yaml `: '));
    assert.equal(line, '- ` submissions/acme/hidden.yaml `: ` no\\u200btes\\u{e0041}\\u2062x 👩\u200D💻 `: unknown key \\(not part of the format\\)');
  });
});
