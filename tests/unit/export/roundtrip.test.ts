import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parse } from 'yaml';
import { SAMPLE_COLUMNS, SUMMARY_COLUMNS } from '../../../runners/export/columns.ts';
import { exportResults } from '../../../runners/export/export.ts';
import { Sample } from '../../../src/schema/index.ts';
import { jsonlRows, twoResults } from '../../helpers/export-fixture.ts';

let root: string;
let dirs: string[];
let out: string;
let db: DuckDBConnection;

before(async () => {
  ({ root, dirs } = twoResults());
  out = join(root, 'export');
  await exportResults(dirs, out);
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
after(() => rmSync(root, { recursive: true, force: true }));

async function readParquet(file: string): Promise<Array<Record<string, unknown>>> {
  const r = await db.runAndReadAll(`SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`);
  return r.getRowObjectsJS() as Array<Record<string, unknown>>;
}

/** A Parquet cell compared as the JSONL value it stands for: JSON text parsed, 64-bit integers as numbers. */
function asJson(cell: unknown, type: string): unknown {
  if (cell === null) return null;
  if (type === 'JSON') return JSON.parse(cell as string);
  if (typeof cell === 'bigint') return Number(cell);
  return cell;
}

test('the sample columns are exactly the fields of a sample line', () => {
  assert.deepEqual(SAMPLE_COLUMNS.map((c) => c.name), Object.keys(Sample.shape));
});

test('every sample read back by DuckDB equals its JSONL row, every column', async () => {
  for (const dataset of ['gsm8k', 'mt_bench']) {
    // Inputs are exported in submission-id order: sim-edge before sim-qwen3.5-0.8b.
    const expected = [...dirs].reverse().flatMap((d) => jsonlRows(join(d, 'samples', `${dataset}.jsonl`)));
    const got = await readParquet(join(out, 'data', `${dataset}.parquet`));
    assert.equal(got.length, expected.length, dataset);
    got.forEach((row, i) => {
      assert.deepEqual(Object.keys(row), SAMPLE_COLUMNS.map((c) => c.name));
      for (const col of SAMPLE_COLUMNS) assert.deepEqual(asJson(row[col.name], col.type), expected[i]![col.name] ?? null, `${dataset} row ${i} ${col.name}`);
    });
  }
});

test('the edge cases survive: nulls, U+2028 and emoji, an error object, an unfinished item', async () => {
  const got = await readParquet(join(out, 'data', 'gsm8k.parquet'));
  assert.equal(got[0]!.seed, null);
  assert.equal(got[0]!.user_turn, 'línea\u2028dos 🙂 "quoted" \\ back');
  assert.deepEqual(JSON.parse(got[1]!.error as string), { stage: 'user_turn', reason: 'timeout after 3 retries' });
  assert.equal(JSON.parse(got[2]!.unfinished as string).reason, 'length');
  assert.equal(typeof got[3]!.seed, 'bigint', 'integers are 64-bit integers, not floats or strings');
  assert.equal(typeof got[3]!.temperature, 'number');
});

/** The value at a documented summary path, resolved here independently of the exporter. */
function at(summary: Record<string, any>, d: Record<string, any>, c: Record<string, any>, path: string): unknown {
  const [base, rest] = path.startsWith('datasets[].conditions[].') ? [c, path.slice(24)] : path.startsWith('datasets[].') ? [d, path.slice(11)] : [summary, path];
  return rest.split('.').reduce<any>((v, k) => (v == null ? null : v[k]), base) ?? null;
}

test('every summary row read back by DuckDB equals summary.json at the documented paths', async () => {
  const expected: Array<Record<string, unknown>> = [];
  for (const dir of [...dirs].reverse()) {
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    for (const d of summary.datasets) for (const c of d.conditions) expected.push(Object.fromEntries(SUMMARY_COLUMNS.map((col) => [col.name, at(summary, d, c, col.path)])));
  }
  const got = await readParquet(join(out, 'data', 'summary.parquet'));
  assert.equal(got.length, expected.length);
  assert.ok(got.length > 0);
  got.forEach((row, i) => {
    for (const col of SUMMARY_COLUMNS) assert.deepEqual(asJson(row[col.name], col.type), expected[i]![col.name], `summary row ${i} ${col.name}`);
  });
  assert.ok(got.some((r) => r.followup !== null && r.accuracy_strict !== null), 'the fixture exercises rates and accuracy');
  // The names asked for, and those the engine answered with: JSON text where the summary records them, null in a result without answered_models.
  const names = (id: string) => [...new Set(got.filter((r) => r.submission_id === id).map((r) => JSON.stringify([r.endpoint_models, r.answered_models])))];
  assert.deepEqual(names('sim-edge'), [JSON.stringify(['["qwen3.5-0.8b"]', '["userturn-sim/restater"]'])]);
  assert.deepEqual(names('sim-qwen3.5-0.8b'), [JSON.stringify(['["userturn-sim/paper-qwen3.5-0.8b"]', null])]);
});

test('the card front matter lists one config per dataset plus summary, each pointing at an existing file', async () => {
  const card = readFileSync(join(out, 'README.md'), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n/.exec(card);
  assert.ok(m, 'README.md starts with YAML front matter');
  const front = parse(m[1]!) as { configs: Array<{ config_name: string; data_files: Array<{ split: string; path: string }> }> };
  assert.deepEqual(front.configs.map((c) => c.config_name), ['gsm8k', 'mt_bench', 'summary']);
  for (const c of front.configs) for (const f of c.data_files) assert.ok(existsSync(join(out, f.path)), f.path);
  for (const col of [...SAMPLE_COLUMNS, ...SUMMARY_COLUMNS]) assert.ok(card.includes(`| \`${col.name}\` |`), `card documents ${col.name}`);
  // The card's DuckDB example runs as written (from the export folder).
  const sql = /```sql\n(?:--.*\n)*([^\n]+)\n```/.exec(card)![1]!.replace(/'data\//, `'${out}/data/`);
  const r = await db.runAndReadAll(sql);
  assert.equal(r.getRowObjectsJS()[0]!.label, 'new_unrelated_query');
});

test('the lm-eval results JSON has the harness keys and the summary rates', () => {
  const lm = JSON.parse(readFileSync(join(out, 'lm_eval', 'sim-qwen3.5-0.8b', 'results.json'), 'utf8'));
  for (const k of ['results', 'groups', 'group_subtasks', 'configs', 'versions', 'n-shot', 'higher_is_better', 'n-samples', 'config', 'git_hash', 'date', 'model_name']) assert.ok(k in lm, k);
  const summary = JSON.parse(readFileSync(join(dirs[0]!, 'summary.json'), 'utf8'));
  const greedy = summary.datasets[0].conditions[0];
  const task = `userturn_${summary.datasets[0].dataset}_${greedy.condition}`;
  assert.equal(lm.results[task]['followup,none'], greedy.followup.value);
  assert.deepEqual(lm['n-samples'][task], { original: greedy.n_samples, effective: greedy.n_judged });
  for (const t of Object.keys(lm.results)) for (const k of ['configs', 'versions', 'n-shot', 'n-samples', 'higher_is_better']) assert.ok(t in lm[k], `${k}.${t}`);
  assert.equal(lm.date, Date.parse(summary.run.started_at) / 1000);
  // Each task's metadata carries the run's provenance, with the names asked for and those the engine answered with (null when not recorded).
  const names = (id: string) => [...new Set(Object.values(JSON.parse(readFileSync(join(out, 'lm_eval', id, 'results.json'), 'utf8')).configs).map((c: any) => JSON.stringify([c.metadata.endpoint_models, c.metadata.answered_models])))];
  assert.deepEqual(names('sim-edge'), ['[["qwen3.5-0.8b"],["userturn-sim/restater"]]']);
  assert.deepEqual(names('sim-qwen3.5-0.8b'), ['[["userturn-sim/paper-qwen3.5-0.8b"],null]']);
});
