import { isAbsolute, relative, resolve, sep } from 'node:path';
import { isPinnedRevision } from '../../src/schema/common.ts';
import { formatFieldError } from '../../src/schema/errors.ts';
import { defaultBucketName } from './bucket-name.ts';
import { hfCacheSizeFor } from './hf-cache-size.ts';
import { loadSubmission } from '../community/load-submission.ts';
import { ENGINES } from '../engines/behaviour.ts';
import { UnsafeServeError, buildServeCommand, formatCommand } from '../engines/serve-command.ts';
import { InputError } from '../core/errors.ts';

export type Target = 'skypilot' | 'k8s' | 'slurm';
export const TARGETS: readonly Target[] = ['skypilot', 'k8s', 'slurm'];

/** Bad input to launch: one line naming the file (or flag) and the field. */
export class LaunchInputError extends InputError {}

/** A target that runs only the engines it can install or has an image for: refused by name for the others. */
export function assertEngineFor(plan: LaunchPlan, target: Target, engines: readonly string[], why: string): void {
  if (!engines.includes(plan.engine)) throw new LaunchInputError(`--target ${target}: ${why} only ${engines.join(' and ')}, not ${plan.engine}; serve ${plan.id} with --target slurm (the engine of the submitting environment) or by hand (docs/maintainers.md)`);
}

/** Why one of the scheduler options cannot go into a task file, or null. */
export function launchOptionProblem(o: Pick<LaunchOptions, 'bucket' | 'gpu' | 'repoUrl' | 'commit' | 'hfCachePvc' | 'hfCacheSize'>): string | null {
  if (o.bucket !== undefined && !/^[a-z0-9]+:\/\/[A-Za-z0-9._\/-]{1,200}$/.test(o.bucket)) return `--bucket: "${o.bucket}" is not a bucket URL like s3://my-bucket/userturn`;
  if (o.gpu !== undefined && !/^[A-Za-z0-9_-]{1,40}$/.test(o.gpu)) return `--gpu: "${o.gpu}" is not an accelerator name like H100`;
  if (o.repoUrl !== undefined && !/^(https:\/\/|git@)[A-Za-z0-9._:\/@-]{1,300}$/.test(o.repoUrl)) return `--repo-url: "${o.repoUrl}" is not a git URL (https://… or git@…)`;
  if (o.commit !== undefined && !/^[0-9a-f]{7,40}$/.test(o.commit)) return `--commit: "${o.commit}" is not a commit sha`;
  if (o.hfCachePvc !== undefined && !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(o.hfCachePvc)) return `--hf-cache-pvc: "${o.hfCachePvc}" is not a PersistentVolumeClaim name (lowercase letters, digits and -)`;
  if (o.hfCachePvc !== undefined && o.hfCacheSize !== undefined) return '--hf-cache-size: sizes the emptyDir used without --hf-cache-pvc; the claim has its own size';
  if (o.hfCacheSize !== undefined && !/^[1-9][0-9]{0,6}(Mi|Gi|Ti)$/.test(o.hfCacheSize)) return `--hf-cache-size: "${o.hfCacheSize}" is not a size like 500Gi (Mi, Gi or Ti)`;
  return null;
}

export interface LaunchOptions {
  shards: number;
  /** Passed to every shard's run and to the merge (a smoke run on N items per dataset). */
  limit?: number;
  /** Accelerator name for SkyPilot (`H100`); Slurm and Kubernetes ask for a GPU count only. */
  gpu?: string;
  /** SkyPilot: bucket URL (s3://, gs://, r2://, …) for results and cache snapshots; default a SkyPilot-managed one. */
  bucket?: string;
  /** SkyPilot without --bucket: the managed bucket's name (default defaultBucketName of the repository root). */
  bucketName?: string;
  /** Kubernetes: git URL and commit the pods clone (they have no checkout of their own). */
  repoUrl?: string;
  commit?: string;
  /** Kubernetes: a PersistentVolumeClaim for the engine's Hugging Face cache (weights), instead of an emptyDir. */
  hfCachePvc?: string;
  /** Kubernetes: the emptyDir's sizeLimit (default hfCacheSizeFor the submission: hf-cache-size.ts). */
  hfCacheSize?: string;
  /** Repository root the submission path is made relative to (default the current folder). */
  root?: string;
}

export interface LaunchPlan {
  id: string;
  /** The submission file relative to the repository root, with forward slashes. */
  subPath: string;
  shards: number;
  limit: number | null;
  engine: string;
  tensorParallel: number;
  /** serve-cmd's argv for the submission, on 127.0.0.1:8000, and the same as one shell-quoted line. */
  serveArgv: string[];
  serveLine: string;
  /** The model name the engine lists on /v1/models (TGI lists the repository, not the id). */
  servedModel: string;
  /** EngineBehaviour.readyRoute: a route under the base URL that answers 200 only once the model is loaded, or null. */
  readyRoute: string | null;
  revision: string;
  pinned: boolean;
  gpu: string;
  bucket: string | null;
  /** The SkyPilot-managed bucket's name when there is no --bucket (bucket-name.ts), else null. */
  bucketName: string | null;
  repoUrl: string | null;
  commit: string | null;
  /** Kubernetes: where the engine's HF_HOME lives, a named claim or an emptyDir of this size. */
  hfCache: { claim: string } | { sizeLimit: string };
}

const PORT = 8000;
export const BASE_URL = `http://127.0.0.1:${PORT}/v1`;
/** What a submission path or other value spliced into a shell script may contain. */
const PLAIN_PATH = /^[A-Za-z0-9._\/-]{1,300}$/;

/** Load and check the submission, and build everything the scheduler files need from it. */
export async function buildLaunchPlan(file: string, opts: LaunchOptions): Promise<LaunchPlan> {
  const root = resolve(opts.root ?? '.');
  const rel = relative(root, resolve(file)).split(sep).join('/');
  if (rel.startsWith('../') || isAbsolute(rel)) throw new LaunchInputError(`${file}: (file): must be inside the repository (${root})`);
  if (!PLAIN_PATH.test(rel)) throw new LaunchInputError(`${file}: (file): the path may contain only letters, digits and . _ / -`);
  const loaded = await loadSubmission(file, root);
  if (!loaded.ok) throw new LaunchInputError(loaded.errors.join('\n'));
  const { submissionPolicyErrors } = await import('../validate/submission-policy.ts');
  const problems = submissionPolicyErrors(loaded.value, file, root);
  if (problems.length > 0) throw new LaunchInputError(problems.map(formatFieldError).join('\n'));
  const sub = loaded.value;
  let argv: string[];
  let servedModel: string;
  try {
    const cmd = buildServeCommand(sub, { host: '127.0.0.1', port: PORT });
    // A task runs one server command; Ollama also needs its model pulled once the server answers.
    if (cmd.then.length > 0) throw new UnsafeServeError(`serving.engine: launch runs one server command, and ${cmd.engine} needs follow-up commands (serve-cmd prints them): run it by hand`);
    argv = cmd.argv;
    servedModel = cmd.served_model_name;
  } catch (e) {
    if (e instanceof UnsafeServeError) throw new LaunchInputError(`${file}: ${e.message}`);
    throw e;
  }
  // The command checked the values given as flags (usage errors); these may also come from git (remote, HEAD).
  const problem = launchOptionProblem(opts);
  if (problem) throw new LaunchInputError(problem);
  return {
    id: sub.id,
    subPath: rel,
    shards: opts.shards,
    limit: opts.limit ?? null,
    engine: sub.serving.engine,
    tensorParallel: sub.serving.tensor_parallel_size,
    serveArgv: argv,
    serveLine: formatCommand(argv),
    servedModel,
    readyRoute: ENGINES[sub.serving.engine].readyRoute,
    revision: sub.hf.revision,
    pinned: isPinnedRevision(sub.hf.revision),
    gpu: opts.gpu ?? 'H100',
    bucket: opts.bucket ?? null,
    bucketName: opts.bucket === undefined ? (opts.bucketName ?? defaultBucketName(root)) : null,
    repoUrl: opts.repoUrl ?? null,
    commit: opts.commit ?? null,
    hfCache: opts.hfCachePvc ? { claim: opts.hfCachePvc } : { sizeLimit: opts.hfCacheSize ?? hfCacheSizeFor(sub) },
  };
}
