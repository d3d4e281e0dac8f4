import { stringify } from 'yaml';
import { comment, headerLines } from './header.ts';
import { LaunchInputError, assertEngineFor, type LaunchPlan } from './plan.ts';
import { mergeScript, shardScript } from './scripts.ts';

const MOUNT = '/userturn-bucket';
/** The engines setup can install (TGI and llama.cpp ship as images and binaries, not as pip packages). */
const PIP: Record<string, string> = { vllm: 'pip install vllm', sglang: 'pip install "sglang[all]"' };

/** Installs Node.js 24 and the project's dependencies in the synced checkout (workdir), optionally the engine. */
function setup(plan: LaunchPlan, withEngine: boolean): string {
  return [
    'set -euo pipefail',
    "if ! node --version 2>/dev/null | grep -q '^v24'; then",
    '  curl -fsSL https://deb.nodesource.com/setup_24.x | sudo -E bash - && sudo apt-get install -y nodejs',
    'fi',
    'npm ci',
    ...(withEngine ? [`${PIP[plan.engine]}   # pin the engine version you validated, e.g. vllm==X.Y.Z`] : []),
  ].join('\n');
}

function bucketMount(plan: LaunchPlan): Record<string, unknown> {
  if (plan.bucket) return { source: plan.bucket, mode: 'MOUNT' };
  // Without --bucket, SkyPilot creates (or reuses) a bucket of this name in the default store; bucket names are
  // global, so the name is the project's and user's own (bucket-name.ts), never one everybody shares.
  if (!plan.bucketName) throw new LaunchInputError('--target skypilot: pass --bucket (no default bucket name)');
  return { name: plan.bucketName, mode: 'MOUNT' };
}

/** SkyPilot task YAML: N nodes, each serving the model and running shard SKYPILOT_NODE_RANK+1; and the merge task. */
export function skypilotFiles(plan: LaunchPlan): Array<{ name: string; text: string }> {
  assertEngineFor(plan, 'skypilot', Object.keys(PIP), 'setup installs with pip');
  const cluster = `userturn-${plan.id.replace(/[^a-z0-9-]/g, '-')}`;
  const how = [
    'Run from the repository root (workdir: . is synced to every node):',
    `  sky launch -c ${cluster} ${plan.id}.skypilot.yaml [--secret HF_TOKEN]   # HF_TOKEN only for gated repos`,
    `  sky exec ${cluster} ${plan.id}.skypilot-merge.yaml   # after every shard finished: the final --merge`,
    `  sky down ${cluster}`,
    `Results: ${MOUNT}/${plan.id}/shards/<i> per shard, ${MOUNT}/${plan.id}/merged/${plan.id} after the merge.`,
    plan.bucket
      ? `Bucket: ${plan.bucket} (--bucket).`
      : `Bucket: ${plan.bucketName}, created by SkyPilot on first launch; the name is this project's and user's own (--bucket for another).`,
  ];
  const task = {
    name: `userturn-${plan.id}`,
    workdir: '.',
    num_nodes: plan.shards,
    resources: { accelerators: `${plan.gpu}:${plan.tensorParallel}`, disk_size: 512 },
    file_mounts: { [MOUNT]: bucketMount(plan) },
    setup: setup(plan, true),
    run: shardScript(plan, { shard: '$((SKYPILOT_NODE_RANK + 1))', local: '"$HOME/userturn-local"', durable: `${MOUNT}/${plan.id}`, startEngine: true }),
  };
  const merge = {
    name: `userturn-${plan.id}-merge`,
    workdir: '.',
    num_nodes: 1,
    file_mounts: { [MOUNT]: bucketMount(plan) },
    setup: setup(plan, false),
    run: mergeScript(plan, `${MOUNT}/${plan.id}`),
  };
  const yaml = (v: unknown) => stringify(v, { lineWidth: 0, aliasDuplicateObjects: false });
  return [
    { name: `${plan.id}.skypilot.yaml`, text: `${comment(headerLines(plan, how))}\n${yaml(task)}` },
    { name: `${plan.id}.skypilot-merge.yaml`, text: `${comment([`The final step of ${plan.id}.skypilot.yaml: merge its ${plan.shards} shards and validate the result.`, ...how])}\n${yaml(merge)}` },
  ];
}
