import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CalibrationReport, formatFieldError, parseWith, type ControlRate } from '../../../src/schema/index.ts';
import { rateText } from '../../../src/lib/site/judge-controls.ts';
import { createJudgePanel } from '../../judge/index.ts';
import { blindSetDirs, loadLabelledSet, loadMtBenchPositives, type SetProvenance, MT_BENCH_STANDIN_RESPONSE } from '../../judge/labelled/load.ts';
import { calibrationReport, type LabelledSet } from '../../judge/calibration/report.ts';
import { writeFileAtomic } from '../../results/atomic.ts';
import { loadControls } from '../../judge/controls/load.ts';
import type { ControlSet } from '../../judge/controls/types.ts';
import { loadSuite } from '../../judge/rejudge/load-result.ts';
import { currentSuitePath } from '../../core/defaults.ts';
import { APPROVED_JUDGES_FILE } from '../../../src/lib/data-paths.ts';
import { controlsGate, loadControlThresholds } from '../../community/control-thresholds.ts';
import { InputError, UsageError } from '../../core/errors.ts';
import { shownPath } from '../../core/terminal-text.ts';
import { runCommand } from '../command.ts';
import { CACHE_FLAGS, cacheOf, DATA_DIR_FLAG, dataDirOf, OUT_FLAG, SUITE_FLAG } from '../flags.ts';
import { runHumanCalibration } from '../../annotate/human-cli.ts';

export const summary = 'score judges on labelled user turns (calibration set, MT-Bench second turns); --out feeds the site';

const USAGE = `usage: userturn calibrate [--judge-config FILE]… [--set DIR] [--data-dir DIR] [--suite FILE] [--out FILE] [--cache FILE | --no-cache]

Scores the heuristic judge, and each LLM judge given by --judge-config, on labelled user turns:
  - the project's calibration set (tests/calibration: written for the project, every label, hard cases) and the blind
    sets (tests/judge-sets: written by people who had not seen the rules), or with --set DIR another set in the same
    format instead (e.g. a held-out set kept outside the repository);
  - MT-Bench's human-written second turns as genuine follow-ups, when the MT-Bench data is found
    (--data-dir DIR or USERTURN_DATA_DIR, laid out as DIR/mt_bench/question.jsonl; without either it is skipped).
  - the suite's judge controls (--suite, default the current suite; needs the datasets, found as above): the false-genuine
    rate on the negative control and the recall on the positive control, with Wilson intervals, and whether
    the judge may be primary for a verified result (thresholds in ${APPROVED_JUDGES_FILE}).
Prints accuracy and macro-F1 per judge and set. --out FILE writes the report as JSON (validated, atomic),
e.g. results/calibration.json, which the site's judges page shows.
Exit 0 on success, 1 on bad input (a labelled set or judge config), 2 on usage errors.

       userturn calibrate --human LABELS.jsonl… --batch BATCH.jsonl [--results-root DIR] [--out FILE]
Judge–human agreement on an annotated batch (see userturn annotate, docs/judges.md): inter-annotator kappa, and
for every judge of the results' panel kappa against the human majority label with a bootstrap interval, per-label
precision and recall and the confusion matrix. Writes DIR/calibration/human-<batch>.json (DIR: --results-root,
else USERTURN_RESULTS_DIR, else results/). A labels file of another batch or taxonomy, or with an unknown label,
is refused and nothing is written.`;

/** What a reader of the judges page needs to weigh a judge's figure on a blind set: which figures are blind. */
function blindSetDescription(p: SetProvenance): string {
  const written = `User turns written and labelled on ${p.written} by someone who had not seen the heuristic rules or the other sets.`;
  if (p.seen_by.length === 0) return `${written} No judge's authors have seen it since: every figure here is a blind measure.`;
  return `${written} Since then the authors of ${p.seen_by.join(', ')} developed on it or saw some of its items: their figures here flatter them. Every other figure is a blind measure.`;
}

function sets(setDir: string | undefined, dataDir: string | undefined): LabelledSet[] {
  const out: LabelledSet[] = [
    setDir
      ? { id: 'labelled-set', title: `Labelled set ${setDir}`, description: `User turns labelled by hand, read from ${setDir}.`, items: loadLabelledSet(resolve(setDir)) }
      : {
          id: 'calibration',
          title: 'Calibration set',
          description: 'User turns written and labelled for the project (25 or more per label; math, instruction following and conversation; hard cases included). The heuristic rules were developed on this set, so its figures flatter them.',
          items: loadLabelledSet(),
        },
  ];
  if (setDir) return out;
  for (const { name, dir, provenance } of blindSetDirs()) {
    out.push({ id: name.replace(/[^a-z0-9_-]/g, '_'), title: `Blind set ${name}`, description: blindSetDescription(provenance), items: loadLabelledSet(dir) });
  }
  const mt = dataDir ? loadMtBenchPositives(join(dataDir, 'mt_bench')) : null;
  // Paths (a set's folder, the data folder, --out) are the user's and may hold anything a file name can: escaped, one line.
  if (!dataDir) console.log('MT-Bench second turns: skipped (no --data-dir or USERTURN_DATA_DIR: pass --data-dir DIR with DIR/mt_bench/question.jsonl)');
  else if (!mt) console.log(`MT-Bench second turns: skipped (no ${shownPath(join(dataDir, 'mt_bench', 'question.jsonl'))})`);
  else {
    out.push({
      id: 'mt_bench_second_turns',
      title: 'MT-Bench human second turns',
      description: `The 80 human-written second turns of MT-Bench, which are real follow-ups to the first turn. The assistant turn is GPT-4's reference answer where one exists, else the fixed stand-in "${MT_BENCH_STANDIN_RESPONSE}". Recall of genuine_followup is the figure.`,
      items: mt,
    });
  }
  return out;
}

/** Whether a calibration report already at `path` carries judge-control figures (unreadable files: no). */
function holdsControls(path: string): boolean {
  try {
    const old = CalibrationReport.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return old.success && old.data.judges.some((j) => j.controls);
  } catch {
    return false;
  }
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

const OPTIONS = {
  'judge-config': { type: 'string', multiple: true },
  set: { type: 'string' },
  human: { type: 'boolean' },
  batch: { type: 'string' },
  'results-root': { type: 'string' },
  ...DATA_DIR_FLAG,
  ...SUITE_FLAG,
  ...OUT_FLAG,
  ...CACHE_FLAGS,
} as const;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    if (values.human) return runHumanCalibration(positionals, { batch: values.batch, resultsRoot: values['results-root'], out: values.out });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const cachePath = cacheOf(values);
    const dataDir = dataDirOf(values);
    let labelled: LabelledSet[];
    try {
      labelled = sets(values.set, dataDir);
    } catch (e) {
      // The loaders name the file and field of a bad labelled set in their message.
      throw new InputError((e as Error).message);
    }
    const suite = await loadSuite(values.suite ?? currentSuitePath());
    let controls: ControlSet | null = null;
    if (!dataDir) console.log('judge controls: skipped (no --data-dir or USERTURN_DATA_DIR: the controls are built from the datasets; pass --data-dir DIR)');
    else {
      try {
        controls = await loadControls(suite, resolve(dataDir));
      } catch (e) {
        throw new InputError((e as Error).message);
      }
      if (!controls) console.log(`judge controls: skipped (suite ${suite.id} v${suite.version} defines no judge_controls)`);
    }
    const thresholds = await loadControlThresholds();
    const judges = await createJudgePanel({ judgeConfigs: values['judge-config'] ?? [], includeHeuristic: true, cachePath });
    const report = await calibrationReport(
      judges,
      labelled,
      controls && suite.judge_controls ? { set: controls, meta: { suite_id: suite.id, suite_version: suite.version, seed: suite.judge_controls.seed, confidence: suite.judge_controls.confidence } } : null,
    );
    for (const j of report.judges) {
      for (const s of j.sets) {
        const fu = s.per_label.find((l) => l.label === 'genuine_followup');
        const figure = s.macro_f1 === null ? `recall of genuine_followup ${pct(fu?.recall ?? null)}` : `macro-F1 ${pct(s.macro_f1)}`;
        console.log(`${j.judge.id.padEnd(32)} ${shownPath(s.title).padEnd(30)} n=${String(s.n).padEnd(5)} accuracy ${pct(s.accuracy).padEnd(7)} ${figure}${s.judge_errors ? `, ${s.judge_errors} judge errors` : ''}`);
      }
    }
    for (const j of report.judges) {
      if (!j.controls) continue;
      const c = j.controls;
      const r = (x: ControlRate) => `${rateText(x)} (${x.hits}/${x.n})`;
      console.log(`${j.judge.id.padEnd(32)} judge controls: false-genuine ${r(c.false_genuine)}, positive recall ${r(c.positive_recall)}`);
      for (const d of c.negative_by_dataset) console.log(`${''.padEnd(32)}   ${d.dataset.padEnd(13)} false-genuine ${r(d.false_genuine)}`);
      if (thresholds) {
        const gate = controlsGate(c, thresholds);
        console.log(`${''.padEnd(32)}   ${gate.ok ? 'may be primary for a verified result (controls)' : `cannot be primary for a verified result: ${gate.reason}`}`);
      }
    }
    if (values.out && !report.judges.some((j) => j.controls) && holdsControls(values.out)) {
      // Overwriting it would silently drop the control figures, and with them every result's verified mark.
      throw new InputError(`${values.out}: judges: the existing report has judge-control figures and this run has none (no --data-dir or USERTURN_DATA_DIR): pass --data-dir DIR, or write to another --out`);
    }
    if (values.out) {
      const checked = parseWith(CalibrationReport, report, values.out);
      if (!checked.ok) throw new Error(`calibration report failed its own schema: ${checked.errors.map(formatFieldError).join('; ')}`);
      await writeFileAtomic(values.out, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`wrote ${shownPath(values.out)}`);
    }
    return 0;
  });
}
