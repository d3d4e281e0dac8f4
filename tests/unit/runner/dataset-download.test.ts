import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readDatasetFiles, sha256Hex } from '../../../runners/datasets/source.ts';
import { useEnvProxy } from '../../../runners/hub/proxy.ts';
import { StorageError } from '../../../runners/io/storage-error.ts';
import type { DatasetSpec } from '../../../src/schema/index.ts';
import { startFileServer, startProxy, withEnv } from '../../helpers/fake-hub.ts';

const BODY = '{"question":"1+1?","answer":"#### 2"}\n'.repeat(200);
const spec = (url: string, sha256: string | null = sha256Hex(BODY)) =>
  ({ id: 'gsm8k', source: { files: [{ name: 'test.jsonl', url, sha256 }] } }) as unknown as DatasetSpec;
const cached = (cacheDir: string) => join(cacheDir, 'datasets', 'gsm8k', 'test.jsonl');

describe('dataset downloads', () => {
  it('are written into the cache, and a second read makes no request', async () => {
    const server = await startFileServer({ '/test.jsonl': BODY });
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-dl-'));
    try {
      await withEnv({ HF_HUB_OFFLINE: undefined }, async () => {
        await readDatasetFiles(spec(`${server.url}/test.jsonl`), { cacheDir });
        await readDatasetFiles(spec(`${server.url}/test.jsonl`), { cacheDir });
      });
      assert.equal(server.seen.length, 1);
      assert.equal(await readFile(cached(cacheDir), 'utf8'), BODY);
      assert.deepEqual(await readdir(join(cacheDir, 'datasets', 'gsm8k')), ['test.jsonl'], 'no temp file left');
    } finally {
      await server.close();
    }
  });

  it('a cache that cannot be written stops with one line naming the file and the cache variables', async () => {
    const server = await startFileServer({ '/test.jsonl': BODY });
    const blocked = join(await mkdtemp(join(tmpdir(), 'ut-dl-')), 'a-file');
    await writeFile(blocked, 'not a folder');
    try {
      await withEnv({ HF_HUB_OFFLINE: undefined }, () =>
        assert.rejects(readDatasetFiles(spec(`${server.url}/test.jsonl`), { cacheDir: blocked }), (e: Error) => {
          assert.ok(e instanceof StorageError);
          assert.ok(e.message.includes(cached(blocked)) && /HF_HOME, USERTURN_CACHE_DIR/.test(e.message), e.message);
          return true;
        }),
      );
    } finally {
      await server.close();
    }
  });

  it('HF_HUB_OFFLINE=1: the cache is used; a file not in it fails with no request, naming it and --data-dir', async () => {
    const server = await startFileServer({ '/test.jsonl': BODY });
    const url = `${server.url}/test.jsonl`;
    const warm = await mkdtemp(join(tmpdir(), 'ut-dl-'));
    try {
      await withEnv({ HF_HUB_OFFLINE: undefined }, () => readDatasetFiles(spec(url), { cacheDir: warm }));
      await withEnv({ HF_HUB_OFFLINE: '1' }, async () => {
        assert.equal((await readDatasetFiles(spec(url), { cacheDir: warm })).files[0]!.sha256, sha256Hex(BODY));
        await assert.rejects(readDatasetFiles(spec(url), { cacheDir: await mkdtemp(join(tmpdir(), 'ut-dl-')) }), (e: Error) => {
          assert.ok(e.message.startsWith(`${url}: not downloaded because HF_HUB_OFFLINE is set.`), e.message);
          assert.match(e.message, /--data-dir DIR or set USERTURN_DATA_DIR/);
          return true;
        });
      });
      assert.equal(server.seen.length, 1, 'offline made no request');
    } finally {
      await server.close();
    }
  });

  it('a download killed midway leaves no file (final or temp) and names the URL and the way around it', async () => {
    const server = await startFileServer({ '/test.jsonl': BODY }, true);
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-dl-'));
    try {
      await withEnv({ HF_HUB_OFFLINE: undefined }, () =>
        assert.rejects(readDatasetFiles(spec(`${server.url}/test.jsonl`, null), { cacheDir }), (e: Error) => {
          assert.match(e.message, /could not download http:\/\/127\.0\.0\.1:\d+\/test\.jsonl \(cut short/);
          assert.match(e.message, /--data-dir/);
          return true;
        }),
      );
      await assert.rejects(readdir(join(cacheDir, 'datasets')), { code: 'ENOENT' });
    } finally {
      await server.close();
    }
  });

  it('HTTP_PROXY is honoured for dataset URLs too, and no Hub token is sent to them', async () => {
    const server = await startFileServer({ '/test.jsonl': BODY });
    const proxy = await startProxy(server.url);
    await withEnv({ HF_HUB_OFFLINE: undefined, HF_TOKEN: 'hf_not_for_github_123', HTTP_PROXY: proxy.url }, async () => {
      const restore = useEnvProxy(process.env)!;
      try {
        await readDatasetFiles(spec('http://data.userturn.invalid/test.jsonl'), { cacheDir: await mkdtemp(join(tmpdir(), 'ut-dl-')) });
      } finally {
        restore();
        await proxy.close();
        await server.close();
      }
    });
    assert.deepEqual(proxy.seen.map((s) => s.url), ['data.userturn.invalid:80']);
    assert.deepEqual(server.seen.map((s) => [s.url, s.authorization]), [['/test.jsonl', undefined]]);
  });

  it('NO_PROXY hosts are reached directly, and without a proxy variable nothing is changed', async () => {
    assert.equal(useEnvProxy({}), null);
    const server = await startFileServer({ '/test.jsonl': BODY });
    const proxy = await startProxy(server.url);
    await withEnv({ HF_HUB_OFFLINE: undefined, HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' }, async () => {
      const restore = useEnvProxy(process.env)!;
      try {
        await readDatasetFiles(spec(`${server.url}/test.jsonl`), { cacheDir: await mkdtemp(join(tmpdir(), 'ut-dl-')) });
      } finally {
        restore();
        await proxy.close();
        await server.close();
      }
    });
    assert.equal(proxy.seen.length, 0);
    assert.equal(server.seen.length, 1);
  });
});
