import { appendFile } from 'node:fs/promises';
import { submissionPathParts } from '../validate/classify.ts';
import { clientFromEnv, listPrFiles, type PrFile } from './github.ts';
import { runAsScript } from './run-script.ts';

/**
 * The first job of the probe workflow: which submission to run and how many GPU runners share it.
 * Inputs come from the event (a maintainer's dispatch inputs, or the files of a labelled pull request) and are
 * checked here before any of them reaches a command line: a submission path must be a plain
 * submissions/<org>/<id>.yaml, shards an integer from 1 to 16.
 */

export interface ProbePlan {
  submission: string;
  /** The submission id (its file name): the run's results folder and its concurrency group in probe.yml. */
  id: string;
  /** Matrix values for `--shard`: ["1/n", …, "n/n"]. */
  shards: string[];
}

const SUBMISSION_PATH = /^submissions\/[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*\.ya?ml$/;

export function shardSpecs(n: number): string[] {
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new Error(`shards must be an integer from 1 to 16, got ${n}`);
  return Array.from({ length: n }, (_, i) => `${i + 1}/${n}`);
}

export function checkSubmissionPath(p: string): string {
  if (!SUBMISSION_PATH.test(p) || p.includes('..') || !submissionPathParts(p)) throw new Error(`not a submission path of the form submissions/<org>/<id>.yaml: ${JSON.stringify(p.slice(0, 200))}`);
  return p;
}

/** From a labelled pull request: exactly one added or modified submission file. */
export function submissionFromPrFiles(files: PrFile[]): string {
  const subs = files.filter((f) => f.status !== 'removed' && SUBMISSION_PATH.test(f.filename)).map((f) => f.filename);
  if (subs.length !== 1) throw new Error(`a run-probe pull request must add or change exactly one submission file; it changes ${subs.length}`);
  return checkSubmissionPath(subs[0]!);
}

export function probePlan(input: { submission: string; shards: string }): ProbePlan {
  const submission = checkSubmissionPath(input.submission.trim());
  return { submission, id: submissionPathParts(submission)!.id, shards: shardSpecs(Number(input.shards)) };
}

async function main(): Promise<number> {
  const env = process.env;
  let submission = env.INPUT_SUBMISSION ?? '';
  if (env.EVENT_NAME === 'pull_request_target') {
    const pr = Number(env.PR_NUMBER);
    submission = submissionFromPrFiles(await listPrFiles(clientFromEnv(), pr));
  }
  const plan = probePlan({ submission, shards: env.INPUT_SHARDS || '1' });
  const lines = `submission=${plan.submission}\nid=${plan.id}\nshards=${JSON.stringify(plan.shards)}\n`;
  if (env.GITHUB_OUTPUT) await appendFile(env.GITHUB_OUTPUT, lines);
  process.stdout.write(lines);
  return 0;
}

runAsScript(import.meta, 'probe-plan', main);
