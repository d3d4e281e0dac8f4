import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shardLoader } from '../../../src/lib/examples/loader.ts';
import { shard } from '../../helpers/examples-fixtures.ts';

/** A fake fetch over a map of URL → JSON body (a missing URL is a 404); records every URL asked for. */
function server(files: Record<string, unknown>) {
  const asked: string[] = [];
  const fetchJson = async (url: string) => {
    asked.push(url);
    const body = files[url];
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => structuredClone(body) };
  };
  return { asked, fetchJson };
}

const manifest = { model: 'model-a', dataset: 'gsm8k', samples: 2, shards: [{ n: 0, items: ['i1'], samples: 2, labels: { genuine_followup: 1, generic_closing: 1 }, conditions: { greedy: 1, 't0.7': 1 } }] };
const known = (m: string, d: string) => m === 'model-a' && d === 'gsm8k';

test('the loader fetches each manifest and shard once, at the schema paths under the base', async () => {
  const s = server({ '/b/data/samples/model-a/gsm8k.json': manifest, '/b/data/samples/model-a/gsm8k-0.json': shard(0, ['i1']) });
  const load = shardLoader('/b/', known, s.fetchJson);
  assert.deepEqual(await load.manifest('model-a', 'gsm8k'), manifest);
  await load.manifest('model-a', 'gsm8k');
  assert.equal((await load.shard('model-a', 'gsm8k', 0)).items[0]!.item_id, 'i1');
  await load.shard('model-a', 'gsm8k', 0);
  assert.deepEqual(s.asked, ['/b/data/samples/model-a/gsm8k.json', '/b/data/samples/model-a/gsm8k-0.json']);
});

test('a pair the site did not publish is never fetched; a missing or invalid manifest reads as none', async () => {
  const s = server({ '/data/samples/model-a/gsm8k.json': { ...manifest, samples: -1 } });
  const load = shardLoader('/', (m, d) => known(m, d) || m === 'model-b', s.fetchJson);
  assert.equal(await load.manifest('../etc', 'gsm8k'), null);
  assert.equal(await load.manifest('model-a', 'gsm8k'), null, 'invalid manifest');
  assert.equal(await load.manifest('model-b', 'gsm8k'), null, '404');
  assert.deepEqual(s.asked, ['/data/samples/model-a/gsm8k.json', '/data/samples/model-b/gsm8k.json']);
});

test('an invalid shard is refused naming the file and field; a failed shard is fetched again next time', async () => {
  const bad = shard(0, ['i1']);
  (bad.items[0]!.samples[0] as { k: unknown }).k = 'zero';
  const files: Record<string, unknown> = { '/data/samples/model-a/gsm8k-0.json': bad };
  const s = server(files);
  const load = shardLoader('/', known, s.fetchJson);
  await assert.rejects(load.shard('model-a', 'gsm8k', 0), /^Error: invalid data: data\/samples\/model-a\/gsm8k-0\.json: items\[0\]\.samples\[0\]\.k: /);
  await assert.rejects(load.shard('model-a', 'gsm8k', 1), /^Error: HTTP 404$/);
  files['/data/samples/model-a/gsm8k-0.json'] = shard(0, ['i1']);
  assert.equal((await load.shard('model-a', 'gsm8k', 0)).n, 0);
  assert.equal(s.asked.filter((u) => u.endsWith('gsm8k-0.json')).length, 2);
});
