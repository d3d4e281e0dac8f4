import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Suite, type DatasetSpec } from '../../../src/schema/index.ts';
import { loadDocument } from '../../../runners/io/load-document.ts';
import { loadDataset, selectItems } from '../../../runners/datasets/load.ts';
import { gsm8kReferenceResponse } from '../../../runners/datasets/parsers.ts';
import { sha256Hex } from '../../../runners/datasets/source.ts';
import { seededSubset, shardOf } from '../../../runners/datasets/subset.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const fixtures = join(root, 'tests', 'fixtures', 'datasets');
const realDir = process.env.USERTURN_DATA_DIR;

async function suite(): Promise<Suite> {
  const doc = await loadDocument(join(root, 'benchmark', 'suites', 'v1.yaml'));
  assert.ok(doc.ok);
  return Suite.parse(doc.data);
}
const spec = async (id: string): Promise<DatasetSpec> => (await suite()).datasets.find((d) => d.id === id)!;
const quiet = { cacheDir: '/nonexistent' };

describe('dataset loaders on the project fixtures', () => {
  it('gsm8k: zero-padded line ids, reference response, verifier item with "#### N"', async () => {
    const d = await loadDataset(await spec('gsm8k'), { ...quiet, dataDir: fixtures });
    assert.equal(d.items.length, 6);
    assert.equal(d.items[0]!.id, '0000');
    assert.equal(d.items[1]!.reference, 'One box holds 6 * 4 = 24 muffins.\nThree boxes hold 24 * 3 = 72 muffins.\nThe answer is 72.');
    assert.deepEqual(d.items[2]!.verifier, { dataset: 'gsm8k', id: '0002', reference_answer: 'He needs 90 / 15 = <<90/15=6>>6 days.\n#### 6' });
    assert.equal(d.files[0]!.sha256, sha256Hex(await readFile(join(fixtures, 'gsm8k', 'test.jsonl'))));
  });

  it('ifeval / ifbench: source keys as ids, instruction lists for the verifier, no reference', async () => {
    const ife = await loadDataset(await spec('ifeval'), { ...quiet, dataDir: fixtures });
    assert.deepEqual(ife.items.map((i) => i.id), ['2001', '2002', '2003', '2004']);
    assert.equal(ife.items[2]!.verifier?.dataset, 'ifeval');
    assert.equal(ife.items[2]!.reference, null);
    const ifb = await loadDataset(await spec('ifbench'), { ...quiet, dataDir: fixtures });
    assert.deepEqual(ifb.items.map((i) => i.id), ['9001', '9002', '9003']);
    const v = ifb.items[0]!.verifier;
    assert.ok(v && v.dataset === 'ifbench' && v.instruction_id_list[0] === 'count:keywords_multiple');
  });

  it('mt_bench / vicuna_bench: first turns, GPT-4 references where present, no verifier', async () => {
    const mt = await loadDataset(await spec('mt_bench'), { ...quiet, dataDir: fixtures });
    assert.deepEqual(mt.items.map((i) => [i.id, i.reference !== null]), [['81', false], ['101', true], ['111', true], ['121', false]]);
    assert.equal(mt.items[0]!.question, 'Write a short blog intro about visiting a mountain village.');
    assert.equal(mt.items[0]!.verifier, null);
    const vb = await loadDataset(await spec('vicuna_bench'), { ...quiet, dataDir: fixtures });
    assert.equal(vb.items.find((i) => i.id === '61')!.reference, 'int max_int(int a, int b) { return a > b ? a : b; }');
  });

  it('a local copy whose checksum differs from the pin is used, named and recorded', async () => {
    const d = await loadDataset(await spec('gsm8k'), { cacheDir: '/nonexistent', dataDir: fixtures });
    assert.deepEqual(d.differs, ['gsm8k/test.jsonl']);
    assert.equal(d.files[0]!.sha256, sha256Hex(await readFile(join(fixtures, 'gsm8k', 'test.jsonl'))));
  });

  it('downloads into the cache with a checksum check; a mismatch fails and caches nothing', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'ut-ds-'));
    const body = await readFile(join(fixtures, 'vicuna_bench', 'question.jsonl'));
    const refs = await readFile(join(fixtures, 'vicuna_bench', 'reference_answer_gpt-4.jsonl'));
    const base = await spec('vicuna_bench');
    const pinned: DatasetSpec = { ...base, source: { ...base.source, files: [{ ...base.source.files[0]!, sha256: sha256Hex(body) }, { ...base.source.files[1]!, sha256: sha256Hex(refs) }] } };
    let calls = 0;
    const fetchImpl = (async (url: string) => {
      calls++;
      return new Response(String(url).includes('reference') ? refs : body);
    }) as unknown as typeof fetch;
    const d = await loadDataset(pinned, { cacheDir, fetchImpl });
    assert.equal(d.items.length, 3);
    assert.equal(calls, 2);
    await loadDataset(pinned, { cacheDir, fetchImpl });
    assert.equal(calls, 2, 'second load is served from the download cache');
    const bad: DatasetSpec = { ...base, source: { ...base.source, files: [{ ...base.source.files[0]!, sha256: 'f'.repeat(64) }] } };
    await assert.rejects(loadDataset(bad, { cacheDir: await mkdtemp(join(tmpdir(), 'ut-ds-')), fetchImpl }), /does not match/);
  });
});

describe('seeded subsets and shards', () => {
  const xs = Array.from({ length: 100 }, (_, i) => i);
  it('same seed → same subset, in source order; larger caps are supersets', () => {
    const a = seededSubset(xs, 10, 1);
    assert.deepEqual(a, seededSubset(xs, 10, 1));
    assert.deepEqual([...a].sort((p, q) => p - q), a);
    assert.notDeepEqual(a, seededSubset(xs, 10, 2));
    const b = seededSubset(xs, 20, 1);
    assert.ok(a.every((x) => b.includes(x)));
    assert.deepEqual(seededSubset(xs, null, 1), xs);
  });
  it('shards are disjoint and cover the list', () => {
    const parts = [1, 2, 3].map((i) => shardOf(xs, { index: i, count: 3 }));
    assert.equal(parts.flat().length, 100);
    assert.equal(new Set(parts.flat()).size, 100);
  });
  it('--limit and the suite cap pick the smaller seeded subset', async () => {
    const s = await spec('gsm8k');
    const items = (await loadDataset(s, { ...quiet, dataDir: fixtures })).items;
    assert.equal(selectItems(s, items, 3).length, 3);
    assert.equal(selectItems({ ...s, item_cap: 2 }, items, 3).length, 2);
    assert.equal(selectItems(s, items, null).length, 6);
  });
});

describe('real datasets (USERTURN_DATA_DIR)', { skip: realDir ? false : 'USERTURN_DATA_DIR is not set: real-data loader test skipped (fixtures cover the same code)' }, () => {
  it('loads every item of every public set with checksums matching the suite', async () => {
    const s = await suite();
    const expected: Record<string, number> = { gsm8k: 1319, ifeval: 541, ifbench: 300, mt_bench: 80, vicuna_bench: 80 };
    for (const [id, n] of Object.entries(expected)) {
      const sp = s.datasets.find((d) => d.id === id)!;
      const d = await loadDataset(sp, { cacheDir: '/nonexistent', dataDir: realDir });
      assert.equal(d.items.length, n, id);
      assert.deepEqual(d.differs, [], id);
      assert.equal(new Set(d.items.map((i) => i.id)).size, n);
    }
    const mt = await loadDataset(s.datasets.find((d) => d.id === 'mt_bench')!, { ...quiet, dataDir: realDir });
    assert.equal(mt.items.filter((i) => i.reference !== null).length, 30);
  });
  it('gsm8k references read as answers', () => {
    assert.equal(gsm8kReferenceResponse('a = <<1+1=2>>2\n#### 2'), 'a = 2\nThe answer is 2.');
  });
});

describe('HealthBench (download-only)', () => {
  it('downloads with no pinned checksum, records the actual one, and uses the last user message', async () => {
    const s = await spec('healthbench');
    assert.equal(s.download_only, true);
    assert.equal(s.enabled, false);
    const row = { prompt_id: 'hb-1', prompt: [{ role: 'user', content: 'I have a headache.' }, { role: 'assistant', content: 'How long?' }, { role: 'user', content: 'Two days, and it gets worse in the morning.' }], rubrics: [] };
    const text = `${JSON.stringify(row)}\n`;
    const fetchImpl = (async () => new Response(text)) as unknown as typeof fetch;
    const d = await loadDataset(s, { cacheDir: await mkdtemp(join(tmpdir(), 'ut-hb-')), fetchImpl });
    assert.deepEqual(d.items.map((i) => [i.id, i.question, i.reference, i.verifier]), [['hb-1', 'Two days, and it gets worse in the morning.', null, null]]);
    assert.equal(d.files[0]!.sha256, sha256Hex(text));
  });
});
