import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { launchFiles } from '../../../runners/launch/launch.ts';
import { buildLaunchPlan } from '../../../runners/launch/plan.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * probe.yml can run the shards on SkyPilot instead of self-hosted runners. These tests hold the structure (which
 * job runs when, in which order, secrets only from `secrets.`), that the paths the workflow reads are the ones
 * `userturn launch --target skypilot` writes, and run the two shell steps that hand shards from the bucket to the
 * merge, with a stand-in rsync, so a layout mismatch fails here rather than after a GPU run.
 */
type Step = Record<string, any>;
const load = (f: string) => parse(readFileSync(join(REPO_ROOT, '.github', 'workflows', f), 'utf8')) as { on: any; jobs: Record<string, any> };
const caller = load('probe.yml');
/** The GPU part: probe.yml's run job calls probe-run.yml with the plan's outputs as inputs. */
const wf = load('probe-run.yml');
const sky = wf.jobs.skypilot!;
const stepIndex = (steps: Step[], re: RegExp) => steps.findIndex((s) => typeof s.run === 'string' && re.test(s.run));
const runOf = (steps: Step[], re: RegExp) => steps[stepIndex(steps, re)]!.run as string;

test('probe.yml: a runner input chooses self-hosted GPU runners or SkyPilot; exactly one probe job runs', () => {
  const input = caller.on.workflow_dispatch.inputs.runner;
  assert.deepEqual([input.type, input.default, input.options], ['choice', 'self-hosted', ['self-hosted', 'skypilot']]);
  assert.match(caller.jobs.plan.outputs.runner, /inputs\.runner \|\| vars\.USERTURN_PROBE_RUNNER \|\| 'self-hosted'/);
  assert.equal(caller.jobs.run.with.runner, '${{ needs.plan.outputs.runner }}');
  assert.equal(wf.jobs.probe.if, "inputs.runner == 'self-hosted'");
  assert.equal(sky.if, "inputs.runner == 'skypilot'");
  assert.equal(sky['runs-on'], 'ubuntu-latest');
  assert.deepEqual(wf.jobs.collect.needs, ['probe', 'skypilot']);
  assert.match(wf.jobs.collect.if, /!cancelled\(\)[\s\S]*needs\.probe\.result == 'success' \|\| needs\.skypilot\.result == 'success'/);
});

test('probe.yml skypilot: launch writes the task, SkyPilot installs pinned, launches and waits, results come back, the cluster goes down', () => {
  const steps = sky.steps as Step[];
  const order = [
    /runners\/community\/pr-files\.ts[^\n]*--only "\$SUBMISSION"/,
    /npx userturn launch "\$SUBMISSION" "\$\{args\[@\]\}"/,
    /pip" install --quiet "skypilot\[[a-z,]+\]==\$SKYPILOT_VERSION"/,
    /sky api login -e "\$SKYPILOT_API_URL" --token "\$SKYPILOT_SERVICE_ACCOUNT_TOKEN"/,
    /sky launch -y -c "\$CLUSTER" -i 60 --down "\$\{secret\[@\]\}" "\$RUNNER_TEMP\/sky\/\$RESULT_ID\.skypilot\.yaml"/,
    /rsync -a "\$CLUSTER:\/userturn-bucket\/\$RESULT_ID\/shards\/"/,
    /sky down -y "\$CLUSTER"/,
  ].map((re) => stepIndex(steps, re));
  assert.ok(order.every((i, k) => i >= 0 && (k === 0 || i > order[k - 1]!)), `steps out of order or missing: ${order.join(', ')}`);
  assert.match(runOf(steps, /npx userturn launch/), /--target skypilot/);
  // A cancelled or timed-out run must not kill shards that are still running in the cloud.
  assert.equal(steps[order[6]!]!.if, 'success() || failure()');
  const upload = steps.find((s) => String(s.uses).startsWith('actions/upload-artifact@'))!;
  assert.match(upload.with.name, /^shard-/, 'the collect job downloads the pattern shard-*');
  // Credentials reach the job through secrets only (env of the steps that need them).
  const creds = steps.flatMap((s) => Object.entries((s.env ?? {}) as Record<string, string>));
  for (const k of ['SKYPILOT_API_URL', 'SKYPILOT_SERVICE_ACCOUNT_TOKEN', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'HF_TOKEN']) {
    assert.deepEqual(creds.filter(([n]) => n === k).map(([, v]) => v), [`\${{ secrets.${k} }}`], k);
  }
  const rejudge = (wf.jobs.collect.steps as Step[]).find((s) => typeof s.run === 'string' && /npx userturn rejudge "results\/\$RESULT_ID" --judge-config/.test(s.run))!;
  assert.equal(rejudge.if, "inputs.runner == 'skypilot'", 'the LLM judge labels the SkyPilot shards on GitHub, where the judge secrets are');
});

test('the paths probe.yml reads are the ones userturn launch --target skypilot writes', async () => {
  const plan = await buildLaunchPlan(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), { shards: 2, root: REPO_ROOT });
  const files = launchFiles(plan, 'skypilot');
  const task = files.find((f) => f.name === `${plan.id}.skypilot.yaml`);
  assert.ok(task, `launch writes ${plan.id}.skypilot.yaml (what "sky launch" is given)`);
  const t = parse(task.text) as { file_mounts: Record<string, unknown>; run: string; workdir: string };
  assert.ok('/userturn-bucket' in t.file_mounts, 'the bucket is mounted at /userturn-bucket, where rsync reads');
  assert.equal(t.workdir, '.', 'sky launch runs from the checkout root, which is synced');
  assert.match(t.run, new RegExp(`^DURABLE=/userturn-bucket/${plan.id.replace(/\./g, '\\.')}$`, 'm'));
  assert.match(t.run, /cp -r "\$LOCAL\/out" "\$DURABLE\/shards\/\$SHARD"/);
  assert.match(t.run, /touch "\$DURABLE\/shards\/\$SHARD\.done"/);
});

/** Run a workflow step's script with bash as GitHub does, with a stand-in rsync on PATH. */
function runStep(script: string, env: Record<string, string>, bin: string) {
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { encoding: 'utf8', env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH}` } });
}

test('the shards come back from the bucket laid out so that the collect job finds and merges every one; an unfinished shard fails', () => {
  const work = mkdtempSync(join(tmpdir(), 'ut-sky-wf-'));
  const bucket = join(work, 'bucket', 'userturn-bucket', 'qwen3.5-9b', 'shards');
  for (const i of [1, 2]) {
    mkdirSync(join(bucket, String(i), 'qwen3.5-9b', 'samples'), { recursive: true });
    writeFileSync(join(bucket, String(i), 'qwen3.5-9b', 'summary.json'), '{}');
    writeFileSync(join(bucket, `${i}.done`), '');
  }
  const bin = join(work, 'bin');
  mkdirSync(bin);
  // rsync -a HOST:/path/ DEST/  →  copy the stand-in bucket's /path into DEST.
  writeFileSync(join(bin, 'rsync'), `#!/bin/bash\nsrc="\${2#*:}"; cp -r "${join(work, 'bucket')}$src". "$3"\n`);
  chmodSync(join(bin, 'rsync'), 0o755);
  const steps = sky.steps as Step[];
  const back = runOf(steps, /rsync -a/);
  const env = { RUNNER_TEMP: join(work, 'tmp'), CLUSTER: 'ut-1', RESULT_ID: 'qwen3.5-9b', SHARD_COUNT: '2' };
  const ok = runStep(back, env, bin);
  assert.equal(ok.status, 0, ok.stderr + ok.stdout);
  // upload-artifact of sky-shards, then download-artifact (pattern shard-*) puts it under shards/<artifact name>.
  const shards = join(work, 'collect', 'shards');
  mkdirSync(shards, { recursive: true });
  spawnSync('cp', ['-r', join(env.RUNNER_TEMP, 'sky-shards'), join(shards, 'shard-skypilot')]);
  const merge = runOf(wf.jobs.collect.steps as Step[], /mapfile -t dirs/);
  const find = /mapfile -t dirs < <\((find [^)]+)\)/.exec(merge)![1]!;
  const found = runStep(`id=qwen3.5-9b; ${find}`, { RUNNER_TEMP: join(work, 'collect') }, bin).stdout.trim().split('\n');
  assert.deepEqual(found, [1, 2].map((i) => join(shards, 'shard-skypilot', String(i), 'qwen3.5-9b')));
  // A shard without its .done marker did not finish: the step fails and names it.
  spawnSync('rm', [join(bucket, '2.done')]);
  const bad = runStep(back, { ...env, RUNNER_TEMP: join(work, 'tmp2') }, bin);
  assert.equal(bad.status, 1);
  assert.match(bad.stdout, /::error::shard 2\/2 did not finish/);
  assert.ok(!existsSync(join(work, 'tmp2', 'sky-shards', '2')));
});
