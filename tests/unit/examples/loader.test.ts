import assert from 'node:assert/strict';
import { test } from 'node:test';
import { structural } from '../../../src/lib/examples/check.ts';
import { shardLoader } from '../../../src/lib/examples/loader.ts';
import { buildIndex, combineIndexes } from '../../../src/lib/site/search-index.ts';
import type { ModelIndex } from '../../../src/lib/site/search.ts';
import { bucketOf } from '../../../src/schema/shard-paths.ts';
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

/** The index files of gsm8k for the given models (each with items `i1`, `i<model letter>`), keyed by URL under `base`, with `buckets` term files. */
function indexFiles(models: string[], base = '/', buckets?: number): { files: Record<string, unknown>; indices: ModelIndex[] } {
  const indices = models.map((m) => buildIndex(m, 'gsm8k', [shard(0, ['i1', `i${m.slice(-1)}`], m).items]));
  const { directory, facets, terms } = combineIndexes('gsm8k', indices);
  const dir = `${base}data/index/gsm8k/`;
  const files: Record<string, unknown> = { [`${dir}index.json`]: { ...directory, buckets: buckets ?? directory.buckets } };
  for (const f of facets) files[`${dir}facets-${f.group}.json`] = f;
  // With `buckets`, the same words re-spread over more term files, as a larger dataset would have.
  const n = buckets ?? directory.buckets;
  const pick = (m: Record<string, Record<string, string>>, b: number) => Object.fromEntries(Object.entries(m).filter(([w]) => bucketOf(w, n) === b));
  for (let b = 0; b < n; b++) files[`${dir}terms-${b}.json`] = { v: 2, dataset: 'gsm8k', bucket: b, buckets: n, tokens: pick(terms[0]!.tokens, b), item_tokens: pick(terms[0]!.item_tokens, b) };
  return { files, indices };
}

test('the loader fetches each manifest, shard and index file once, at the schema paths under the base', async () => {
  const { files, indices } = indexFiles(['model-a'], '/b/');
  const s = server({ ...files, '/b/data/samples/model-a/gsm8k.json': manifest, '/b/data/samples/model-a/gsm8k-0.json': shard(0, ['i1']) });
  const load = shardLoader('/b/', known, zodChecks, s.fetchJson);
  assert.deepEqual(await load.manifest('model-a', 'gsm8k'), manifest);
  await load.manifest('model-a', 'gsm8k');
  assert.equal((await load.shard('model-a', 'gsm8k', 0)).items[0]!.item_id, 'i1');
  await load.shard('model-a', 'gsm8k', 0);
  const ix = (await load.index('model-a', 'gsm8k', ['why', 'i1', 'unicorn']))!;
  const full = indices[0]!;
  assert.deepEqual({ ...ix, tokens: { ...ix.tokens }, item_tokens: { ...ix.item_tokens } },
    { ...full, tokens: { why: full.tokens.why, i1: full.tokens.i1 }, item_tokens: { i1: full.item_tokens.i1 } }, 'the model\'s facets and only the words asked for');
  await load.index('model-a', 'gsm8k', ['why']);
  assert.deepEqual(s.asked, ['/b/data/samples/model-a/gsm8k.json', '/b/data/samples/model-a/gsm8k-0.json', '/b/data/index/gsm8k/index.json', '/b/data/index/gsm8k/facets-0.json', '/b/data/index/gsm8k/terms-0.json']);
});

test('a search across models reads the directory once, the facets files of its models and only the term files of its words', async () => {
  const models = ['model-a', 'model-b', 'model-c', 'model-d'];
  const { files, indices } = indexFiles(models, '/', 64);
  const s = server(files, 2);
  const load = shardLoader('/', () => true, zodChecks, s.fetchJson);
  const words = ['why', 'ib'];
  const got = await Promise.all(models.map((m) => load.index(m, 'gsm8k', words)));
  const buckets = [...new Set(words.map((w) => bucketOf(w, 64)))].map((b) => `/data/index/gsm8k/terms-${b}.json`);
  assert.equal(s.asked[0], '/data/index/gsm8k/index.json');
  assert.deepEqual(s.asked.slice(1).sort(), [...[0, 1, 2].map((g) => `/data/index/gsm8k/facets-${g}.json`), ...buckets].sort(), 'groups of 1, 2 and 1 models');
  assert.deepEqual(got.map((ix) => Object.keys(ix!.tokens).sort()), [['why'], ['ib', 'why'], ['why'], ['why']]);
  assert.deepEqual(got.map((ix) => ix!.tokens.why), indices.map((ix) => ix.tokens.why));
  assert.equal(await load.index('model-z', 'gsm8k', words), null, 'a model the directory does not list');
});

test('a pair the site did not publish is never fetched; a missing or invalid manifest or index reads as none', async () => {
  const s = server({ '/data/samples/model-a/gsm8k.json': { ...manifest, samples: -1 }, '/data/index/gsm8k/index.json': { v: 1 } });
  const load = shardLoader('/', (m, d) => known(m, d) || m === 'model-b', zodChecks, s.fetchJson);
  assert.equal(await load.manifest('../etc', 'gsm8k'), null);
  assert.equal(await load.index('../etc', 'gsm8k', []), null);
  assert.equal(await load.manifest('model-a', 'gsm8k'), null, 'invalid manifest');
  assert.equal(await load.manifest('model-b', 'gsm8k'), null, '404');
  assert.equal(await load.index('model-a', 'gsm8k', ['why']), null, 'invalid directory');
  assert.deepEqual(s.asked, ['/data/samples/model-a/gsm8k.json', '/data/samples/model-b/gsm8k.json', '/data/index/gsm8k/index.json']);
  for (const drop of ['terms-0', 'facets-0']) {
    const { files } = indexFiles(['model-a']);
    delete files[`/data/index/gsm8k/${drop}.json`];
    assert.equal(await shardLoader('/', known, zodChecks, server(files).fetchJson).index('model-a', 'gsm8k', ['why']), null, `missing ${drop}`);
  }
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

test('the browser\'s structural check reads the index files it fetches and names the field it misses', async () => {
  const { files } = indexFiles(['model-a']);
  const good = shardLoader('/', known, structural, server(files).fetchJson);
  assert.deepEqual(Object.keys((await good.index('model-a', 'gsm8k', ['why']))!.tokens), ['why']);
  const check = (path: string, data: unknown) => () => structural[path.includes('terms') ? 'terms' : path.includes('facets') ? 'facets' : 'directory'](data, path);
  assert.throws(check('data/index/gsm8k/index.json', { dataset: 'gsm8k', buckets: 1, models: [] }), /^Error: invalid data: data\/index\/gsm8k\/index\.json: groups: expected an array$/);
  assert.throws(check('data/index/gsm8k/facets-0.json', { dataset: 'gsm8k', group: 0, models: [{ model: 'model-a' }] }), /facets-0\.json: models\[0\]: shards: expected an array$/);
  assert.throws(check('data/index/gsm8k/terms-0.json', { dataset: 'gsm8k', bucket: 0, tokens: [] }), /terms-0\.json: tokens: expected an object$/);
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

test('a shard asked for while index files wait in the pool is fetched before them', async () => {
  const { files } = indexFiles(['model-a'], '/', 8);
  files['/data/samples/model-a/gsm8k-0.json'] = shard(0, ['i1']);
  const s = server(files, 5);
  const load = shardLoader('/', () => true, zodChecks, s.fetchJson, 1);
  const words = ['why', 'thanks', 'question', 'answer', 'of', 'for'];
  const ix = load.index('model-a', 'gsm8k', words);
  await new Promise((r) => setTimeout(r, 8));
  await load.shard('model-a', 'gsm8k', 0);
  await ix;
  const order = s.asked.map((u) => u.split('/').pop());
  assert.equal(order[0], 'index.json');
  assert.ok(order.indexOf('gsm8k-0.json') < order.length - 1 && new Set(words.map((w) => bucketOf(w, 8))).size > 2, order.join(' '));
});
