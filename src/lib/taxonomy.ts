/**
 * The taxonomy files (benchmark/taxonomy/v<N>.yaml), parsed the same way for the judge prompt builder and the
 * site's build, so both show the same definitions. Pure: each side reads the file and passes its content here.
 */
import { LABELS, TaxonomyFile, formatFieldError, parseWith, type Label } from '../schema/index.ts';

/** Each label's definition in a taxonomy file's content; throws naming the file and the field. */
export function labelDefinitions(data: unknown, file: string, version: number): Record<Label, string> {
  const r = parseWith(TaxonomyFile, data, file);
  if (!r.ok) throw new Error(r.errors.map(formatFieldError).join('\n'));
  if (r.value.version !== version) throw new Error(`${file}: version: says ${r.value.version}, expected ${version}`);
  return Object.fromEntries(LABELS.map((l) => [l, r.value.labels[l].definition])) as Record<Label, string>;
}

/** The definitions as the site prints them, as sentences (the judge reads them after "- label: "). */
export function asSentences(defs: Record<Label, string>): Record<Label, string> {
  return Object.fromEntries(LABELS.map((l) => [l, defs[l].charAt(0).toUpperCase() + defs[l].slice(1)])) as Record<Label, string>;
}
