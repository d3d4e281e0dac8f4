import { join } from 'node:path';
import { k8sSource } from '../../launch/git-defaults.ts';
import { launchFiles } from '../../launch/launch.ts';
import { TARGETS, buildLaunchPlan, launchOptionProblem, type Target } from '../../launch/plan.ts';
import { writeFileAtomic } from '../../results/atomic.ts';
import { intFlag } from '../../core/args.ts';
import { UsageError } from '../../core/errors.ts';
import { runCommand } from '../command.ts';
import { projectRoot } from '../../io/project-root.ts';

export const summary = 'write a SkyPilot task, Kubernetes Indexed Job or Slurm job array that runs a submission in N shards, then merges';

const USAGE = `usage: userturn launch <submission.yaml> --shards N --target skypilot|k8s|slurm [--out DIR] [options]

Writes ready scheduler files: every task serves the submission's pinned revision with serve-cmd's command and
runs \`userturn run --shard i/N\`; a final step runs \`userturn run --merge\` over all shards and validates the
result. The SQLite cache stays on node-local disk; snapshots are synced to shared storage. How to submit is in
each file's header. Without --out the files are printed, each after a "# ==> NAME <==" line. From a subfolder of
the clone the files are the same as from its top; --out is read from the current folder.
  --limit N          at most N items per dataset (a smoke run), passed to every shard and to the merge
  --gpu NAME         SkyPilot accelerator (default H100); the count is the submission's tensor_parallel_size
  --bucket URL       SkyPilot: bucket for results and cache snapshots (default: a SkyPilot-managed bucket
                     userturn-<hash of the git remote and your user name>: one per project and user)
  --repo-url URL     Kubernetes: repository the pods clone (default: git remote origin)
  --commit SHA       Kubernetes: commit the pods check out (default: HEAD)
  --hf-cache-pvc NAME
                     Kubernetes: PersistentVolumeClaim for the engine's Hugging Face cache (the weights), kept
                     between pods (default: an emptyDir per pod)
  --hf-cache-size SIZE
                     Kubernetes: that emptyDir's sizeLimit (default: 2.5Gi per billion parameters, less for a
                     GGUF quantisation, at least 20Gi)
Exit 0 on success, 1 on a bad submission (one line naming file and field), 2 on usage errors.`;

export async function run(argv: string[]): Promise<number> {
  const options = {
    shards: { type: 'string' },
    target: { type: 'string' },
    out: { type: 'string' },
    limit: { type: 'string' },
    gpu: { type: 'string' },
    bucket: { type: 'string' },
    'repo-url': { type: 'string' },
    commit: { type: 'string' },
    'hf-cache-pvc': { type: 'string' },
    'hf-cache-size': { type: 'string' },
  } as const;
  return runCommand(argv, { usage: USAGE, options }, async ({ values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('expected exactly one submission file');
    if (!TARGETS.includes(values.target as Target)) throw new UsageError(`--target must be one of ${TARGETS.join(', ')}`);
    if (values.shards === undefined) throw new UsageError('--shards N is required');
    const shards = intFlag('shards', values.shards, 1);
    const limit = values.limit === undefined ? undefined : intFlag('limit', values.limit, 1);
    const flagProblem = launchOptionProblem({ gpu: values.gpu, bucket: values.bucket, repoUrl: values['repo-url'], commit: values.commit, hfCachePvc: values['hf-cache-pvc'], hfCacheSize: values['hf-cache-size'] });
    if (flagProblem) throw new UsageError(flagProblem);
    // The jobs run the submission from the top of a clone: its path, origin and HEAD are the clone's, from any
    // subfolder; --out is read from the current folder.
    const root = projectRoot(process.cwd());
    const given = { repoUrl: values['repo-url'], commit: values.commit };
    const source = values.target === 'k8s' ? k8sSource(root, given) : given;
    const plan = await buildLaunchPlan(positionals[0]!, {
      root,
      shards,
      limit,
      gpu: values.gpu,
      bucket: values.bucket,
      repoUrl: source.repoUrl,
      commit: source.commit,
      hfCachePvc: values['hf-cache-pvc'],
      hfCacheSize: values['hf-cache-size'],
    });
    const files = launchFiles(plan, values.target as Target);
    if (!plan.pinned) console.error(`launch: note: hf.revision "${plan.revision}" is a branch, not a commit; pin it in ${plan.subPath} for a verifiable result`);
    if (values.out === undefined) for (const f of files) process.stdout.write(`# ==> ${f.name} <==\n${f.text}`);
    else {
      for (const f of files) await writeFileAtomic(join(values.out, f.name), f.text);
      console.log(`launch: wrote ${files.map((f) => join(values.out!, f.name)).join(', ')}`);
    }
    return 0;
  });
}
