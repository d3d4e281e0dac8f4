import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readDatasetFiles } from '../../../runners/datasets/source.ts';
import { createEndpoints } from '../../../runners/client/endpoints.ts';
import { servedModels } from '../../../runners/client/model-lookup.ts';
import { v1BaseUrl } from '../../../runners/client/v1-hint.ts';
import type { DatasetSpec } from '../../../src/schema/index.ts';

describe('errors a newcomer meets offline or with a wrong URL', () => {
  it('a dataset download that fails names the URL and the ways around it (--data-dir, USERTURN_DATA_DIR)', async () => {
    const spec = { id: 'gsm8k', source: { files: [{ name: 'test.jsonl', url: 'https://example.invalid/gsm8k/test.jsonl', sha256: null }] } } as unknown as DatasetSpec;
    const offline = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
    }) as unknown as typeof fetch;
    await assert.rejects(readDatasetFiles(spec, { cacheDir: await mkdtemp(join(tmpdir(), 'ut-off-')), fetchImpl: offline }), (e: Error) => {
      assert.match(e.message, /https:\/\/example\.invalid\/gsm8k\/test\.jsonl/);
      assert.match(e.message, /ENOTFOUND/);
      assert.match(e.message, /--data-dir/);
      assert.match(e.message, /USERTURN_DATA_DIR/);
      return true;
    });
  });

  it('a --data-dir without the file says which part is missing: the folder itself, the dataset\'s folder (naming those it holds), or the file', async () => {
    const spec = { id: 'ifeval', source: { files: [{ name: 'input_data.jsonl', url: 'https://example.invalid/x', sha256: null }] } } as unknown as DatasetSpec;
    const dir = await mkdtemp(join(tmpdir(), 'ut-dd-'));
    await mkdir(join(dir, 'gsm8k'));
    await writeFile(join(dir, 'notes.txt'), 'x');
    const refused = async (dataDir: string) => {
      try {
        await readDatasetFiles(spec, { dataDir, cacheDir: dir });
      } catch (e) {
        return (e as Error).message;
      }
      return 'loaded';
    };
    assert.equal(await refused(join(dir, 'nope')), `${join(dir, 'nope', 'ifeval', 'input_data.jsonl')}: not found (data dir ${join(dir, 'nope')} does not exist)`);
    assert.equal(await refused(join(dir, 'notes.txt')), `${join(dir, 'notes.txt', 'ifeval', 'input_data.jsonl')}: not found (data dir ${join(dir, 'notes.txt')} is not a folder)`);
    assert.equal(await refused(dir), `${join(dir, 'ifeval', 'input_data.jsonl')}: not found (data dir ${dir} has no ifeval/ folder; it holds gsm8k/; the layout is DIR/<dataset>/<file>)`);
    await mkdir(join(dir, 'ifeval'));
    assert.equal(await refused(dir), `${join(dir, 'ifeval', 'input_data.jsonl')}: not found (data dir ${dir}: its ifeval/ folder has no input_data.jsonl)`);
    await writeFile(join(dir, 'ifeval', 'input_data.jsonl'), '{"key": 1, "prompt": "p", "instruction_id_list": [], "kwargs": []}\n');
    assert.equal(await refused(dir), 'loaded');
  });

  it('a base URL without /v1 that answers 404 gets a hint', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await assert.rejects(servedModels(createEndpoints([url], undefined, 2000), { timeoutMs: 2000 }), /did you mean --base-url http:\/\/127\.0\.0\.1:\d+\/v1\?/);
    } finally {
      server.close();
    }
  });
});

describe('the /v1 hint of a 404 (v1BaseUrl)', () => {
  it('a URL ending in /v1/<route> suggests …/v1; one without /v1 gets it appended; one ending in /v1 none', () => {
    assert.equal(v1BaseUrl('http://127.0.0.1:8000/v1/completions'), 'http://127.0.0.1:8000/v1');
    assert.equal(v1BaseUrl('http://127.0.0.1:8000/v1/chat/completions/'), 'http://127.0.0.1:8000/v1');
    assert.equal(v1BaseUrl('http://127.0.0.1:8000'), 'http://127.0.0.1:8000/v1');
    assert.equal(v1BaseUrl('https://proxy.example/openai'), 'https://proxy.example/openai/v1');
    assert.equal(v1BaseUrl('http://u:p@127.0.0.1:8000/v1/models'), 'http://127.0.0.1:8000/v1', 'credentials left out');
    assert.equal(v1BaseUrl('http://127.0.0.1:8000/v1'), null);
    assert.equal(v1BaseUrl('http://127.0.0.1:8000/v1/'), null);
  });

  it('the look-up of a base URL with the route pasted in (…/v1/completions) suggests …/v1, not …/v1/completions/v1', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await assert.rejects(servedModels(createEndpoints([`${base}/v1/completions`], undefined, 2000), { timeoutMs: 2000 }), (e: Error) => {
        assert.ok(e.message.includes(`did you mean --base-url ${base}/v1?`), e.message);
        return true;
      });
    } finally {
      server.close();
    }
  });
});
