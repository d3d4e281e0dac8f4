import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderTemplateAsync } from '../../../runners/templates/render.ts';

/** The environment of every render process this test process started (Linux /proc), as NAME=value lines. */
function renderProcessEnvs(): string[][] {
  const out: string[][] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    const children = readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const pid of children) {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('render-child')) out.push(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean));
    }
  }
  return out;
}

describe('the render process holds no secret of the runner\'s environment', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  it('HF_TOKEN, an API key and any other variable stay out of it; the render limit it reads and the compile cache go in', async () => {
    // The interpreter runs submitters' templates: were it ever escaped, the keys the runner holds (HF_TOKEN for gated
    // repositories, OPENAI_API_KEY for a judge) were in the environment it inherited.
    process.env.HF_TOKEN = 'hf_render_env_test_secret';
    process.env.OPENAI_API_KEY = 'sk-render-env-test-secret';
    process.env.USERTURN_TEMPLATE_MAX_CHARS = '100000';
    // As a run sets it (heap.ts, compileCacheEnv): each render process loads its modules from it.
    const compileCache = mkdtempSync(join(tmpdir(), 'ut-compile-cache-'));
    process.env.NODE_COMPILE_CACHE = compileCache;
    const tpl = { source: 'file:t.jinja', template: '{% for m in messages %}<|{{ m.role }}|>{{ m.content }}{% endfor %}', bos_token: null, eos_token: null };
    assert.equal(await renderTemplateAsync(tpl, [{ role: 'user', content: 'hi' }], false), '<|user|>hi');
    const envs = renderProcessEnvs();
    assert.equal(envs.length, 1, 'one render process is running');
    const env = envs[0]!;
    assert.ok(!env.some((v) => /render_env_test_secret|render-env-test-secret/.test(v)), env.join('\n'));
    assert.ok(!env.some((v) => v.startsWith('PATH=') || v.startsWith('HOME=')), env.join('\n'));
    assert.ok(env.includes('USERTURN_TEMPLATE_MAX_CHARS=100000'), env.join('\n'));
    assert.ok(env.includes(`NODE_COMPILE_CACHE=${compileCache}`), env.join('\n'));
  });
});
