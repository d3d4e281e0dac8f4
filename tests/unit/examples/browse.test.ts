import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog } from '../../../src/lib/examples/catalog.ts';
import { findSample, loadComparison } from '../../../src/lib/examples/find.ts';
import { compareLink, listLink, permalink, stateParams } from '../../../src/lib/examples/links.ts';
import type { ShardLoader } from '../../../src/lib/examples/loader.ts';
import { readQuery } from '../../../src/lib/examples/query.ts';
import { groupHits, mayMatch, scanPage, type Filters } from '../../../src/lib/examples/scan.ts';
import { manifestEntry } from '../../../src/lib/site/shards.ts';
import type { Manifest, Shard } from '../../../src/schema/shards.ts';
import { shard } from '../../helpers/examples-fixtures.ts';

const none: Filters = { condition: '', label: '', query: '', disagree: false };
const shards: Shard[] = [shard(0, ['i1', 'i2']), shard(1, ['i3']), shard(2, ['i4', 'i5'])];
const man: Manifest = { model: 'model-a', dataset: 'gsm8k', samples: 10, shards: shards.map((s) => manifestEntry(s.n, s.items)) };

/** A loader over the fixtures above; `loads` records the shards read. */
function fixtureLoader(failing: number[] = []) {
  const loads: number[] = [];
  const load: ShardLoader = {
    manifest: async (m) => (m === 'model-a' || m === 'model-b' ? { ...man, model: m } : null),
    shard: async (_m, _d, n) => { loads.push(n); if (failing.includes(n)) throw new Error('HTTP 500'); return shards[n]!; },
  };
  return { load, loads };
}

test('scan fills a page from as few shards as needed and keeps the rest of the last shard for the next page', async () => {
  const { load, loads } = fixtureLoader();
  const progress: number[] = [];
  const first = await scanPage(man, { cursor: 0, spill: [] }, none, (n) => load.shard('m', 'd', n), (c) => progress.push(c), () => false, 3);
  assert.deepEqual(first!.page.map((h) => h.sample.id), ['i1~greedy~0', 'i1~t0.7~0', 'i2~greedy~0']);
  assert.deepEqual(first!.spill.map((h) => h.sample.id), ['i2~t0.7~0']);
  assert.deepEqual([first!.cursor, loads, progress], [1, [0], [1]]);
  const next = await scanPage(man, first!, none, (n) => load.shard('m', 'd', n), () => {}, () => false, 3);
  assert.deepEqual(next!.page.map((h) => h.sample.id), ['i2~t0.7~0', 'i3~greedy~0', 'i3~t0.7~0']);
  assert.deepEqual(groupHits(next!.page).map((g) => [g.item.item_id, g.hits.length]), [['i2', 1], ['i3', 2]]);
});

test('scan skips shards whose manifest counts cannot match, stops on a failed shard, and gives up when stale', async () => {
  const f = { ...none, label: 'meta_planning' };
  assert.equal(mayMatch(f, man.shards[0]!), false);
  assert.equal(mayMatch({ ...none, condition: 't0.7' }, man.shards[0]!), true);
  const { load, loads } = fixtureLoader([1]);
  const skipped = await scanPage(man, { cursor: 0, spill: [] }, f, (n) => load.shard('m', 'd', n), () => {}, () => false);
  assert.deepEqual([skipped!.page, skipped!.cursor, loads], [[], 3, []]);
  const failed = await scanPage(man, { cursor: 0, spill: [] }, { ...none, query: 'THANKS  for' }, (n) => load.shard('m', 'd', n), () => {}, () => false);
  assert.deepEqual([failed!.page.map((h) => h.sample.id), failed!.cursor, failed!.error], [['i1~t0.7~0', 'i2~t0.7~0'], 2, 'Could not load shard 1: HTTP 500']);
  assert.equal(await scanPage(man, { cursor: 0, spill: [] }, none, (n) => load.shard('m', 'd', n), () => {}, () => true), null);
});

const known = catalog([{ id: 'model-a', name: 'Model A', datasets: ['gsm8k', 'ifeval'] }, { id: 'model-b', name: 'Model B', datasets: ['gsm8k'] }]);
const defaults = { model: 'model-a', dataset: 'gsm8k' };
const q = (s: string) => readQuery(new URLSearchParams(s), known, defaults);

test('the query string opens a list, a permalink or a comparison; unknown ids fall back', () => {
  assert.deepEqual(q('model=model-b&dataset=gsm8k&condition=t0.7&label=none&q=why&disagree=1'),
    { model: 'model-b', dataset: 'gsm8k', condition: 't0.7', label: 'none', query: 'why', disagree: true, route: { view: 'list' } });
  assert.deepEqual(q('model=nope&dataset=ifeval').route, { view: 'list' });
  assert.equal(q('model=model-b&dataset=ifeval').dataset, 'gsm8k', 'model-b has no ifeval samples');
  assert.deepEqual(q('model=model-a&dataset=ifeval&sample=x~greedy~0').route, { view: 'one', model: 'model-a', dataset: 'ifeval', sample: 'x~greedy~0' });
  assert.deepEqual(q('model=model-b&dataset=ifeval&sample=x~greedy~0').route, { view: 'missing', sample: 'x~greedy~0' });
  const c = q('view=compare&dataset=gsm8k&item=i1&a=model-b&b=model-a&condition=greedy');
  assert.deepEqual([c.model, c.condition, c.route], ['model-b', 'greedy', { view: 'compare', dataset: 'gsm8k', item: 'i1', a: 'model-b', b: 'model-a' }]);
  assert.deepEqual(q('view=compare&dataset=gsm8k&item=i1&a=model-b').route, { view: 'list' }, 'a comparison needs both models');
  assert.deepEqual(known.others('model-a', 'gsm8k').map((m) => m.id), ['model-b']);
});

test('links keep the browser\'s URL shapes', () => {
  assert.equal(permalink('/b/', 'model-a', 'gsm8k', 'i1~t0.7~0'), '/b/examples/?model=model-a&dataset=gsm8k&sample=i1~t0.7~0');
  assert.equal(listLink('/', 'model-a', 'gsm8k'), '/examples/?model=model-a&dataset=gsm8k');
  assert.equal(compareLink('/', 'gsm8k', 'i 1', 'a', 'b', ''), '/examples/?view=compare&dataset=gsm8k&item=i%201&a=a&b=b&condition=');
  assert.deepEqual(stateParams({ model: 'a', label: '', q: 'x' }), [['model', 'a'], ['q', 'x']]);
});

test('a permalink finds its sample through the manifest; a comparison names the model without the item', async () => {
  const { load, loads } = fixtureLoader();
  const hit = await findSample(load, 'model-a', 'gsm8k', 'i3~t0.7~0', 'for A on GSM8K');
  assert.deepEqual([hit.ok && hit.value.sample.id, loads], ['i3~t0.7~0', [1]]);
  assert.deepEqual(await findSample(load, 'model-a', 'gsm8k', 'i9~greedy~0', 'for A on GSM8K'), { ok: false, message: 'Example i9~greedy~0 was not found for A on GSM8K.' });
  assert.deepEqual(await findSample(load, 'model-a', 'gsm8k', 'i3~t1.0~0', 'x'), { ok: false, message: 'Example i3~t1.0~0 was not found.' });
  const cmp = await loadComparison(load, 'gsm8k', 'i4', 'model-a', 'model-b', 'greedy', known.name, 'GSM8K');
  assert.ok(cmp.ok);
  assert.deepEqual([cmp.value.question, cmp.value.left.length, cmp.value.right.map((h) => h.sample.condition)], ['Question of i4?', 1, ['greedy']]);
  assert.deepEqual(await loadComparison(load, 'gsm8k', 'i4', 'model-a', 'model-c', '', known.name, 'GSM8K'), { ok: false, message: 'Item i4 is not available for model-c on GSM8K.' });
  const broken = fixtureLoader([2]).load;
  assert.deepEqual(await loadComparison(broken, 'gsm8k', 'i4', 'model-a', 'model-b', '', known.name, 'GSM8K'), { ok: false, message: 'Could not load the samples: HTTP 500' });
});
