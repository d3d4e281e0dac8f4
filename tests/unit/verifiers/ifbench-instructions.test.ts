import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { IFBENCH_CHECKS } from '../../../runners/verifiers/instructions/ifbench/registry.ts';
import { verifyInstructions } from '../../../runners/verifiers/instructions/evaluate.ts';
import { assertCase } from './cases.ts';
import { IFBENCH_CASES, PROMPT } from './ifbench-cases.ts';
import { dataFile } from './data-dir.ts';


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
  let n = 0;
  let unmatched = 0;
  let ps = 0;
  let pl = 0;
  let is = 0;
  let il = 0;
  let it = 0;
  const t0 = performance.now();
  for (const l of readFileSync(sample.path!, 'utf8').split('\n')) {
    if (!l.trim()) continue;
    const o = JSON.parse(l) as { prompt: string; response: string };
    const item = items.get(o.prompt) ?? items.get(o.prompt.trim());
    if (!item) {
      unmatched++;
      continue;
    }
    const s = verifyInstructions('ifbench', item, o.response);
    n++;
    if (s.strict) ps++;
    if (s.loose) pl++;
    for (const i of s.instructions) {
      it++;
      if (i.strict) is++;
      if (i.loose) il++;
    }
  }
  const ms = performance.now() - t0;
  const pct = (x: number, d: number) => ((100 * x) / d).toFixed(2);
  // The one response whose prompt matches no test item counts as not followed, as in a run over all responses.
  const line =
    `IFBench sample_output: ${n} scored (+${unmatched} unmatched prompt); prompt strict ${pct(ps, n)}% (${pct(ps, n + unmatched)}% over ${n + unmatched}), ` +
    `prompt loose ${pct(pl, n)}% (${pct(pl, n + unmatched)}%), instruction strict ${pct(is, it)}%, instruction loose ${pct(il, it)}%; reference 26.2% / 29.9%; ${ms.toFixed(0)} ms`;
  t.diagnostic(line);
  console.log(`# ${line}`);
  assert.ok(Math.abs((100 * ps) / n - 26.2) <= 1 && Math.abs((100 * ps) / (n + unmatched) - 26.2) <= 1, 'prompt strict within 1 point');
  assert.ok(Math.abs((100 * pl) / n - 29.9) <= 1 && Math.abs((100 * pl) / (n + unmatched) - 29.9) <= 1, 'prompt loose within 1 point');
});
