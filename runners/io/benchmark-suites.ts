import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SUITES_DIR, suiteNameMismatch, suiteVersionOfName } from '../../src/lib/data-paths.ts';
import { suiteDatasets, type SuiteDatasets } from '../../src/lib/result-datasets.ts';
import { Suite, formatFieldError, parseWith, type FieldError } from '../../src/schema/index.ts';
import { benchmarkPath } from '../core/defaults.ts';
import { InputError } from '../core/errors.ts';
import { loadDocument } from './load-document.ts';

/**
 * Every suite version of the benchmark folder (benchmark/suites, or USERTURN_BENCHMARK_DIR/suites), each file
 * named v<N>.yaml after its `version`; problems are returned, not thrown, so validate can list them with the rest.
 */
export async function readBenchmarkSuites(dir = benchmarkPath(SUITES_DIR)): Promise<{ suites: Suite[]; errors: FieldError[] }> {
  const suites: Suite[] = [];
  const errors: FieldError[] = [];
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => suiteVersionOfName(n) !== null).sort();
  } catch (e) {
    return { suites, errors: [{ file: dir, field: '(file)', message: `cannot read the suites folder: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` }] };
  }
  for (const name of names) {
    const file = join(dir, name);
    const doc = await loadDocument(file);
    if (!doc.ok) {
      errors.push({ file, field: '(file)', message: doc.message });
      continue;
    }
    const r = parseWith(Suite, doc.data, file);
    const misnamed = r.ok ? suiteNameMismatch(name, r.value.version) : null;
    if (!r.ok) errors.push(...r.errors);
    else if (misnamed) errors.push({ file, field: 'version', message: misnamed });
    else suites.push(r.value);
  }
  return { suites: suites.sort((a, b) => a.version - b.version), errors };
}

/** The dataset ids of every suite version, for checking results (src/lib/result-datasets.ts); a broken suite is bad input. */
export async function benchmarkSuiteDatasets(dir?: string): Promise<SuiteDatasets> {
  const { suites, errors } = await readBenchmarkSuites(dir);
  if (errors.length > 0) throw new InputError(errors.map(formatFieldError).join('\n'));
  return suiteDatasets(suites);
}
