import { CURRENT_SUITE_HELP, currentSuitePath } from '../../core/defaults.ts';
import { rejudgeResult, type JudgeReport, type PanelJudge, type PanelPlace } from '../../judge/rejudge/rejudge.ts';
import { intFlag } from '../../core/args.ts';
import { UsageError } from '../../core/errors.ts';
import { shownPath, terminalText } from '../../core/terminal-text.ts';
import { runCommand } from '../command.ts';
import { CACHE_FLAGS, cacheOf, DATA_DIR_FLAG, dataDirOf, JUDGE_FLAGS, judgeConfigsOf, SUITE_FLAG } from '../flags.ts';
import { judgeFromFlags } from '../judge-flags.ts';
import { holdingResultFolder } from '../../results/folder-lock.ts';
import { statSync } from 'node:fs';

export const summary = 'relabel the stored samples of results/<id> with another judge (no generation); rebuilds the summary';

const USAGE = `usage: userturn rejudge results/<id> [--judge heuristic | --judge-config FILE.yaml…] [--as primary|cross-check]
                       [--only] [--suite FILE] [--data-dir DIR] [--concurrency N] [--cache FILE | --no-cache]

Relabels every stored user turn of a finished result with one judge (or a panel), without regenerating anything:
only verdicts change in samples/*.jsonl, and summary.json is rebuilt from the samples (rates, label counts, judge
agreement, provenance judges). Samples whose generation failed are left as they are. Every judge's verdicts are asked
before anything is written; then each file is replaced atomically, summary last. A second run with the same judge
changes nothing ("no change").

  --judge heuristic     the offline rule-based judge (default)
  --judge-config FILE   an LLM judge config (see docs/judges.md); repeatable for a panel: the first takes the
                        place given by --as / --only, the others are added after it as cross-checks, in order
  --as primary          the judge becomes the primary judge (its labels make the rates); default for a new judge
  --as cross-check      the judge is added to the panel after the others (agreement only)
                        (default for a judge already in the panel: it keeps its place)
  --only                drop the other judges' verdicts: the panel becomes this judge alone
  --suite FILE          suite the result was produced with (default ${CURRENT_SUITE_HELP}; id and version must match)
  --data-dir DIR        local datasets laid out as DIR/<dataset>/<file> (default USERTURN_DATA_DIR): the prompts of
                        download-only datasets (HealthBench), which samples do not hold; the files must be the ones
                        the run read (the sha-256s in provenance). Nothing is downloaded. A result with such samples
                        is refused without them: the judge would see a placeholder where the run's judge saw the prompt
  --concurrency N       verdicts in flight for an LLM judge (default 4)
  --cache FILE          verdict cache for LLM judges (default $USERTURN_CACHE_DIR/requests.sqlite)
  --no-cache            do not read or write the verdict cache (a rerun then asks the judge again)

Exit 0 when done (also when nothing changed), 1 when any verdict is a judge_error (they are recorded and
counted, never used in rates), the result is invalid, a judge config is invalid, the prompts of a download-only
dataset are not at hand, the verdict cache cannot be written or a judge's endpoint cannot be used (no connection,
or HTTP 401/403/404; nothing is then written, and the error names the judge's config), 2 on usage errors.
A panel (several --judge-config) is all or nothing: when one of its judges fails (exit 1) or the command is stopped
(Ctrl-C, SIGTERM), the result is left as it was; the verdicts already given are in the verdict cache, so a rerun
does not ask for them again.`;

const OPTIONS = { as: { type: 'string' }, only: { type: 'boolean' }, concurrency: { type: 'string' }, ...JUDGE_FLAGS, ...SUITE_FLAG, ...DATA_DIR_FLAG, ...CACHE_FLAGS } as const;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('give exactly one result folder, e.g. results/qwen3.5-9b');
    const configs = judgeConfigsOf(values);
    const cachePath = cacheOf(values);
    if (values.as !== undefined && values.as !== 'primary' && values.as !== 'cross-check') throw new UsageError(`--as must be primary or cross-check, got "${values.as}"`);
    if (values.only && values.as === 'cross-check') throw new UsageError('--only makes the judge the only (primary) judge; --as cross-check contradicts it');
    const concurrency = intFlag('concurrency', values.concurrency, 4);

    // A panel (several --judge-config): the first as asked, the rest as cross-checks; all asked before anything is written.
    const judges: PanelJudge[] = [];
    for (const [i, judgeConfig] of (configs.length > 0 ? configs : [undefined]).entries()) {
      const judge = await judgeFromFlags(judgeConfig, cachePath);
      judges.push({
        judge,
        name: judgeConfig ?? 'heuristic',
        place: i === 0 ? ((values.as as PanelPlace | undefined) ?? 'keep') : 'cross-check',
        only: i === 0 && values.only === true,
        concurrency: judge.stamp.kind === 'heuristic' ? 1 : concurrency,
      });
    }

    // It rewrites the folder a run (or another rejudge) may be writing; a folder that is not there is reported below.
    const work = () => rejudgeAll(positionals[0]!, judges, values);
    return statSync(positionals[0]!, { throwIfNoEntry: false })?.isDirectory()
      ? holdingResultFolder(positionals[0]!, { command: 'rejudge', hint: 'wait for it, then rejudge', log: (m) => console.error(terminalText(m)) }, work)
      : work();
  });
}

async function rejudgeAll(resultDir: string, judges: PanelJudge[], values: { suite?: string; 'data-dir'?: string }): Promise<number> {
  const report = await rejudgeResult({ resultDir, suitePath: values.suite ?? currentSuitePath(), judges, dataDir: dataDirOf(values) });
  const total = (f: (j: JudgeReport) => number) => report.judges.reduce((n, j) => n + f(j), 0);
  if (report.judges.length > 1) for (const j of report.judges) console.log(`judged by ${j.stamp.id}: ${j.judged} labelled, ${j.judgeErrors} judge error(s)`);
  const panel = report.panel.map((j, k) => (k === 0 ? `${j.id} (primary)` : j.id)).join(', ');
  console.log(
    `${report.changed ? 'updated' : 'no change'}: ${shownPath(resultDir)} — ${total((j) => j.judged)} labelled, ${total((j) => j.judgeErrors)} judge error(s), ${report.skippedErrors} failed generation(s) skipped; panel: ${panel}`,
  );
  return total((j) => j.judgeErrors) > 0 ? 1 : 0;
}
