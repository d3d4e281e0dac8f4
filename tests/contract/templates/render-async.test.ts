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
});
