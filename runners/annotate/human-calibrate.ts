import { join } from 'node:path';
import { ANNOTATION_FORMAT, HumanAgreementReport, type BatchItem } from '../../src/schema/annotation.ts';
import { formatFieldError, parseWith, type FieldError } from '../../src/schema/errors.ts';
import type { Sample } from '../../src/schema/sample.ts';
import type { JudgeStamp, Verdict } from '../../src/schema/verdict.ts';
import { humanAgreement, type PanelJudgeVerdicts } from '../../src/lib/agreement/human-agreement.ts';
import { DEFAULT_KAPPA_BOOTSTRAP } from '../../src/lib/agreement/kappa-interval.ts';
import { loadStoredResult, ResultLoadError } from '../judge/rejudge/load-result.ts';
import { writeFileAtomic } from '../results/atomic.ts';
import { AnnotationFileError, readBatch, sampleRef, sha256 } from './batch-file.ts';
import { readLabels, type LabelsFile } from './labels-file.ts';

export interface HumanCalibrateOptions {
  labelsFiles: string[];
  batchFile: string;
  /** Folder holding results/<id>/ for every source of the batch. */
  resultsRoot: string;
  /** Default: <resultsRoot>/calibration/human-<first 12 hex of the batch hash>.json */
  out?: string;
  log?: (line: string) => void;
}

/**
 * `userturn calibrate --human`: judge–human agreement on one annotated batch. Everything is read and checked
 * before anything is written: a refused labels file, a changed result or a missing sample leaves no file behind.
 * Returns the path written; throws AnnotationFileError / ResultLoadError (file and field) on bad input.
 */
export async function humanCalibrate(opts: HumanCalibrateOptions): Promise<{ out: string; report: HumanAgreementReport }> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const { header, items } = await readBatch(opts.batchFile);
  const itemIds = new Set(items.map((i) => i.id));
  const labels: LabelsFile[] = [];
  const errors: FieldError[] = [];
  for (const f of opts.labelsFiles) {
    try {
      labels.push(await readLabels(f, { batch_sha256: header.batch_sha256, itemIds }));
    } catch (e) {
      if (e instanceof AnnotationFileError) errors.push(...e.errors);
      else throw e;
    }
  }
  const byAnnotator = new Map<string, string>();
  for (const l of labels) {
    const prev = byAnnotator.get(l.header.annotator);
    if (prev) errors.push({ file: l.file, field: 'annotator', message: `"${l.header.annotator}" also labelled ${prev}: one file per annotator` });
    byAnnotator.set(l.header.annotator, l.file);
  }
  if (errors.length) throw new AnnotationFileError(errors);

  // Find every item's stored sample again by its blinded reference, and check its text is what was annotated.
  const byRef = new Map<string, Sample>();
  const stamps = new Map<string, JudgeStamp>();
  for (const src of header.sources) {
    const dir = join(opts.resultsRoot, src.submission_id);
    const r = await loadStoredResult(dir);
    if (sha256(r.summaryText) !== src.summary_sha256) log(`note: ${dir}/summary.json changed since the batch was drawn (e.g. rejudged); items are matched by reference and text`);
    for (const j of r.summary.provenance.judges) if (!stamps.has(j.id)) stamps.set(j.id, j);
    for (const [ds, samples] of r.samples) for (const s of samples) byRef.set(sampleRef(src.submission_id, ds, s.id), s);
  }
  const verdictsOf = new Map<string, Verdict[]>();
  for (const it of items) {
    const s = byRef.get(it.ref);
    const where = `${opts.batchFile}: item ${it.id}`;
    if (!s) errors.push({ file: where, field: 'ref', message: `no stored sample under ${opts.resultsRoot} has this reference (were the results redrawn?)` });
    else if (!sameText(s, it)) errors.push({ file: where, field: 'user_turn', message: 'the stored sample differs from the annotated text (question, answer or user turn changed)' });
    else verdictsOf.set(it.id, s.verdicts);
  }
  if (errors.length) throw new AnnotationFileError(errors);

  const judges: PanelJudgeVerdicts[] = [...stamps.values()].map((stamp) => ({
    stamp,
    verdicts: new Map(items.flatMap((it) => {
      const v = verdictsOf.get(it.id)?.find((x) => x.judge === stamp.id);
      return v ? [[it.id, v] as const] : [];
    })),
  }));
  const computed = humanAgreement(items.map((i) => i.id), labels.map((l) => ({ id: l.header.annotator, labels: l.labels })), judges, DEFAULT_KAPPA_BOOTSTRAP);
  const report: HumanAgreementReport = {
    kind: 'human-agreement',
    format: ANNOTATION_FORMAT,
    taxonomy_version: header.taxonomy_version,
    batch: { sha256: header.batch_sha256, n_items: header.n, seed: header.seed },
    date: labels.map((l) => l.header.exported_at).sort().at(-1)!.slice(0, 10),
    bootstrap: { replicates: DEFAULT_KAPPA_BOOTSTRAP.replicates, seed: DEFAULT_KAPPA_BOOTSTRAP.seed },
    ...computed,
  };
  const checked = parseWith(HumanAgreementReport, report, 'human agreement report');
  if (!checked.ok) throw new Error(`human agreement report failed its own schema: ${checked.errors.map(formatFieldError).join('; ')}`);
  const out = opts.out ?? join(opts.resultsRoot, 'calibration', `human-${header.batch_sha256.slice(0, 12)}.json`);
  await writeFileAtomic(out, `${JSON.stringify(report, null, 2)}\n`);
  return { out, report };
}

const sameText = (s: Sample, it: BatchItem): boolean => s.question === it.question && s.response === it.response && s.user_turn === it.user_turn;

export { AnnotationFileError, ResultLoadError };
