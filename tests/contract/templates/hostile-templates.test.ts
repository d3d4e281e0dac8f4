import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderTemplate, TemplateRenderError, type ChatTemplate } from '../../../runners/templates/render.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const tpl = (template: string): ChatTemplate => ({ source: 'file:submissions/acme/hostile.jinja', template, bos_token: null, eos_token: null });
const USER = [{ role: 'user' as const, content: 'hi' }];

/** Peak resident memory of this process, all threads (Linux). */
const peakMb = (): number | null => {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
  } catch {
    return null;
  }
};

const HOSTILE: Array<[string, string]> = [
  ['a huge loop', '{% for i in range(999999999) %}x{% endfor %}'],
  ['two nested loops', '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}'],
  ['a string doubled until memory runs out', '{% set ns = namespace(s="xxxxxxxx") %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}'],
  ['deep recursion through a macro calling itself', '{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}'],
  ['deeply nested expressions', `{{ ${'('.repeat(20000)}1${')'.repeat(20000)} }}`],
  ['constructor escape', "{{ ''.constructor.constructor('return process')().exit(3) }}"],
  ['prototype escape', "{{ messages.__proto__.constructor.constructor('return globalThis.process.pid')() }}"],
  ['attribute walk to process', '{{ range.constructor("return process.mainModule")() }}'],
];

describe('chat templates from submissions are rendered under time and memory limits', () => {
  for (const [name, source] of HOSTILE) {
    it(`${name}: refused as file: chat_template: … within 10 s, process under 512 MB`, () => {
      const t0 = performance.now();
      let out: string | null = null;
      try {
        out = renderTemplate(tpl(source), USER, false);
      } catch (e) {
        assert.ok(e instanceof TemplateRenderError, String(e));
        assert.match((e as Error).message, /^file:submissions\/acme\/hostile\.jinja: chat_template: \S/);
      }
      // An escape attempt may also render to harmless text; it must never reach the host (exit, pid, modules).
      if (out !== null) assert.doesNotMatch(out, /\d{2,}|object|function/, `rendered ${JSON.stringify(out.slice(0, 80))}`);
      assert.ok(performance.now() - t0 < 10_000, `took ${Math.round(performance.now() - t0)} ms`);
      const peak = peakMb();
      if (peak !== null) assert.ok(peak < 512, `peak RSS ${Math.round(peak)} MB`);
    });
  }

  it('a real template still renders, and renders again after a hostile one was stopped', () => {
    const real = tpl('{% for m in messages %}<|{{ m.role }}|>{{ m.content }}{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}');
    assert.equal(renderTemplate(real, USER, true), '<|user|>hi<|assistant|>');
    assert.throws(() => renderTemplate(tpl('{% for i in range(999999999) %}{% endfor %}'), USER, false), TemplateRenderError);
    assert.equal(renderTemplate(real, USER, false), '<|user|>hi');
  });

  it('userturn run --dry-run with a hostile template: one line naming the file and chat_template, exit 1, no stack trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-hostile-tpl-'));
    const file = join(dir, 'loop.jinja');
    await writeFile(file, '{% for m in messages %}{% for i in range(999999999) %}{{ m.content }}{% endfor %}{% endfor %}');
    const t0 = Date.now();
    const r = runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--dry-run', '--template', file, '--data-dir', 'tests/fixtures/datasets', '--limit', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /override:loop\.jinja: chat_template: rendering stopped/);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
    assert.ok(Date.now() - t0 < 20_000);
  });
});

describe("a template's raise_exception message reaches the terminal escaped", () => {
  it('bidirectional controls, zero-width characters and tag characters are shown as \\uXXXX, never raw', async () => {
    // U+202E reordered the rest of the error line as the terminal drew it ("Trojan Source"); U+200B and tag
    // characters (which spell hidden ASCII) passed through unseen. Only control characters were escaped.
    const dir = await mkdtemp(join(tmpdir(), 'ut-tpl-bidi-'));
    const file = join(dir, 'bidi.jinja');
    await writeFile(file, '{{ raise_exception("fix \u202Ethis\u202C line\u200B\u2066x\u2069 \u{E0041} 👩\u200D💻") }}');
    const r = runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--dry-run', '--template', file, '--data-dir', 'tests/fixtures/datasets', '--limit', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /override:bidi\.jinja: chat_template: .*fix \\u202ethis\\u202c line\\u200b\\u2066x\\u2069 \\udb40\\udc41 👩\u200D💻/);
    assert.doesNotMatch(r.stderr, /[\u200B\u202A-\u202E\u2066-\u2069]|\u{E0041}/u);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
  });
});

describe('a template cannot read the clock (its prompts would change from one call to the next)', () => {
  it('strftime_now under any name, called any way, gives the fixed date', () => {
    // Taken by another name it was the interpreter's own, with today's time: a template could open the user turn
    // one way at an even minute and another at an odd one, and every prompt's cache key moved with the clock.
    const clock = tpl('{% set f = strftime_now %}{{ f("%Y-%m-%d %H:%M") }}|{{ (strftime_now)("%Y") }}|{% macro m(g) %}{{ g("%b %d") }}{% endmacro %}{{ m(strftime_now) }}|{{ strftime_now("%d %B %Y") }}|{{ date_string }}');
    assert.equal(renderTemplate(clock, USER, false), '2024-07-26 00:00|2024|Jul 26|26 July 2024|26 Jul 2024');
    // The text of a template is not rewritten: a string that spells the call stays as written.
    assert.equal(renderTemplate(tpl('{{ "strftime_now(x)" }}'), USER, false), 'strftime_now(x)');
  });
});

describe('--template: a file over 16 MiB is refused naming it, before any request', () => {
  it('refused with its size and the limit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-tpl-huge-'));
    const file = join(dir, 'huge.jinja');
    await writeFile(file, Buffer.alloc(16 * 2 ** 20 + 1, 0x20));
    const r = runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--dry-run', '--template', file, '--data-dir', 'tests/fixtures/datasets', '--limit', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /override:huge\.jinja: cannot read .*huge\.jinja: 16777217 bytes; a chat template file may have 16777216 \(16 MiB\)/);
  });
});

describe('a template file that is not UTF-8 is refused; a byte order mark is kept, as transformers keeps it', () => {
  it('--template with bytes that are no UTF-8: one line naming the file and why, exit 1', async () => {
    // It was read with U+FFFD in place of the bytes and rendered into every prompt; transformers raises
    // UnicodeDecodeError on such a file, so the engine serving the model would not load it.
    const dir = await mkdtemp(join(tmpdir(), 'ut-tpl-utf8-'));
    const file = join(dir, 'latin1.jinja');
    await writeFile(file, Buffer.concat([Buffer.from('{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}'), Buffer.from([0xff, 0xfe]), Buffer.from('<|im_end|>\n{% endfor %}')]));
    const r = runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--dry-run', '--template', file, '--data-dir', 'tests/fixtures/datasets', '--limit', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^chat template: override:latin1\.jinja: cannot read \S+latin1\.jinja: not valid UTF-8 text \(transformers, and so the engine, would not read it either\)$/m);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
  });

  it('from the Hub too: the repository\'s chat_template.jinja, downloaded or cached, names the file and the way around', async () => {
    const { startFakeHub, withEnv } = await import('../../helpers/fake-hub.ts');
    const { Submission } = await import('../../../src/schema/index.ts');
    const { loadSubmissionTemplate } = await import('../../../runners/templates/load.ts');
    const rev = 'b'.repeat(40);
    const bad = Buffer.concat([Buffer.from('{{ messages[0].content }}'), Buffer.from([0xc3, 0x28])]);
    const hub = await startFakeHub({ files: { [`Org/Bad/${rev}/tokenizer_config.json`]: JSON.stringify({ eos_token: '<|im_end|>' }), [`Org/Bad/${rev}/chat_template.jinja`]: bad } });
    const sub = Submission.parse({ id: 'bad', display_name: 'Bad', family: 'bad', hf: { repo: 'Org/Bad', revision: rev }, params: { total_b: 1, active_b: 1 }, license: 'x', serving: { max_model_len: 4096 }, submitter: { github: 'me' } });
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-tpl-utf8-hub-'));
    try {
      await withEnv({ HF_ENDPOINT: hub.url, HF_TOKEN: undefined, HF_TOKEN_PATH: '/nonexistent/userturn-test/token', HF_HUB_OFFLINE: undefined }, async () => {
        for (const time of ['downloaded', 'cached']) {
          await assert.rejects(loadSubmissionTemplate(sub, { root: REPO_ROOT, cacheDir }), (e: Error) => {
            assert.equal(e.message, `Org/Bad@${rev}/chat_template.jinja: not valid UTF-8 text (transformers, and so the engine, would not read it either). Pass --template FILE (a .jinja or tokenizer_config.json)`, time);
            return true;
          });
        }
      });
    } finally {
      await hub.close();
    }
  });

  it('a leading byte order mark is no error, and stays in the prompt as transformers leaves it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-tpl-bom-'));
    const file = join(dir, 'bom.jinja');
    await writeFile(file, '\uFEFF{% for m in messages %}<|{{ m.role }}|>{{ m.content }}{% endfor %}');
    const { readTemplateFile } = await import('../../../runners/templates/load.ts');
    assert.equal(renderTemplate(readTemplateFile(file, 'file:bom.jinja'), USER, false), '\uFEFF<|user|>hi');
  });
});

describe('validate renders a submission\'s template file under the same limits', () => {
  it('a template file with an unbounded loop is refused by validate as chat_template.path, within 10 s', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'ut-tpl-repo-'));
    const { mkdir, readFile } = await import('node:fs/promises');
    await mkdir(join(repo, 'submissions', 'acme'), { recursive: true });
    await mkdir(join(repo, 'templates'));
    await writeFile(join(repo, 'templates', 'loop.jinja'), '{% for m in messages %}{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}{{ m.content }}{% endfor %}');
    const base = await readFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
    const sub = base.replace('id: qwen3.5-9b', 'id: looper').replace('repo: Qwen/Qwen3.5-9B', 'repo: acme/looper').replace('chat_template:\n  source: hub', 'chat_template:\n  source: file\n  path: templates/loop.jinja');
    await writeFile(join(repo, 'submissions', 'acme', 'looper.yaml'), sub);
    const t0 = Date.now();
    const r = runCli(['validate', 'submissions/acme/looper.yaml'], { cwd: repo });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^submissions\/acme\/looper\.yaml: chat_template\.path: cannot be rendered: rendering stopped after/m);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
    assert.ok(Date.now() - t0 < 15_000, `validate took ${Date.now() - t0} ms`);
  });

  it('a template file over 1 MiB, or a folder, is refused by validate naming the field and the reason, not the machine\'s path', async () => {
    // The size and file-kind rules were validate's own copy of the run's loader, and untested (one reader now).
    const repo = await mkdtemp(join(tmpdir(), 'ut-tpl-big-'));
    const { mkdir, readFile } = await import('node:fs/promises');
    await mkdir(join(repo, 'submissions', 'acme'), { recursive: true });
    await mkdir(join(repo, 'templates', 'folder.jinja'), { recursive: true });
    await writeFile(join(repo, 'templates', 'big.jinja'), `{# ${'x'.repeat(2 ** 20)} #}{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}`);
    const base = await readFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
    for (const [name, path, reason] of [['big', 'templates/big.jinja', /the template file cannot be read: \d+ bytes; a chat template file may have 1048576 \(1 MiB\)$/], ['folder', 'templates/folder.jinja', /the template file cannot be read: not a regular file$/]] as const) {
      const sub = base.replace('id: qwen3.5-9b', `id: ${name}`).replace('repo: Qwen/Qwen3.5-9B', `repo: acme/${name}`).replace('chat_template:\n  source: hub', `chat_template:\n  source: file\n  path: ${path}`);
      await writeFile(join(repo, 'submissions', 'acme', `${name}.yaml`), sub);
      const r = runCli(['validate', `submissions/acme/${name}.yaml`], { cwd: repo });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const line = r.stderr.split('\n').find((l) => l.startsWith(`submissions/acme/${name}.yaml: chat_template.path:`)) ?? '';
      assert.match(line, reason, r.stderr);
      assert.ok(!line.includes(repo), line);
    }
  });

  it('a template slow but under the per-render limit (1.5 s a render) is refused by validate for its time', { timeout: 30_000 }, async () => {
    // A review's: it passed validate, and a run would spend some 10 s an item rendering (hours over the suite).
    const repo = await mkdtemp(join(tmpdir(), 'ut-tpl-slow-'));
    const { mkdir, readFile } = await import('node:fs/promises');
    await mkdir(join(repo, 'submissions', 'acme'), { recursive: true });
    await mkdir(join(repo, 'templates'));
    const chatml = '{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}';
    await writeFile(join(repo, 'templates', 'slow.jinja'), `{%- for i in range(1500) %}{% for j in range(1500) %}{% endfor %}{% endfor %}${chatml}`);
    const base = await readFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
    const sub = base.replace('id: qwen3.5-9b', 'id: slowpoke').replace('repo: Qwen/Qwen3.5-9B', 'repo: acme/slowpoke').replace('chat_template:\n  source: hub', 'chat_template:\n  source: file\n  path: templates/slow.jinja');
    await writeFile(join(repo, 'submissions', 'acme', 'slowpoke.yaml'), sub);
    const r = runCli(['validate', 'submissions/acme/slowpoke.yaml'], { cwd: repo });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^submissions\/acme\/slowpoke\.yaml: chat_template\.path: takes \d+\.\d s to render a three-message conversation/m);
  });
});
