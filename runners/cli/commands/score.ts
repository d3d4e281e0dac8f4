import { readFileSync, writeFileSync } from 'node:fs';
import { currentDatasetSpec, itemsFileName, itemsFilePath } from '../../datasets/files.ts';
import { parseDataset } from '../../datasets/parsers.ts';
import { jsonLine } from '../../../src/lib/io/jsonl.ts';
import { aggregate, perItemRecord, type Aggregates } from '../../verifiers/aggregate.ts';
import { scoreResponses } from '../../verifiers/score-responses.ts';
import { FileSystemError, InputError, UsageError } from '../../core/errors.ts';
import { oneLine, shownPath } from '../../core/terminal-text.ts';
import { runCommand } from '../command.ts';
import { DATA_DIR_FLAG, dataDirOf } from '../flags.ts';

export const summary = 'score a JSONL of {prompt, response} with the GSM8K / IFEval / IFBench verifiers; prints the aggregates';

const USAGE = `usage: userturn score --dataset ifeval|ifbench|gsm8k --responses FILE.jsonl [--json] [--per-item FILE]
                      [--data-dir DIR] [--skip-unmatched]

Scores model responses with the task-accuracy verifiers, so the graders can be checked against published numbers.
Each line of FILE.jsonl is {"prompt": …, "response": …}; "key" or "id" may name the item instead of the prompt.
Items are read from DIR/<dataset>/ (DIR from --data-dir or USERTURN_DATA_DIR), from the file the current
suite names for the dataset (gsm8k/test.jsonl, ifeval/input_data.jsonl, ifbench/IFBench_test.jsonl in suite v2).

  --json            print exactly one JSON object {"n", "prompt_strict", "prompt_loose", "instruction_strict",
                    "instruction_loose"} (fractions 0..1; for gsm8k all four are the accuracy)
  --per-item FILE   write one JSON line per response: {"prompt", "strict", "loose", "instructions": [...]}
  --skip-unmatched  skip (and count) lines whose item is not in the dataset instead of failing

Exit 0 on success, 1 on bad input lines or unreadable data, 2 on usage errors.`;

const SCORED = ['gsm8k', 'ifeval', 'ifbench'] as const;
type Dataset = (typeof SCORED)[number];

function pct(x: number): string {
  return `${(100 * x).toFixed(2)}%`.padStart(8);
}

function report(dataset: Dataset, file: string, a: Aggregates, skipped: number): string {
  const lines = [`${dataset}: ${a.n} response${a.n === 1 ? '' : 's'} scored from ${file}${skipped ? ` (${skipped} unmatched skipped)` : ''}`];
  if (dataset === 'gsm8k') lines.push(`  accuracy                  ${pct(a.prompt_strict)}`);
  else {
    lines.push(`  prompt-level strict       ${pct(a.prompt_strict)}`);
    lines.push(`  prompt-level loose        ${pct(a.prompt_loose)}`);
    lines.push(`  instruction-level strict  ${pct(a.instruction_strict)}`);
    lines.push(`  instruction-level loose   ${pct(a.instruction_loose)}`);
  }
  return lines.join('\n');
}

const OPTIONS = {
  dataset: { type: 'string' },
  responses: { type: 'string' },
  json: { type: 'boolean' },
  'per-item': { type: 'string' },
  'skip-unmatched': { type: 'boolean' },
  ...DATA_DIR_FLAG,
} as const;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS, positionals: false }, async ({ values }) => {
    const dataset = values.dataset;
    if (dataset === undefined) throw new UsageError('--dataset is required');
    if (!(SCORED as readonly string[]).includes(dataset)) throw new UsageError(`--dataset must be one of ifeval, ifbench, gsm8k; got "${dataset}"`);
    const ds = dataset as Dataset;
    const responsesFile = values.responses;
    if (!responsesFile) throw new UsageError('--responses FILE.jsonl is required');
    const dataDir = dataDirOf(values);
    if (!dataDir) throw new UsageError('no dataset folder: pass --data-dir DIR or set USERTURN_DATA_DIR');

    let responsesText: string;
    try {
      responsesText = readFileSync(responsesFile, 'utf8');
    } catch (e) {
      throw new InputError(`${oneLine(responsesFile)}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const spec = currentDatasetSpec(ds);
    const datasetPath = itemsFilePath(dataDir, spec);
    let items;
    try {
      items = parseDataset(spec, new Map([[itemsFileName(spec), readFileSync(datasetPath, 'utf8')]]));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new InputError(code ? `${datasetPath}: cannot read the ${ds} items: ${code}` : `${datasetPath}: ${(e as Error).message}`);
    }

    const res = scoreResponses(responsesText, responsesFile, items);
    const skip = values['skip-unmatched'] === true;
    const problems = skip ? res.errors : [...res.errors, ...res.unmatched];
    // A problem quotes the file's name and its lines (an id, JSON.parse's excerpt): one line each, escaped (shownPath).
    if (problems.length > 0) {
      for (const p of problems.slice(0, 50)) console.error(shownPath(p));
      if (problems.length > 50) console.error(`… and ${problems.length - 50} more`);
      if (!skip && res.unmatched.length > 0) console.error(`(${res.unmatched.length} unmatched line(s): pass --skip-unmatched to score the others)`);
      return 1;
    }
    if (skip && res.unmatched.length > 0) for (const u of res.unmatched) console.error(`skipped ${shownPath(u)}`);
    if (res.scored.length === 0) throw new InputError(`${oneLine(responsesFile)}: no responses to score`);

    const agg = aggregate(res.scored.map((s) => s.score));
    if (values['per-item']) {
      const out = res.scored.map((s) => jsonLine(perItemRecord(s.prompt, s.score))).join('\n') + '\n';
      try {
        writeFileSync(values['per-item'], out);
      } catch (e) {
        throw new FileSystemError(`${oneLine(values['per-item'])}: cannot write: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    if (values.json) {
      const { n, prompt_strict, prompt_loose, instruction_strict, instruction_loose } = agg;
      console.log(JSON.stringify({ n, prompt_strict, prompt_loose, instruction_strict, instruction_loose }));
    } else console.log(report(ds, shownPath(responsesFile), agg, res.unmatched.length));
    return 0;
  });
}
