import { resolve } from 'node:path';
import type { HumanAgreementReport } from '../../src/schema/annotation.ts';
import { InputError, UsageError } from '../core/errors.ts';
import { shownPath } from '../core/terminal-text.ts';
import { ResultLoadError } from '../judge/rejudge/load-result.ts';
import { AnnotationFileError } from './batch-file.ts';
import { humanCalibrate } from './human-calibrate.ts';

const k = (x: number | null): string => (x === null ? '—' : x.toFixed(3));

/** The `calibrate --human` branch: reads, checks, computes, writes; prints one line per judge. Exit code 0; failures are thrown. */
export async function runHumanCalibration(labelsFiles: string[], flags: { batch?: string; resultsRoot?: string; out?: string }): Promise<number> {
  if (!flags.batch) throw new UsageError('calibrate --human: --batch FILE (the batch the labels belong to) is required');
  if (labelsFiles.length === 0) throw new UsageError('calibrate --human: give at least one labels file (exported from the /annotate/ page)');
  const resultsRoot = resolve(flags.resultsRoot ?? (process.env.USERTURN_RESULTS_DIR || 'results'));
  let r: { out: string; report: HumanAgreementReport };
  try {
    r = await humanCalibrate({ labelsFiles, batchFile: flags.batch, resultsRoot, out: flags.out });
  } catch (e) {
    if (e instanceof AnnotationFileError || e instanceof ResultLoadError) throw new InputError(`calibrate --human: refused, nothing written:\n${e.message}`);
    throw e;
  }
  const rep = r.report;
  console.log(`batch ${rep.batch.sha256.slice(0, 12)}: ${rep.batch.n_items} items, ${rep.annotators.length} annotator(s); human majority on ${rep.majority.items} items (${rep.majority.ties} ties, ${rep.majority.unlabelled} unlabelled)`);
  if (rep.inter_annotator) console.log(`inter-annotator Fleiss κ ${k(rep.inter_annotator.fleiss.kappa)} [${k(rep.inter_annotator.fleiss.lo)}, ${k(rep.inter_annotator.fleiss.hi)}] over ${rep.inter_annotator.fleiss.n} items`);
  for (const j of rep.judges) console.log(`${j.judge.id.padEnd(32)} n=${String(j.n).padEnd(5)} κ ${k(j.kappa.kappa)} [${k(j.kappa.lo)}, ${k(j.kappa.hi)}] agreement ${k(j.kappa.percent)}`);
  console.log(`wrote ${shownPath(r.out)}`);
  return 0;
}
