import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { IFBENCH_CHECKS } from '../../../runners/verifiers/instructions/ifbench/registry.ts';
import { verifyInstructions } from '../../../runners/verifiers/instructions/evaluate.ts';
import { aggregate } from '../../../runners/verifiers/aggregate.ts';
import type { ItemScore } from '../../../src/schema/index.ts';
import { assertCase } from '../../helpers/verifier-cases.ts';
import { IFBENCH_CASES, PROMPT } from '../../helpers/ifbench-cases.ts';
import { dataFile } from '../../helpers/verifier-data-dir.ts';


test('ifbench: every one of the 58 instruction types has a passing and a failing case', () => {
  const covered = new Set(IFBENCH_CASES.map((c) => c.id));
  assert.equal(Object.keys(IFBENCH_CHECKS).length, 58);
  for (const id of Object.keys(IFBENCH_CHECKS)) assert.ok(covered.has(id), `no case for ${id}`);
});

for (const c of IFBENCH_CASES) test(`ifbench ${c.id}: follows / does not follow ${JSON.stringify(c.kwargs ?? {}).slice(0, 60)}`, () => assertCase('ifbench', { prompt: PROMPT, ...c }));

const test_ = dataFile('ifbench/IFBench_test.jsonl');
const sample = dataFile('ifbench/sample_output.jsonl');

interface Row {
  prompt: string;
  instruction_id_list: string[];
  kwargs: Array<Record<string, unknown>>;
}

test('ifbench real data: every instruction id of IFBench_test.jsonl is implemented', { skip: test_.skip }, () => {
  const rows = readFileSync(test_.path!, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Row);
  assert.equal(rows.length, 300);
  const ids = new Set(rows.flatMap((r) => r.instruction_id_list));
  assert.equal(ids.size, 58);
  for (const id of ids) assert.ok(id in IFBENCH_CHECKS, `missing ${id}`);
});

test('ifbench real data: sample_output.jsonl prompt-level strict/loose within 1 point of the reference (26.2% / 29.9%)', { skip: test_.skip || sample.skip }, (t) => {
  const items = new Map<string, Row>();
  for (const l of readFileSync(test_.path!, 'utf8').split('\n')) {
    if (!l.trim()) continue;
    const r = JSON.parse(l) as Row;
    items.set(r.prompt, r);
    items.set(r.prompt.trim(), r);
  }
  let unmatched = 0;
  const scores: ItemScore[] = [];
  const t0 = performance.now();
  for (const l of readFileSync(sample.path!, 'utf8').split('\n')) {
    if (!l.trim()) continue;
    const o = JSON.parse(l) as { prompt: string; response: string };
    const item = items.get(o.prompt) ?? items.get(o.prompt.trim());
    if (!item) {
      unmatched++;
      continue;
    }
    scores.push(verifyInstructions('ifbench', item, o.response));
  }
  // The aggregation `userturn score` prints.
  const agg = aggregate(scores);
  const n = agg.n;
  const ps = agg.prompt_strict * n;
  const pl = agg.prompt_loose * n;
  const ms = performance.now() - t0;
  const pct = (x: number, d: number) => ((100 * x) / d).toFixed(2);
  // The one response whose prompt matches no test item counts as not followed, as in a run over all responses.
  const line =
    `IFBench sample_output: ${n} scored (+${unmatched} unmatched prompt); prompt strict ${pct(ps, n)}% (${pct(ps, n + unmatched)}% over ${n + unmatched}), ` +
    `prompt loose ${pct(pl, n)}% (${pct(pl, n + unmatched)}%), instruction strict ${(100 * agg.instruction_strict).toFixed(2)}%, instruction loose ${(100 * agg.instruction_loose).toFixed(2)}%; reference 26.2% / 29.9%; ${ms.toFixed(0)} ms`;
  t.diagnostic(line);
  console.log(`# ${line}`);
  assert.ok(Math.abs((100 * ps) / n - 26.2) <= 1 && Math.abs((100 * ps) / (n + unmatched) - 26.2) <= 1, 'prompt strict within 1 point');
  assert.ok(Math.abs((100 * pl) / n - 29.9) <= 1 && Math.abs((100 * pl) / (n + unmatched) - 29.9) <= 1, 'prompt loose within 1 point');
});
