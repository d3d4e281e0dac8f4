import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderTemplate, renderTemplateAsync, TemplateRenderError, type ChatTemplate } from '../../../runners/templates/render.ts';

const tpl = (template: string): ChatTemplate => ({ source: 'file:submissions/acme/t.jinja', template, bos_token: null, eos_token: null });
const REAL = tpl('{% for m in messages %}<|{{ m.role }}|>{{ m.content }}{% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}');
const user = (content: string) => [{ role: 'user' as const, content }];

describe('rendering without blocking the event loop (the run\'s hot path)', () => {
  it('many renders at once come back in full, each with its own text', async () => {
    const texts = await Promise.all(Array.from({ length: 50 }, (_, i) => renderTemplateAsync(REAL, user(`q${i}`), i % 2 === 0)));
    texts.forEach((t, i) => assert.equal(t, `<|user|>q${i}${i % 2 === 0 ? '<|assistant|>' : ''}`));
  });

  it('the event loop keeps running while a render is in flight', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // A template that takes a while in the render process (well under its time limit).
    await renderTemplateAsync(tpl('{% for i in range(300000) %}{% endfor %}x'), user('q'), false);
    clearInterval(timer);
    assert.ok(ticks > 0, 'no timer fired while the render ran');
  });

  it('a synchronous render while asynchronous ones are in flight: every caller gets its own answer', async () => {
    const pending = [renderTemplateAsync(REAL, user('a'), false), renderTemplateAsync(REAL, user('b'), false)];
    await new Promise((r) => setImmediate(r));
    assert.equal(renderTemplate(REAL, user('sync'), false), '<|user|>sync');
    assert.deepEqual(await Promise.all(pending), ['<|user|>a', '<|user|>b']);
  });

  it('a hostile template is refused, and the next render works', async () => {
    await assert.rejects(renderTemplateAsync(tpl('{% for i in range(999999999) %}{% endfor %}'), user('q'), false), TemplateRenderError);
    assert.equal(await renderTemplateAsync(REAL, user('after'), false), '<|user|>after');
  });

  it('each template is sent once, by id after that: two templates interleaved, also after a killed render process, render each its own way', async () => {
    const OTHER = tpl('[{{ messages[0].content }}]');
    const both = async (q: string) => [await renderTemplateAsync(REAL, user(q), false), renderTemplate(OTHER, user(q), false), await renderTemplateAsync(OTHER, user(q), false)];
    assert.deepEqual(await both('one'), ['<|user|>one', '[one]', '[one]']);
    // The render process is killed: the new one must be sent both templates again (render-process.ts).
    await assert.rejects(renderTemplateAsync(tpl('{% for i in range(999999999) %}{% endfor %}'), user('q'), false), TemplateRenderError);
    assert.deepEqual(await both('two'), ['<|user|>two', '[two]', '[two]']);
  });
});

it('a process whose only pending work is a render waits for it (the render keeps the event loop alive)', async () => {
  const { spawnSync } = await import('node:child_process');
  const { mkdtemp, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const render = join(import.meta.dirname, '..', '..', '..', 'runners', 'templates', 'render.ts');
  const script = join(await mkdtemp(join(tmpdir(), 'ut-render-')), 'main.ts');
  await writeFile(script, `import { renderTemplateAsync } from ${JSON.stringify(render)};
const t = await renderTemplateAsync({ source: 's', template: '{{ messages[0].content }}!', bos_token: null, eos_token: null }, [{ role: 'user', content: 'done' }], false);
console.log(t);`);
  const r = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'done!');
});
