/**
 * Dataset file names have one home: the suite's dataset entry (`source.files`). The first file holds the items;
 * a second, where a dataset has one (MT-Bench, Vicuna), holds reference answers. Parsers take the files in that
 * order; tools with no --suite (score, the simulator, the verifier bench) ask the current suite for the names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Suite, formatFieldError, parseWith, type DatasetId, type DatasetSpec } from '../../src/schema/index.ts';
import { currentSuitePath } from '../core/defaults.ts';

/** The name of the file that holds a dataset's items. */
export const itemsFileName = (spec: DatasetSpec): string => spec.source.files[0]!.name;

/** Where a dataset's items file lies in a datasets folder (--data-dir, USERTURN_DATA_DIR): DIR/<id>/<name>. */
export const itemsFilePath = (dataDir: string, spec: DatasetSpec): string => join(dataDir, spec.id, itemsFileName(spec));

/** The current suite (the highest v<N>.yaml), for tools with no --suite; throws naming the suite file and the field. */
export function currentSuite(): { file: string; suite: Suite } {
  const file = currentSuitePath();
  const r = parseWith(Suite, parse(readFileSync(file, 'utf8')), file);
  if (!r.ok) throw new Error(r.errors.map(formatFieldError).join('\n'));
  return { file, suite: r.value };
}

/** The current suite's entry for a dataset; throws naming the suite file and the field. */
export function currentDatasetSpec(id: DatasetId): DatasetSpec {
  const { file, suite } = currentSuite();
  const spec = suite.datasets.find((d) => d.id === id);
  if (!spec) throw new Error(`${file}: datasets: no entry for "${id}"`);
  return spec;
}
