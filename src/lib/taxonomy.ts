/**
 * The reader of the taxonomy files (benchmark/taxonomy/v<N>.yaml), for the judge prompt builder and the site's
 * build alike, so both show the same definitions. Node only: browser code gets the texts as props.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { LABELS, TaxonomyFile, formatFieldError, parseWith, type Label } from '../schema/index.ts';
import { taxonomyFile } from './data-paths.ts';

/** Each label's definition in taxonomy `version`, read from the repository at `root`; throws naming file and field. */
export function labelDefinitions(version: number, root = '.'): Record<Label, string> {
  const file = taxonomyFile(version);
  let data: unknown;
  try {
    data = parse(readFileSync(join(root, file), 'utf8'));
  } catch (e) {
    throw new Error(`${file}: (root): ${(e as Error).message.split('\n')[0]}`);
  }
  const r = parseWith(TaxonomyFile, data, file);
  if (!r.ok) throw new Error(r.errors.map(formatFieldError).join('\n'));
  if (r.value.version !== version) throw new Error(`${file}: version: says ${r.value.version}, expected ${version}`);
  return Object.fromEntries(LABELS.map((l) => [l, r.value.labels[l].definition])) as Record<Label, string>;
}

/** The definitions as the site prints them, as sentences (the judge reads them after "- label: "). */
export function labelMeanings(version: number, root = '.'): Record<Label, string> {
  const defs = labelDefinitions(version, root);
  return Object.fromEntries(LABELS.map((l) => [l, defs[l].charAt(0).toUpperCase() + defs[l].slice(1)])) as Record<Label, string>;
}
