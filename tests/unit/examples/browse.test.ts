import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog } from '../../../src/lib/examples/catalog.ts';
import { evaluate } from '../../../src/lib/examples/evaluate.ts';
import { findSample, loadComparison } from '../../../src/lib/examples/find.ts';
import { firstHits, groupHits, type ModelMatches } from '../../../src/lib/examples/hits.ts';
import { compareLink, filteredLink, listLink, permalink, stateParams } from '../../../src/lib/examples/links.ts';
import type { ShardLoader } from '../../../src/lib/examples/loader.ts';
import { readQuery } from '../../../src/lib/examples/query.ts';
import { searchModels, type Progress } from '../../../src/lib/examples/search.ts';
import { buildIndex } from '../../../src/lib/site/search-index.ts';
import { manifestEntry } from '../../../src/lib/site/shards.ts';
import type { Manifest, Shard } from '../../../src/schema/shards.ts';
import { shard } from '../../helpers/examples-fixtures.ts';

const shards: Shard[] = [shard(0, ['i1', 'i2']), shard(1, ['i3']), shard(2, ['i4', 'i5'])];
const man: Manifest = { model: 'model-a', dataset: 'gsm8k', samples: 10, shards: shards.map((s) => manifestEntry(s.n, s.items)) };

/** A loader over the fixtures above (the same shards for model-a and model-b); `loads` records the shards read. */
function fixtureLoader(failing: number[] = []) {
  const loads: number[] = [];
  const load: ShardLoader = {
    manifest: async (m) => (m === 'model-a' || m === 'model-b' ? { ...man, model: m } : null),
    index: async (m) => (m === 'model-a' || m === 'model-b' ? buildIndex(m, 'gsm8k', shards.map((s) => s.items)) : null),
    shard: async (_m, _d, n) => { loads.push(n); if (failing.includes(n)) throw new Error('HTTP 500'); return shards[n]!; },
  };
  return { load, loads };
}

const known = catalog([
  { id: 'model-a', name: 'Model A', family: 'fa', datasets: ['gsm8k', 'ifeval'] },
  { id: 'model-b', name: 'Model B', family: 'fb', datasets: ['gsm8k'] },
  { id: 'model-c', name: 'Model C', family: 'fb', datasets: ['ifeval'] },
]);
const defaults = { model: 'model-a', dataset: 'gsm8k' };
const q = (s: string) => readQuery(new URLSearchParams(s), known, defaults);

test('the query string restores a list of any models with its filters and page; unknown ids fall back', () => {
  assert.deepEqual(q('model=model-b&dataset=gsm8k&condition=t0.7&label=none&q=why&disagree=1&page=3'),
    { models: ['model-b'], family: '', dataset: 'gsm8k', page: 3, condition: 't0.7', label: 'none', query: 'why', disagree: true, route: { view: 'list' } });
  assert.deepEqual(q('models=*&family=fb&dataset=ifeval').models, ['*']);
  assert.equal(q('models=*&family=fb&dataset=ifeval').dataset, 'ifeval');
  assert.deepEqual(q('models=model-b,nope,model-c&dataset=ifeval').models, ['model-b', 'model-c']);
  assert.equal(q('models=model-b,model-c&dataset=ifeval').dataset, 'ifeval', 'a dataset of any selected model');
  assert.deepEqual(q('model=nope&dataset=ifeval').models, ['model-a']);
  assert.equal(q('model=model-b&dataset=ifeval').dataset, 'gsm8k', 'model-b has no ifeval samples');
  assert.deepEqual([q('page=-4').page, q('page=x').page, q('page=99999').page], [1, 1, 1000]);
});

test('the query string opens a permalink or a comparison of any number of models', () => {
  assert.deepEqual(q('model=model-a&dataset=ifeval&sample=x~greedy~0').route, { view: 'one', model: 'model-a', dataset: 'ifeval', sample: 'x~greedy~0' });
  assert.deepEqual(q('model=model-b&dataset=ifeval&sample=x~greedy~0').route, { view: 'missing', sample: 'x~greedy~0' });
  const c = q('view=compare&dataset=gsm8k&item=i1&a=model-b&b=model-a&condition=greedy');
  assert.deepEqual([c.models, c.condition, c.route], [['model-b'], 'greedy', { view: 'compare', dataset: 'gsm8k', item: 'i1', models: ['model-b', 'model-a'] }]);
  assert.deepEqual(q('view=compare&dataset=gsm8k&item=i1&models=model-a,..,model-b,model-c').route,
    { view: 'compare', dataset: 'gsm8k', item: 'i1', models: ['model-a', 'model-b', 'model-c'] }, 'unknown ids dropped');
  assert.deepEqual(q('view=compare&dataset=gsm8k&item=i1&models=..').route, { view: 'list' });
  assert.deepEqual(known.others('model-a', 'gsm8k').map((m) => m.id), ['model-b']);
  assert.deepEqual(known.on('ifeval', 'fb').map((m) => m.id), ['model-c']);
});

test('links keep the browser\'s URL shapes', () => {
  assert.equal(permalink('/b/', 'model-a', 'gsm8k', 'i1~t0.7~0'), '/b/examples/?model=model-a&dataset=gsm8k&sample=i1~t0.7~0');
  assert.equal(listLink('/', 'model-a', 'gsm8k'), '/examples/?model=model-a&dataset=gsm8k');
  assert.equal(filteredLink('/', { model: 'model-a', dataset: 'gsm8k', condition: 't1.0', label: '' }), '/examples/?model=model-a&dataset=gsm8k&condition=t1.0');
  assert.equal(compareLink('/', 'gsm8k', 'i 1', ['a', 'b', 'c'], ''), '/examples/?view=compare&dataset=gsm8k&item=i%201&models=a%2Cb%2Cc&condition=');
  assert.deepEqual(stateParams({ model: 'a', label: '', q: 'x' }), [['model', 'a'], ['q', 'x']]);
});

test('a permalink finds its sample through the manifest; a comparison shows every model that has the item', async () => {
  const { load, loads } = fixtureLoader();
  const hit = await findSample(load, 'model-a', 'gsm8k', 'i3~t0.7~0', 'for A on GSM8K');
  assert.deepEqual([hit.ok && hit.value.sample.id, loads], ['i3~t0.7~0', [1]]);
  assert.deepEqual(await findSample(load, 'model-a', 'gsm8k', 'i9~greedy~0', 'for A on GSM8K'), { ok: false, message: 'Example i9~greedy~0 was not found for A on GSM8K.' });
  assert.deepEqual(await findSample(load, 'model-a', 'gsm8k', 'i3~t1.0~0', 'x'), { ok: false, message: 'Example i3~t1.0~0 was not found.' });
  const cmp = await loadComparison(load, 'gsm8k', 'i4', ['model-a', 'model-b', 'model-c'], 'greedy', known.name, 'GSM8K');
  assert.ok(cmp.ok);
  assert.deepEqual([cmp.value.question, cmp.value.columns.map((c) => [c.model, c.hits.map((h) => h.sample.condition)]), cmp.value.missing],
    ['Question of i4?', [['model-a', ['greedy']], ['model-b', ['greedy']]], ['model-c']]);
  assert.deepEqual(await loadComparison(load, 'gsm8k', 'i4', ['model-c'], '', known.name, 'GSM8K'), { ok: false, message: 'Item i4 is not available for Model C on GSM8K.' });
  const broken = fixtureLoader([2]).load;
  assert.deepEqual(await loadComparison(broken, 'gsm8k', 'i4', ['model-a', 'model-b'], '', known.name, 'GSM8K'), { ok: false, message: 'Could not load the samples: HTTP 500' });
});

test('a page of matches across models loads only the shards it shows, and groups by model and item', async () => {
  const { load, loads } = fixtureLoader();
  const ready: ModelMatches[] = [];
  for (const m of ['model-a', 'model-b']) { const ix = (await load.index(m, 'gsm8k', []))!; ready.push({ model: m, ix, ordinals: evaluate(ix, { condition: 't0.7', label: '', query: '', disagree: false }) }); }
  const page = await firstHits(load, 'gsm8k', ready, 7);
  assert.deepEqual(page.map((h) => `${h.model}/${h.sample.id}`), [
    ...['i1', 'i2', 'i3', 'i4', 'i5'].map((i) => `model-a/${i}~t0.7~0`), 'model-b/i1~t0.7~0', 'model-b/i2~t0.7~0']);
  assert.deepEqual([...new Set(loads)].sort(), [0, 1, 2]);
  assert.deepEqual(groupHits(page).map((g) => g.key), page.map((h) => `${h.model}/${h.sample.id}`), 'one sample per item here');
  assert.deepEqual(groupHits([...page.slice(0, 1), { ...page[0]!, sample: page[0]!.item.samples[0]! }]).length, 1);
  assert.deepEqual(await firstHits(load, 'gsm8k', ready, 0), []);
});

test('results stream in model order as soon as every earlier model is done; a stale search stops reporting', async () => {
  const delays: Record<string, number> = { a: 5, b: 30, c: 5, d: 15 };
  const seen: Array<Progress<string>> = [];
  const started: string[] = [];
  let whenFirstDone: string[] = [];
  await searchModels(['a', 'b', 'c', 'd'], async (m) => { started.push(m); await new Promise((r) => setTimeout(r, delays[m])); if (m === 'a') whenFirstDone = [...started]; if (m === 'd') throw new Error('x'); return m.toUpperCase(); },
    (p) => { seen.push(structuredClone(p)); }, () => false);
  assert.deepEqual(seen.map((p) => [p.done, p.ready]), [[1, ['A']], [2, ['A']], [3, ['A']], [4, ['A', 'B', 'C', null]]], 'c and d wait for b; a failed model reads as null');
  assert.deepEqual([whenFirstDone, started], [['a'], ['a', 'b', 'c', 'd']], 'the first model runs alone, then the rest together');
  const after: unknown[] = [];
  let stale = false;
  await searchModels(['a', 'b'], async (m) => { await new Promise((r) => setTimeout(r, delays[m])); stale = true; return m; }, (p) => { after.push(p); }, () => stale);
  assert.deepEqual(after, []);
  const empty: unknown[] = [];
  await searchModels([], async () => 'x', (p) => { empty.push(p); }, () => false);
  assert.deepEqual(empty, [{ ready: [], done: 0, total: 0 }]);
});

test('the other models wait until the first page is shown (the promise update returns for the first model)', async () => {
  const events: string[] = [];
  await searchModels(['a', 'b', 'c'], async (m) => { events.push(`run ${m}`); return m; }, async (p) => {
    if (p.done === 1) { await new Promise((r) => setTimeout(r, 10)); events.push('first page shown'); }
  }, () => false);
  assert.deepEqual(events, ['run a', 'first page shown', 'run b', 'run c']);
});
