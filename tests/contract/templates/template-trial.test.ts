import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { realTemplatesDir, SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';

/**
 * validate renders a submission's template file as the run does: the stop probe that finds the roles, and a user-turn
 * prompt after a long question and answer. A template that joined the messages' contents, or that loops over a
 * message's characters within a loop over them, passed validate and pr-report showed it as valid; the run then
 * stopped at its set-up, or took seconds a prompt (a dry run over five minutes).
 */
const CHATML = '{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}';
const TEMPLATES: Record<string, string> = {
  joined: '{% for m in messages %}{{ m.content }}{% endfor %}',
  constant: '[core]\n\trepositoryformatversion = 0\n',
  quadratic: `{% for m in messages %}{% set ns = namespace(n=0) %}{% for i in range(m.content|length) %}{% for j in range(m.content|length) %}{% set ns.n = ns.n + 1 %}{% endfor %}{% endfor %}{% endfor %}${CHATML}`,
  chatml: CHATML,
};

let repo: string;
const file = (name: string) => `submissions/acme/${name}.yaml`;

before(() => {
  repo = mkdtempSync(join(tmpdir(), 'ut-tpl-trial-'));
  mkdirSync(join(repo, 'submissions', 'acme'), { recursive: true });
  mkdirSync(join(repo, 'templates'));
  const base = readFileSync(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
  const names = { ...TEMPLATES, ...(realTemplatesDir() ? { real: '' } : {}) };
  for (const [name, text] of Object.entries(names)) {
    if (name === 'real') copyFileSync(join(realTemplatesDir()!, 'qwen3.5.jinja'), join(repo, 'templates', 'real.jinja'));
    else writeFileSync(join(repo, 'templates', `${name}.jinja`), text);
    const sub = base
      .replace('id: qwen3.5-9b', `id: ${name}`)
      .replace('repo: Qwen/Qwen3.5-9B', `repo: acme/${name}`)
      .replace('chat_template:\n  source: hub', `chat_template:\n  source: file\n  path: templates/${name}.jinja`);
    writeFileSync(join(repo, file(name)), sub);
  }
});

const lineOf = (stderr: string, name: string): string => stderr.split('\n').find((l) => l.startsWith(`${file(name)}: chat_template.path: `)) ?? '';

describe('validate refuses a template file the run cannot use', () => {
  it('one that marks no roles, or echoes no message: exit 1, chat_template.path and why', () => {
    for (const [name, why] of [['joined', /cannot open a user turn: .*renders nothing between a user message and the assistant's reply/], ['constant', /cannot open a user turn: chat template does not echo the user message verbatim/]] as const) {
      const r = runCli(['validate', file(name)], { cwd: repo });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(lineOf(r.stderr, name), why, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
    }
  });

  it('one whose render time grows with the messages\' length: refused naming the length, within 15 s', () => {
    const t0 = Date.now();
    const r = runCli(['validate', file('quadratic')], { cwd: repo });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(lineOf(r.stderr, 'quadratic'), /a question and an answer of 16,000 characters each.*grows with the messages' length/, r.stderr);
    assert.ok(Date.now() - t0 < 15_000, `validate took ${Date.now() - t0} ms`);
  });

  it('pr-report lists them as errors, not as what will run', () => {
    const list = join(repo, 'changed.txt');
    writeFileSync(list, `${file('joined')}\n${file('quadratic')}\n`);
    const r = runCli(['pr-report', '--changed-list', list], { cwd: repo, env: { HF_HUB_OFFLINE: '1' } });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /❌ \*\*2 problems\*\*/);
    assert.doesNotMatch(r.stdout, /What will run/);
  });

  it('a ChatML template and a real one (Qwen3.5\'s) still pass', (t) => {
    const r = runCli(['validate', file('chatml')], { cwd: repo });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    if (!realTemplatesDir()) return t.skip(SKIP_REAL_TEMPLATES);
    const real = runCli(['validate', file('real')], { cwd: repo });
    assert.equal(real.code, 0, real.stdout + real.stderr);
  });
});
