import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SUITES_DIR } from '../../src/lib/data-paths.ts';
import { classify } from '../validate/classify.ts';
import { clientFromEnv, getPr, getRawFile, listPrFiles, type GitHubClient, type PrFile } from './github.ts';
import { parseCommandArgs } from '../core/args.ts';
import { runAsScript } from './run-script.ts';
import { projectRoot } from '../io/project-root.ts';

/**
 * Bring a pull request's changed *data* files into a checkout of the trusted base branch, without running
 * anything from the pull request. Only files validate understands (submissions, suites, results) under the
 * allowed folders are written, only with safe names, only up to 1 MiB each; code, package manifests and
 * workflow files are never written. The validate workflow then runs the base branch's own `userturn` on them.
 */

/** Names the workflow will write: plain characters, allowed folders, data extensions. */
const SAFE_PATH = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const DATA_ROOTS = ['submissions/', 'results/', `${SUITES_DIR}/`];
/** YAML/JSON documents: validate refuses more than 1 MiB anyway. Sample shards are streamed by validate. */
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_SAMPLES_BYTES = 100 * 1024 * 1024;
const MAX_FILES = 300;

export interface PrFilesPlan {
  /** Paths to download from the pull request head and write into the checkout. */
  fetch: string[];
  /** Every changed path (for pr-report, which sorts them into checked, ignored, missing or rejected). */
  changed: string[];
}

export function planPrFiles(files: PrFile[]): PrFilesPlan {
  const fetch: string[] = [];
  const changed: string[] = [];
  // Fail closed: a file past the limit would go unvalidated while the check passes.
  if (files.length > MAX_FILES) throw new Error(`this pull request changes ${files.length} files; the validate workflow checks at most ${MAX_FILES}: split it`);
  for (const f of files) {
    const p = f.filename;
    if (typeof p !== 'string' || p.includes('\n') || p.includes('\r')) continue; // cannot be listed one per line
    changed.push(p);
    if (f.status === 'removed') continue;
    if (!SAFE_PATH.test(p) || p.split('/').some((s) => s === '..' || s === '.' || s.startsWith('.'))) continue;
    if (!DATA_ROOTS.some((r) => p.startsWith(r))) continue;
    const kind = classify(p);
    if (kind === 'unknown' || kind === 'json-schema') continue;
    fetch.push(p);
  }
  return { fetch, changed };
}

/** `only`: bring in just these paths (the probe workflow takes the submission file and nothing else). */
export async function materialise(gh: GitHubClient, pr: number, headSha: string, root: string, only?: string[]): Promise<PrFilesPlan> {
  const head = await getPr(gh, pr);
  if (head.head.sha !== headSha) throw new Error(`the pull request head moved (${head.head.sha.slice(0, 12)} ≠ ${headSha.slice(0, 12)}); a newer run will check it`);
  const all = planPrFiles(await listPrFiles(gh, pr));
  const plan = only ? { ...all, fetch: all.fetch.filter((p) => only.includes(p)) } : all;
  if (only && plan.fetch.length !== only.length) throw new Error(`not data files changed by this pull request: ${only.filter((p) => !plan.fetch.includes(p)).join(', ')}`);
  for (const p of plan.fetch) {
    const bytes = await getRawFile(gh, p, headSha);
    const limit = classify(p) === 'samples' ? MAX_SAMPLES_BYTES : MAX_FILE_BYTES;
    if (bytes.byteLength > limit) {
      // Leave a file validate refuses by size, without holding the whole thing.
      await mkdir(dirname(join(root, p)), { recursive: true });
      await writeFile(join(root, p), limit === MAX_FILE_BYTES ? new Uint8Array(MAX_FILE_BYTES + 1).fill(0x20) : `{"error":"file over ${limit} bytes"}\n`);
      continue;
    }
    await mkdir(dirname(join(root, p)), { recursive: true });
    await writeFile(join(root, p), bytes);
  }
  return plan;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { pr: { type: 'string' }, 'head-sha': { type: 'string' }, 'changed-out': { type: 'string' }, 'data-out': { type: 'string' }, only: { type: 'string', multiple: true } }, false);
  const pr = Number(values.pr);
  const sha = values['head-sha'] ?? '';
  if (!Number.isInteger(pr) || pr < 1 || !/^[0-9a-f]{40}$/.test(sha) || !values['changed-out']) {
    console.error('usage: pr-files.ts --pr N --head-sha SHA --changed-out list.txt [--data-out list.txt] [--only path…]  (env: GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL)');
    return 2;
  }
  // Written at the clone's top, where validate and pr-report read them, from whichever folder this is started in.
  const plan = await materialise(clientFromEnv(), pr, sha, projectRoot(process.cwd()), values.only);
  await writeFile(values['changed-out'], plan.changed.map((p) => `${p}\n`).join(''));
  if (values['data-out']) await writeFile(values['data-out'], plan.fetch.map((p) => `${p}\n`).join(''));
  console.log(`${plan.changed.length} changed files; ${plan.fetch.length} data files written for validation`);
  return 0;
}

runAsScript(import.meta, 'pr-files', main);
