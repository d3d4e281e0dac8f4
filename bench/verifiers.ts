/**
 * Verifier throughput: items per second for GSM8K, IFEval and IFBench on real responses (the datasets folder) or,
 * without it, on the project's fixtures; plus the worst single 1 MB response. Not a test.
 *   USERTURN_DATA_DIR=../shared/datasets node bench/verifiers.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentDatasetSpec, itemsFileName, itemsFilePath } from '../runners/datasets/files.ts';
import { parseDataset } from '../runners/datasets/parsers.ts';
import { verify } from '../runners/verifiers/index.ts';
import { scoreResponses } from '../runners/verifiers/score-responses.ts';
import { REPO_ROOT } from '../tests/helpers/cli.ts';

const dir = process.env.USERTURN_DATA_DIR || join(REPO_ROOT, 'tests/fixtures/verifiers/data');
/** A dataset's items, from the file the current suite names for it. */
const itemsOf = (ds: 'gsm8k' | 'ifeval' | 'ifbench') => {
  const spec = currentDatasetSpec(ds);
  return parseDataset(spec, new Map([[itemsFileName(spec), readFileSync(itemsFilePath(dir, spec), 'utf8')]]));
};

function bench(name: string, fn: () => number): void {
  const t0 = performance.now();
  const n = fn();
  const ms = performance.now() - t0;
  console.log(`${name.padEnd(44)} ${String(n).padStart(6)} items  ${ms.toFixed(0).padStart(6)} ms  ${((1000 * n) / ms).toFixed(0).padStart(6)} items/s`);
}

for (const ds of ['gsm8k', 'ifeval', 'ifbench'] as const) {
  const items = itemsOf(ds);
  const responses = items.map((it) => JSON.stringify({ key: it.id, response: `${it.question}\n\nThe answer is 42. **Done**, really.` })).join('\n');
  bench(`${ds}: prompt echoed as response`, () => scoreResponses(responses, 'bench', items).scored.length);
}
try {
  const items = itemsOf('ifbench');
  const text = readFileSync(join(dir, 'ifbench', 'sample_output.jsonl'), 'utf8');
  bench('ifbench: sample_output.jsonl (real responses)', () => scoreResponses(text, 'sample', items).scored.length);
} catch {
  console.log('ifbench sample_output.jsonl not found: set USERTURN_DATA_DIR to the datasets folder');
}
const big = 'The quick brown fox, said Mr. Smith, jumps over 1,234 lazy dogs! Does it? '.repeat(14_000);
for (const ds of ['ifeval', 'ifbench'] as const) {
  const items = itemsOf(ds);
  const ids = [...new Set(items.flatMap((i) => (i.verifier && i.verifier.dataset !== 'gsm8k' ? i.verifier.instruction_id_list : [])))];
  bench(`${ds}: one ~1 MB response, ${ids.length} instruction types`, () => {
    for (const it of items) if (it.verifier) verify(it.verifier, big);
    return items.length;
  });
}
