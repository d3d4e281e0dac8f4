import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderTemplate, TemplateRenderError, type ChatTemplate } from '../../../runners/templates/render.ts';
import { MAX_TEMPLATE_BYTES } from '../../../runners/templates/template-size.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const tpl = (template: string): ChatTemplate => ({ source: 'hub:acme/big@main/chat_template.jinja', template, bos_token: null, eos_token: null });
const USER = [{ role: 'user' as const, content: 'hi' }];
const CHATML = '{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}';
const SIZE = / is (\d+) bytes, more than the 262144 \(256 KiB\) a chat template may have \(the largest real one known, gpt-oss's, is 16,738 bytes\); it was not rendered$/m;

describe('a chat template over 256 KiB is refused by its size before it is rendered', () => {
  it('--template of 16 MiB of plain text (the file cap): its size, not "a loop or recursion", exit 1, no stack', async () => {
    // It was refused by the render process's 96 MB heap as "a loop or recursion too large for a chat template".
    const dir = await mkdtemp(join(tmpdir(), 'ut-tpl-size-'));
    const file = join(dir, 'plain.jinja');
    await writeFile(file, CHATML + 'a'.repeat(16 * 2 ** 20 - CHATML.length));
    const r = runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--dry-run', '--template', file, '--data-dir', 'tests/fixtures/datasets', '--limit', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^override:plain\.jinja: chat_template: is 16777216 bytes/m);
    assert.match(r.stderr, SIZE);
    assert.doesNotMatch(r.stderr, /loop|recursion|internal error|\n\s+at /);
  });

  it('validate names chat_template.path and the size for a template file under its 1 MiB file limit', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'ut-tpl-size-repo-'));
    await mkdir(join(repo, 'submissions', 'acme'), { recursive: true });
    await mkdir(join(repo, 'templates'));
    const big = `{# ${'x'.repeat(300 * 1024)} #}${CHATML}`;
    await writeFile(join(repo, 'templates', 'big.jinja'), big);
    const base = await readFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
    const sub = base.replace('id: qwen3.5-9b', 'id: big').replace('repo: Qwen/Qwen3.5-9B', 'repo: acme/big').replace('chat_template:\n  source: hub', 'chat_template:\n  source: file\n  path: templates/big.jinja');
    await writeFile(join(repo, 'submissions', 'acme', 'big.yaml'), sub);
    const r = runCli(['validate', 'submissions/acme/big.yaml'], { cwd: repo });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const line = r.stderr.split('\n').find((l) => l.startsWith('submissions/acme/big.yaml: chat_template.path: '));
    assert.equal(line?.slice(0, line.indexOf(' more than')), `submissions/acme/big.yaml: chat_template.path: cannot be rendered: is ${big.length} bytes,`, r.stderr);
    assert.match(line!, SIZE);
  });

  it('the bound is in UTF-8 bytes, whatever the source: 256 KiB renders, one byte more is refused naming the source', () => {
    const atLimit = 'a'.repeat(MAX_TEMPLATE_BYTES);
    assert.equal(renderTemplate(tpl(atLimit), USER, false), atLimit);
    for (const over of ['a'.repeat(MAX_TEMPLATE_BYTES + 1), 'é'.repeat(MAX_TEMPLATE_BYTES / 2) + 'a']) {
      assert.throws(
        () => renderTemplate(tpl(over), USER, false),
        (e: Error) => e instanceof TemplateRenderError && e.message.startsWith(`hub:acme/big@main/chat_template.jinja: chat_template: is ${MAX_TEMPLATE_BYTES + 1} bytes`) && SIZE.test(e.message),
      );
    }
  });
});
