import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { globSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { buildServeCommand, formatCommand } from '../../../runners/engines/serve-command.ts';
import { loadSubmission } from '../../../runners/community/load-submission.ts';
import { launchFiles } from '../../../runners/launch/launch.ts';
import { LaunchInputError, buildLaunchPlan, type LaunchPlan } from '../../../runners/launch/plan.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { checkIndexedJob, checkMergeJob } from '../../helpers/k8s-job-check.ts';
import { k8sJobError, SBATCH_OPTIONS, sbatchLineOptions, skypilotTaskErrors } from '../../helpers/scheduler-schemas.ts';

const SUBMISSIONS = globSync('submissions/*/*.yaml', { cwd: REPO_ROOT }).sort();
const GIT = { repoUrl: 'https://github.com/example/userturn.git', commit: '0123456789abcdef0123456789abcdef01234567' };
const N = 3;

/** Every bash script must at least parse: `bash -n`. */
function assertBash(script: string, what: string): void {
  const r = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
  assert.equal(r.status, 0, `${what}: ${r.stderr}`);
}

/** The LOCAL= and DURABLE= assignments of a shard script: the live cache must be under LOCAL, never DURABLE. */
function assertCacheLocal(script: string, sharedPrefix: RegExp, what: string): void {
  const local = /^LOCAL=(.+)$/m.exec(script)?.[1];
  const durable = /^DURABLE=(.+)$/m.exec(script)?.[1];
  assert.ok(local && durable, what);
  assert.doesNotMatch(local, sharedPrefix, `${what}: LOCAL is node-local`);
  assert.match(durable, sharedPrefix, `${what}: DURABLE is the shared storage`);
  assert.match(script, /^export USERTURN_CACHE_DIR="\$LOCAL\/cache"/m);
  assert.match(script, /^CACHE="\$USERTURN_CACHE_DIR\/requests\.sqlite"$/m);
  assert.match(script, /--cache "\$CACHE"/);
  assert.match(script, /snapshot-cache\.ts "\$CACHE" "\$SNAP"/);
}

const plans = new Map<string, LaunchPlan>();
async function planFor(file: string): Promise<LaunchPlan> {
  if (!plans.has(file)) plans.set(file, await buildLaunchPlan(join(REPO_ROOT, file), { shards: N, root: REPO_ROOT, ...GIT }));
  return plans.get(file)!;
}

async function serveLine(file: string): Promise<{ line: string; tp: number }> {
  const loaded = await loadSubmission(join(REPO_ROOT, file));
  assert.ok(loaded.ok);
  return { line: formatCommand(buildServeCommand(loaded.value, { host: '127.0.0.1', port: 8000 }).argv), tp: loaded.value.serving.tensor_parallel_size };
}

test('the paper model set is committed', () => assert.ok(SUBMISSIONS.length >= 11, SUBMISSIONS.join(', ')));


for (const file of SUBMISSIONS) {
  test(`skypilot: ${file}`, async () => {
    const { line, tp } = await serveLine(file);
    const [task, merge] = launchFiles(await planFor(file), 'skypilot');
    for (const f of [task!, merge!]) {
      const y = parse(f.text) as Record<string, any>;
      // SkyPilot's own task schema (tests/fixtures/launch/skypilot-task.schema.json names the source commit).
      assert.deepEqual(skypilotTaskErrors(y), [], f.name);
      for (const [path, m] of Object.entries(y.file_mounts)) {
        assert.ok(path.startsWith('/'));
        assert.equal((m as any).mode, 'MOUNT');
      }
      assertBash(y.setup, `${f.name} setup`);
      assertBash(y.run, `${f.name} run`);
    }
    const y = parse(task!.text);
    assert.equal(y.num_nodes, N);
    assert.equal(y.resources.accelerators, `H100:${tp}`);
    assert.match(y.setup, /pip install (vllm|"sglang\[all\]")/);
    assert.ok(y.run.includes(`\n${line} > "$LOCAL/serve.log" 2>&1 &\n`), 'serves with serve-cmd\'s command');
    assert.match(y.run, /^SHARD=\$\(\(SKYPILOT_NODE_RANK \+ 1\)\)$/m);
    assert.match(y.run, new RegExp(`run "\\$SUB" --base-url http://127\\.0\\.0\\.1:8000/v1 --shard "\\$SHARD/${N}"`));
    assertCacheLocal(y.run, /^\/userturn-bucket\//, task!.name);
    const m = parse(merge!.text);
    assert.equal((m.run.match(/--merge "\$DURABLE\/shards\/\d+"/g) ?? []).length, N);
    assert.match(m.run, /userturn -- validate/);
  });

  test(`k8s: ${file}`, async () => {
    const { tp } = await serveLine(file);
    const plan = await planFor(file);
    const [f] = launchFiles(plan, 'k8s');
    const docs = parseAllDocuments(f!.text).map((d) => d.toJS());
    assert.equal(docs.length, 2);
    // The Kubernetes OpenAPI schema of batch/v1 Job (kubernetes-models), then the rules it cannot express.
    for (const d of docs) assert.equal(k8sJobError(d), null, `${f!.name}: ${d.metadata.name}`);
    const shard = checkIndexedJob(docs[0], N);
    checkMergeJob(docs[1], N);
    const engine = docs[0].spec.template.spec.initContainers.find((c: any) => c.name === 'engine');
    assert.deepEqual(engine.command, plan.serveArgv, 'the sidecar runs serve-cmd\'s argv');
    assert.equal(engine.resources.limits['nvidia.com/gpu'], tp);
    assert.equal(engine.restartPolicy, 'Always', 'a native sidecar, so the pod completes when the shard is done');
    const script = shard.command[2];
    assert.match(script, /^SHARD=\$\(\(JOB_COMPLETION_INDEX \+ 1\)\)$/m);
    assertBash(script, 'k8s shard');
    assertBash(docs[1].spec.template.spec.containers[0].command[2], 'k8s merge');
    assertCacheLocal(script, /^\/shared\//, f!.name);
    // LOCAL (/work/local) is on the "local" volume, an emptyDir: the node's disk.
    const vols = Object.fromEntries(docs[0].spec.template.spec.volumes.map((v: any) => [v.name, v]));
    assert.ok(vols[shard.volumeMounts.find((m: any) => m.mountPath === '/work').name].emptyDir);
  });

  test(`slurm: ${file}`, async () => {
    const { line, tp } = await serveLine(file);
    const [array, merge] = launchFiles(await planFor(file), 'slurm');
    for (const f of [array!, merge!]) {
      assertBash(f.text, f.name);
      const lines = f.text.split('\n');
      assert.equal(lines[0], '#!/bin/bash');
      // sbatch reads #SBATCH lines only before the first command: all of them must come first.
      const firstCommand = lines.findIndex((l, i) => i > 0 && l.trim() !== '' && !l.startsWith('#'));
      const last = lines.findLastIndex((l) => l.startsWith('#SBATCH'));
      assert.ok(last < firstCommand, f.name);
      // Slurm has no schema: every #SBATCH option must be one sbatch documents (its man page, in the fixture).
      for (const o of sbatchLineOptions(f.text)) assert.ok(SBATCH_OPTIONS.has(o), `${f.name}: sbatch has no --${o}`);
    }
    assert.match(array!.text, new RegExp(`^#SBATCH --array=1-${N}$`, 'm'));
    assert.match(array!.text, new RegExp(`^#SBATCH --gres=gpu:${tp}$`, 'm'));
    assert.match(array!.text, /^SHARD="\$SLURM_ARRAY_TASK_ID"$/m);
    assert.ok(array!.text.includes(`\n${line} > "$LOCAL/serve.log" 2>&1 &\n`));
    assertCacheLocal(array!.text, /USERTURN_SHARED/, array!.name);
    assert.doesNotMatch(merge!.text, /--gres/);
    assert.match(merge!.text, /sbatch --dependency=afterok:\$jid/);
    for (const m of `${array!.text}\n${merge!.text}`.matchAll(/\bsbatch ((?:--[a-z-]+\S*\s*)+)/g)) {
      for (const o of m[1]!.match(/--[a-z-]+/g)!) assert.ok(SBATCH_OPTIONS.has(o.slice(2)), `the header's sbatch ${o} is documented`);
    }
    assert.equal((merge!.text.match(/--merge "\$DURABLE\/shards\/\d+"/g) ?? []).length, N);
  });
}

test('same submission and options, same files', async () => {
  const file = SUBMISSIONS[0]!;
  const a = launchFiles(await planFor(file), 'k8s');
  const b = launchFiles(await buildLaunchPlan(join(REPO_ROOT, file), { shards: N, root: REPO_ROOT, ...GIT }), 'k8s');
  assert.deepEqual(a, b);
});

test('--limit reaches every shard and the merge; Kubernetes without a repository URL is refused', async () => {
  const plan = await buildLaunchPlan(join(REPO_ROOT, SUBMISSIONS[0]!), { shards: 2, limit: 20, root: REPO_ROOT });
  const [task, merge] = launchFiles(plan, 'skypilot');
  assert.match(parse(task!.text).run, /--cache "\$CACHE" --limit 20/);
  assert.match(parse(merge!.text).run, /--no-cache --limit 20/);
  assert.throws(() => launchFiles(plan, 'k8s'), LaunchInputError);
});

test('CLI: bad submission is one line naming file and field, exit 1; bad flags exit 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-launch-'));
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'id: Not A Slug\n');
  let r = runCli(['launch', bad, '--shards', '2', '--target', 'slurm', '--out', dir], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /bad\.yaml: /);
  r = runCli(['launch', SUBMISSIONS[0]!, '--shards', '2', '--target', 'nomad']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--target must be one of skypilot, k8s, slurm/);
  r = runCli(['launch', SUBMISSIONS[0]!, '--shards', '0', '--target', 'slurm']);
  assert.equal(r.code, 2);
  // Every flag value a task file would carry is a usage error, named, before the submission is read.
  for (const [flag, value] of [['--bucket', 's3://x; rm -rf /'], ['--gpu', 'H100; id'], ['--repo-url', 'https://x; touch y'], ['--commit', 'abc; id']]) {
    r = runCli(['launch', SUBMISSIONS[0]!, '--shards', '2', '--target', 'k8s', flag!, value!]);
    assert.equal(r.code, 2, `${flag}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^${flag}: `), flag);
  }
});
