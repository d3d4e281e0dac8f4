/** The label definitions of a taxonomy version, read at build time (benchmark/taxonomy/, parsed by src/lib/taxonomy.ts). */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { taxonomyFile } from '../lib/data-paths.ts';
import { benchmarkFile } from './paths.ts';
import { asSentences, labelDefinitions } from '../lib/taxonomy.ts';
import type { Label } from '../schema/index.ts';

/** What each label means, as the methodology and annotation pages print it; throws naming the file and field. */
export function loadLabelMeanings(version: number): Record<Label, string> {
  const file = taxonomyFile(version);
  return asSentences(labelDefinitions(parse(readFileSync(benchmarkFile(file), 'utf8')), file, version));
}
