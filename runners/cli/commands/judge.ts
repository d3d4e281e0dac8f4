import type { WriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { judgeJsonl } from '../../judge/batch/run-batch.ts';
import { jsonLine } from '../../../src/lib/io/jsonl.ts';
import { redact } from '../../io/secrets.ts';
import { describeCause } from '../../io/storage-error.ts';
import { intFlag } from '../../core/args.ts';
import { oneLine, terminalText } from '../../core/terminal-text.ts';
import { FileSystemError, InputError, UsageError } from '../../core/errors.ts';
import { runCommand } from '../command.ts';
import { CACHE_FLAGS, cacheOf, JUDGE_FLAGS, judgeConfigsOf, OUT_FLAG } from '../flags.ts';
import { judgeFromFlags } from '../judge-flags.ts';

export const summary = 'label user turns given as JSONL {id, question, response, user_turn} with the heuristic or an LLM judge';

const USAGE = `usage: userturn judge --input FILE.jsonl [--judge heuristic | --judge-config FILE.yaml] [--out LABELS.jsonl]
                     [--concurrency N] [--cache FILE | --no-cache]

Labels each input line {id, question, response, user_turn} with one label of taxonomy v1.
Output (stdout, or --out written atomically), one line per labelled input line, in input order:
  {"id", "kind": "label", "label", "rationale", "judge", "rule", "evidence_span"}
A judge failure (unparseable answer after retries, refusal, timeout) is a line with "kind": "judge_error" and
"label": null; its reason is in "rationale". It is never mapped to a label.

  --judge heuristic       the offline rule-based judge (default)
  --judge-config FILE     an LLM judge config (base_url, model, api_key_env, …; see docs/judges.md)
  --concurrency N         verdicts in flight for an LLM judge (default 4)
  --cache FILE            verdict cache for LLM judges (default $USERTURN_CACHE_DIR/requests.sqlite)
  --no-cache              do not read or write the verdict cache

Malformed lines (not JSON, missing or wrong fields, oversized text, duplicate id) are reported on stderr as
FILE:LINE: field: message and skipped; the rest is judged.
Exit 0 when every line got a label; 1 when any line was malformed or got a judge_error, when the input is missing,
the judge config is invalid or --out cannot be written; 1 also when the verdict cache cannot be written: judging
stops there and --out is not written (a rerun takes the verdicts stored before from the cache); 2 on usage errors.`;

const OPTIONS = { input: { type: 'string', short: 'i' }, concurrency: { type: 'string' }, ...JUDGE_FLAGS, ...CACHE_FLAGS, out: { ...OUT_FLAG.out, short: 'o' } } as const;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS, positionals: false }, async ({ values }) => {
    if (!values.input) throw new UsageError('--input is required');
    const configs = judgeConfigsOf(values);
    if (configs.length > 1) throw new UsageError('give one --judge-config (judge labels with one judge)');
    const cachePath = cacheOf(values);
    const concurrency = intFlag('concurrency', values.concurrency, 4);
    const inputKind = await stat(values.input).then((st) => (st.isFile() ? 'file' : 'other'), () => 'missing');
    if (inputKind !== 'file') throw new InputError(`${oneLine(values.input)}: (file): ${inputKind === 'missing' ? 'no such file' : 'not a regular file'}`);
    const judge = await judgeFromFlags(configs[0], cachePath);

    const outPath = values.out;
    const tmp = outPath ? `${outPath}.${process.pid}.tmp` : null;
    // Open the output before judging: a folder that does not exist is a file error, not an unhandled stream event.
    let file: WriteStream | null = null;
    let writeError: NodeJS.ErrnoException | null = null;
    const cannotWrite = (e: NodeJS.ErrnoException) => `${oneLine(outPath ?? '')}: (file): cannot write: ${describeCause(e)}`;
    if (tmp) {
      try {
        file = (await open(tmp, 'w')).createWriteStream({ encoding: 'utf8' });
      } catch (e) {
        throw new FileSystemError(cannotWrite(e as NodeJS.ErrnoException));
      }
      file.on('error', (e) => (writeError ??= e));
    }
    const sink = file ?? process.stdout;
    const write = async (s: string) => {
      if (writeError) throw writeError;
      if (!sink.write(s)) await once(sink, 'drain'); // rejects with the stream's error if one comes first
      if (writeError) throw writeError;
    };
    let report;
    try {
      report = await judgeJsonl(values.input, judge, {
        concurrency: judge.stamp.kind === 'heuristic' ? 1 : concurrency,
        // A judge's error reason may echo its key (a server error body): redacted like every other output. On the
        // terminal (no --out) its hidden characters are escaped too: the line stays JSON and reads back the same.
        emit: (line) => write(`${file ? redact(jsonLine(line)) : terminalText(redact(jsonLine(line)))}\n`),
        // A malformed line's message quotes the input (its ids, JSON.parse's excerpt), one line each at the source.
        onProblem: (m) => console.error(terminalText(redact(m))),
      });
    } catch (e) {
      if (file && tmp) {
        file.destroy();
        await rm(tmp, { force: true });
      }
      if (writeError !== null && (e === writeError || file?.errored)) throw new FileSystemError(cannotWrite(writeError as NodeJS.ErrnoException));
      throw e;
    }
    if (file && tmp && outPath) {
      const f = file;
      await new Promise<void>((r) => {
        f.once('error', () => r());
        f.end(() => r());
      });
      if (writeError) {
        await rm(tmp, { force: true });
        throw new FileSystemError(cannotWrite(writeError));
      }
      try {
        await rename(tmp, outPath);
      } catch (e) {
        // E.g. --out names a folder: the temp file is dropped and nothing is put in place.
        await rm(tmp, { force: true });
        throw new FileSystemError(cannotWrite(e as NodeJS.ErrnoException));
      }
    }
    console.error(
      `judged ${report.lines} line${report.lines === 1 ? '' : 's'} with ${judge.stamp.id}: ${report.labelled} labelled, ${report.judgeErrors} judge error${report.judgeErrors === 1 ? '' : 's'}, ${report.failedLines} malformed line${report.failedLines === 1 ? '' : 's'}`,
    );
    return report.failedLines === 0 && report.judgeErrors === 0 ? 0 : 1;
  });
}
