import { LabelLine, LabelsHeader, type HumanLabel, type LabelsHeader as LabelsHeaderT } from '../../src/schema/annotation.ts';
import { parseWith, type FieldError } from '../../src/schema/errors.ts';
import { TAXONOMY_VERSION } from '../../src/schema/taxonomy.ts';
import { AnnotationFileError, readJsonLines } from './batch-file.ts';

export interface LabelsFile {
  file: string;
  header: LabelsHeaderT;
  labels: Map<string, HumanLabel>;
}

/**
 * Read one annotator's labels and check them against the batch they claim to label: the taxonomy version, the
 * batch hash and every item id must match, every label must be in the taxonomy (or "unsure"). Any problem refuses
 * the whole file (AnnotationFileError naming file, line and field): a partly read labels file would skew kappa.
 */
export async function readLabels(file: string, batch: { batch_sha256: string; itemIds: ReadonlySet<string> }): Promise<LabelsFile> {
  const lines = await readJsonLines(file);
  const h = parseWith(LabelsHeader, lines[0]!.data, `${file}:${lines[0]!.line}`);
  if (!h.ok) throw new AnnotationFileError(h.errors);
  const errors: FieldError[] = [];
  const where = `${file}:${lines[0]!.line}`;
  if (h.value.taxonomy_version !== TAXONOMY_VERSION) {
    errors.push({ file: where, field: 'taxonomy_version', message: `is ${h.value.taxonomy_version}, but these labels are scored against taxonomy v${TAXONOMY_VERSION}` });
  }
  if (h.value.batch_sha256 !== batch.batch_sha256) {
    errors.push({ file: where, field: 'batch_sha256', message: `is ${h.value.batch_sha256}, but the batch given with --batch hashes to ${batch.batch_sha256}: these labels belong to another batch` });
  }
  const labels = new Map<string, HumanLabel>();
  for (const { line, data } of lines.slice(1)) {
    const r = parseWith(LabelLine, data, `${file}:${line}`);
    if (!r.ok) {
      errors.push(...r.errors);
      continue;
    }
    if (!batch.itemIds.has(r.value.item)) errors.push({ file: `${file}:${line}`, field: 'item', message: `"${r.value.item}" is not an item of the batch` });
    else if (labels.has(r.value.item)) errors.push({ file: `${file}:${line}`, field: 'item', message: `"${r.value.item}" is labelled twice` });
    else labels.set(r.value.item, r.value.label);
  }
  if (errors.length) throw new AnnotationFileError(errors);
  return { file, header: h.value, labels };
}
