/**
 * validate reads each dataset's files once per run (runners/validate/datasets-read-once.ts). A HealthBench result was
 * read and hashed twice: once to re-judge its verdicts on the prompts (verdict-recheck.ts), once to check its items
 * (dataset-checks.ts). The reads are counted on node:fs/promises, which the dataset reader uses.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, mock, test } from 'node:test';
import { loadSuites } from '../../../src/data/suites.ts';
import { promptPlaceholder } from '../../../runners/datasets/as-run.ts';
import { loadDataset, selectItems } from '../../../runners/datasets/load.ts';
import { sha256Hex } from '../../../runners/datasets/source.ts';
import { validatePaths } from '../../../runners/validate/validate-files.ts';
import type { ResultSummary, Sample } from '../../../src/schema/index.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const DATA = join(FIXTURES, 'datasets');
const HEALTHBENCH_FILE = join(DATA, 'healthbench', 'healthbench.jsonl');
const ID = 'sim-qwen3.5-0.8b';
let dir: string;

/** The v1 fixture result with a HealthBench dataset added: its mt_bench samples, moved to the suite's chosen items. */
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ut-read-once-'));
  const result = join(dir, 'results', ID);
  cpSync(join(FIXTURES, 'results-v1', ID), result, { recursive: true });
  const summaryFile = join(result, 'summary.json');
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as ResultSummary;
  const spec = loadSuites().find((s) => s.version === summary.provenance.suite_version)!.datasets.find((d) => d.id === 'healthbench')!;
  const mtBench = summary.datasets.find((d) => d.dataset === 'mt_bench')!;
  const chosen = selectItems(spec, (await loadDataset(spec, { dataDir: DATA, cacheDir: dir })).items, mtBench.item_ids.length).map((it) => it.id);
  const itemOf = new Map(mtBench.item_ids.map((id, i) => [id, chosen[i]!]));
  const samples = readFileSync(join(result, 'samples', 'mt_bench.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => {
    const s = JSON.parse(l) as Sample;
    const item = itemOf.get(s.item_id)!;
    return { ...s, id: s.id.replace(s.item_id, item), dataset: 'healthbench', item_id: item, question: promptPlaceholder('healthbench', item) };
  });
  writeFileSync(join(result, 'samples', 'healthbench.jsonl'), `${samples.map((s) => JSON.stringify(s)).join('\n')}\n`);
  summary.datasets.push({ ...structuredClone(mtBench), dataset: 'healthbench', item_ids: chosen });
  summary.provenance.datasets.push({ id: 'healthbench', files: [{ name: 'healthbench.jsonl', sha256: sha256Hex(readFileSync(HEALTHBENCH_FILE)) }] });
  writeFileSync(summaryFile, JSON.stringify(summary));
  rebuildSummary(result);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('validate reads a HealthBench result\'s dataset file once, for both the item check and the prompts of its verdicts', async () => {
  const saved = process.env.USERTURN_DATA_DIR;
  const readFile = mock.method(fsPromises, 'readFile');
  syncBuiltinESMExports();
  try {
    process.env.USERTURN_DATA_DIR = DATA;
    const r = await validatePaths([join(dir, 'results')], dir);
    assert.deepEqual(r.errors, []);
    const reads = readFile.mock.calls.filter((c) => String(c.arguments[0]) === HEALTHBENCH_FILE).length;
    assert.equal(reads, 1);
  } finally {
    readFile.mock.restore();
    syncBuiltinESMExports();
    if (saved === undefined) delete process.env.USERTURN_DATA_DIR;
    else process.env.USERTURN_DATA_DIR = saved;
  }
});
