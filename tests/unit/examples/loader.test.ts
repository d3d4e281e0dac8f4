import assert from 'node:assert/strict';
import { test } from 'node:test';
import { structural } from '../../../src/lib/examples/check.ts';
import { shardLoader } from '../../../src/lib/examples/loader.ts';
import { buildIndex } from '../../../src/lib/site/search-index.ts';
import { shard, zodChecks } from '../../helpers/examples-fixtures.ts';

/** A fake fetch over a map of URL → JSON body (a missing URL is a 404); records every URL asked for and the peak in flight. */
function server(files: Record<string, unknown>, delay = 0) {
  const asked: string[] = [];
  let inFlight = 0; let peak = 0;
  const fetchJson = async (url: string) => {
    asked.push(url);
    peak = Math.max(peak, ++inFlight);
    await new Promise((r) => setTimeout(r, delay));
    inFlight--;
    const body = files[url];
    return { ok: body !== undefined, status: body === undefined ? 404 : 200, json: async () => structuredClone(body) };
  };
  return { asked, fetchJson, peak: () => peak };
}

const manifest = { model: 'model-a', dataset: 'gsm8k', samples: 2, shards: [{ n: 0, items: ['i1'], samples: 2, labels: { genuine_followup: 1, generic_closing: 1 }, conditions: { greedy: 1, 't0.7': 1 } }] };
const known = (m: string, d: string) => m === 'model-a' && d === 'gsm8k';

test('the loader fetches each manifest, index and shard once, at the schema paths under the base', async () => {
  const ix = buildIndex('model-a', 'gsm8k', [shard(0, ['i1']).items]);
  const s = server({ '/b/data/samples/model-a/gsm8k.json': manifest, '/b/data/samples/model-a/gsm8k-0.json': shard(0, ['i1']), '/b/data/index/gsm8k/model-a.json': ix });
  const load = shardLoader('/b/', known, zodChecks, s.fetchJson);
  assert.deepEqual(await load.manifest('model-a', 'gsm8k'), manifest);
  await load.manifest('model-a', 'gsm8k');
  assert.equal((await load.shard('model-a', 'gsm8k', 0)).items[0]!.item_id, 'i1');
  await load.shard('model-a', 'gsm8k', 0);
  assert.deepEqual(await load.index('model-a', 'gsm8k'), ix);
  await load.index('model-a', 'gsm8k');
  assert.deepEqual(s.asked, ['/b/data/samples/model-a/gsm8k.json', '/b/data/samples/model-a/gsm8k-0.json', '/b/data/index/gsm8k/model-a.json']);
});

test('a pair the site did not publish is never fetched; a missing or invalid manifest or index reads as none', async () => {
  const s = server({ '/data/samples/model-a/gsm8k.json': { ...manifest, samples: -1 }, '/data/index/gsm8k/model-a.json': { v: 2 } });
  const load = shardLoader('/', (m, d) => known(m, d) || m === 'model-b', zodChecks, s.fetchJson);
  assert.equal(await load.manifest('../etc', 'gsm8k'), null);
  assert.equal(await load.index('../etc', 'gsm8k'), null);
  assert.equal(await load.manifest('model-a', 'gsm8k'), null, 'invalid manifest');
  assert.equal(await load.manifest('model-b', 'gsm8k'), null, '404');
  assert.equal(await load.index('model-a', 'gsm8k'), null, 'invalid index');
  assert.deepEqual(s.asked, ['/data/samples/model-a/gsm8k.json', '/data/samples/model-b/gsm8k.json', '/data/index/gsm8k/model-a.json']);
});

test('an invalid shard is refused naming the file and field; a failed shard is fetched again next time', async () => {
  const bad = shard(0, ['i1']);
  (bad.items[0]!.samples[0] as { k: unknown }).k = 'zero';
  const files: Record<string, unknown> = { '/data/samples/model-a/gsm8k-0.json': bad };
  const s = server(files);
  const load = shardLoader('/', known, zodChecks, s.fetchJson);
  await assert.rejects(load.shard('model-a', 'gsm8k', 0), /^Error: invalid data: data\/samples\/model-a\/gsm8k-0\.json: items\[0\]\.samples\[0\]\.k: /);
  await assert.rejects(load.shard('model-a', 'gsm8k', 1), /^Error: HTTP 404$/);
  files['/data/samples/model-a/gsm8k-0.json'] = shard(0, ['i1']);
  assert.equal((await load.shard('model-a', 'gsm8k', 0)).n, 0);
  assert.equal(s.asked.filter((u) => u.endsWith('gsm8k-0.json')).length, 2);
});

test('the browser\'s structural check refuses a file that is not the kind asked for, naming the file and field', async () => {
  const s = server({ '/data/samples/model-a/gsm8k-0.json': manifest, '/data/samples/model-a/gsm8k-1.json': [] });
  const load = shardLoader('/', known, structural, s.fetchJson);
  await assert.rejects(load.shard('model-a', 'gsm8k', 0), /^Error: invalid data: data\/samples\/model-a\/gsm8k-0\.json: items: expected an array$/);
  await assert.rejects(load.shard('model-a', 'gsm8k', 1), /gsm8k-1\.json: \(root\): expected an object$/);
});

test('fetches run in parallel, never more than the pool allows at once, and all complete', async () => {
  const files: Record<string, unknown> = {};
  for (let n = 0; n < 20; n++) files[`/data/samples/model-a/gsm8k-${n}.json`] = shard(n, [`i${n}`]);
  const s = server(files, 5);
  const load = shardLoader('/', known, zodChecks, s.fetchJson, 4);
  const got = await Promise.all(Array.from({ length: 20 }, (_, n) => load.shard('model-a', 'gsm8k', n)));
  assert.deepEqual(got.map((g) => g.n), Array.from({ length: 20 }, (_, n) => n));
  assert.equal(s.peak(), 4);
  assert.deepEqual(s.asked.slice(0, 4), [0, 1, 2, 3].map((n) => `/data/samples/model-a/gsm8k-${n}.json`), 'started in the order asked');
});

test('a shard asked for while indices wait in the pool is fetched before them', async () => {
  const files: Record<string, unknown> = { '/data/samples/model-a/gsm8k-0.json': shard(0, ['i1']) };
  for (const m of ['a', 'b', 'c', 'd']) files[`/data/index/gsm8k/model-${m}.json`] = buildIndex(`model-${m}`, 'gsm8k', [shard(0, ['i1']).items]);
  const s = server(files, 5);
  const load = shardLoader('/', () => true, zodChecks, s.fetchJson, 1);
  const all = ['a', 'b', 'c', 'd'].map((m) => load.index(`model-${m}`, 'gsm8k'));
  await load.shard('model-a', 'gsm8k', 0);
  await Promise.all(all);
  assert.deepEqual(s.asked.map((u) => u.split('/').pop()), ['model-a.json', 'gsm8k-0.json', 'model-b.json', 'model-c.json', 'model-d.json']);
});
