import { createReadStream } from 'node:fs';
import { jsonlLines } from '../../../src/lib/io/jsonl.ts';
import type { Judge } from '../../core/judge.ts';
import { thrownVerdict } from '../thrown-verdict.ts';
import { oneLine } from '../../core/terminal-text.ts';
import { parseInputLine } from './input.ts';
import { toOutputLine, type OutputLine } from './output.ts';

export interface BatchReport {
  lines: number;
  labelled: number;
  judgeErrors: number;
  failedLines: number;
}

/**
 * Judge a JSONL file line by line with at most `concurrency` verdicts in flight. Malformed lines are reported
 * through `onProblem` with their line number and skipped; output lines are emitted in input order.
 * A verdict the judge's cache cannot store (StorageError) is the command's failure, not a judge_error line, and so is
 * a line `emit` cannot write or an input that cannot be read: the judge is stopped, no verdict is started or emitted
 * after it, and once those in flight have settled the first such failure is thrown.
 */
export async function judgeJsonl(
  path: string,
  judge: Judge,
  opts: { concurrency: number; emit: (line: OutputLine) => void | Promise<void>; onProblem: (message: string) => void },
): Promise<BatchReport> {
  const report: BatchReport = { lines: 0, labelled: 0, judgeErrors: 0, failedLines: 0 };
  const seen = new Map<string, number>();
  const pending: Array<Promise<OutputLine | null>> = [];
  let flushed = 0;
  // The command's first failure (a StorageError, the output's or the input's): it stops the judge, and verdicts
  // failing after it are not reported again.
  let failure = null as { error: unknown } | null;
  const fail = (e: unknown): void => {
    if (failure) return;
    failure = { error: e };
    judge.stop?.(e instanceof Error ? e : new Error(String(e)));
  };
  const flush = async (all: boolean) => {
    while (flushed < pending.length && (all || pending.length - flushed >= opts.concurrency)) {
      const out = await pending[flushed];
      flushed++;
      if (failure) return;
      if (out) await opts.emit(out);
    }
  };
  async function judgeLines(): Promise<void> {
    for await (const { line: lineNo, text: raw } of jsonlLines(createReadStream(path))) {
      if (failure) break;
      report.lines++;
      const parsed = parseInputLine(raw, path, lineNo);
      if (!parsed.ok) {
        report.failedLines++;
        opts.onProblem(parsed.message);
        continue;
      }
      const first = seen.get(parsed.input.id);
      if (first !== undefined) {
        report.failedLines++;
        opts.onProblem(`${oneLine(path)}:${lineNo}: id: duplicate id "${oneLine(parsed.input.id)}" (first on line ${first})`);
        continue;
      }
      seen.set(parsed.input.id, lineNo);
      const input = parsed.input;
      pending.push(
        judge
          .judge(input)
          .catch((e: unknown) => thrownVerdict(e, judge.stamp))
          .then(
            (v) => {
              if (v.kind === 'label') report.labelled++;
              else report.judgeErrors++;
              return toOutputLine(input.id, v);
            },
            // Only a StorageError comes here (thrownVerdict): the command's failure.
            (e: unknown) => {
              fail(e);
              return null;
            },
          ),
      );
      await flush(false);
    }
    if (!failure) await flush(true);
  }
  try {
    await judgeLines();
  } catch (e) {
    fail(e);
  }
  if (failure) {
    // The stopped judge gives up its verdicts in flight at once: none is left running when the command reports.
    await Promise.allSettled(pending);
    throw failure.error;
  }
  return report;
}
