import { stringify } from 'yaml';
import { comment, headerLines } from './header.ts';
import { BASE_URL, LaunchInputError, assertEngineFor, type LaunchPlan } from './plan.ts';
import { mergeScript, shardScript } from './scripts.ts';

const ENGINE_IMAGES: Record<string, string> = { vllm: 'vllm/vllm-openai:latest', sglang: 'lmsysorg/sglang:latest' };
const NODE_IMAGE = 'node:24';
const CLAIM = 'userturn-results';

/** A Kubernetes name (DNS label) from the submission id: dots and other characters become "-". */
const k8sName = (id: string, suffix = '') => `userturn-${id.replace(/[^a-z0-9-]/g, '-')}${suffix}`.slice(0, 63).replace(/-+$/, '');

function checkout(plan: LaunchPlan): Record<string, unknown> {
  return {
    name: 'checkout',
    image: NODE_IMAGE,
    command: ['bash', '-c', `set -euo pipefail\ngit clone ${plan.repoUrl} /work/repo\ncd /work/repo\ngit checkout --detach ${plan.commit}\nnpm ci`],
    volumeMounts: [{ name: 'local', mountPath: '/work' }],
  };
}

/** The engine's Hugging Face cache: a volume, not the container's writable layer (lost on restart, unbounded). */
const HF_HOME = '/hf-cache';
function hfCacheVolume(plan: LaunchPlan): Record<string, unknown> {
  return 'claim' in plan.hfCache
    ? { name: 'hf-cache', persistentVolumeClaim: { claimName: plan.hfCache.claim } }
    : { name: 'hf-cache', emptyDir: { sizeLimit: plan.hfCache.sizeLimit } };
}

const volumes = (extra: unknown[] = []) => [{ name: 'local', emptyDir: {} }, ...extra, { name: 'shared', persistentVolumeClaim: { claimName: CLAIM } }];

/** An Indexed Job (one pod per shard, JOB_COMPLETION_INDEX+1 → --shard) and a merge Job that waits for all shards. */
export function k8sFiles(plan: LaunchPlan): Array<{ name: string; text: string }> {
  assertEngineFor(plan, 'k8s', Object.keys(ENGINE_IMAGES), 'the engine container has an image for');
  if (!plan.repoUrl || !plan.commit) throw new LaunchInputError('--target k8s: --repo-url and --commit are needed (the pods clone the repository); default: git remote origin and HEAD');
  const labels = { 'app.kubernetes.io/name': 'userturn', 'userturn.dev/submission': k8sName(plan.id).slice(9) };
  const durable = `/shared/${plan.id}`;
  const engine = {
    name: 'engine',
    image: ENGINE_IMAGES[plan.engine],
    // A native sidecar (Kubernetes >= 1.29): stopped when the shard container exits, so the pod completes.
    restartPolicy: 'Always',
    command: plan.serveArgv,
    env: [
      { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf-token', key: 'token', optional: true } } },
      { name: 'HF_HOME', value: HF_HOME },
    ],
    resources: {
      limits: { 'nvidia.com/gpu': plan.tensorParallel },
      // An emptyDir on the node's disk is ephemeral storage: ask for it, so the pod lands on a node with room.
      ...('sizeLimit' in plan.hfCache ? { requests: { 'ephemeral-storage': plan.hfCache.sizeLimit } } : {}),
    },
    volumeMounts: [{ name: 'shm', mountPath: '/dev/shm' }, { name: 'hf-cache', mountPath: HF_HOME }],
    // The shard container starts once the engine answers (at most 45 minutes: first starts download weights).
    // An exec probe: the engine listens on 127.0.0.1, which an httpGet probe (sent to the pod IP) cannot reach.
    startupProbe: { exec: { command: ['python3', '-c', `import urllib.request; urllib.request.urlopen('${BASE_URL}/models', timeout=5)`] }, periodSeconds: 10, timeoutSeconds: 10, failureThreshold: 270 },
  };
  const shardJob = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: k8sName(plan.id), labels },
    spec: {
      completionMode: 'Indexed',
      completions: plan.shards,
      parallelism: plan.shards,
      backoffLimitPerIndex: 2,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          volumes: volumes([{ name: 'shm', emptyDir: { medium: 'Memory', sizeLimit: '16Gi' } }, hfCacheVolume(plan)]),
          initContainers: [checkout(plan), engine],
          containers: [
            {
              name: 'shard',
              image: NODE_IMAGE,
              workingDir: '/work/repo',
              command: ['bash', '-c', shardScript(plan, { shard: '$((JOB_COMPLETION_INDEX + 1))', local: '/work/local', durable, startEngine: false })],
              volumeMounts: [{ name: 'local', mountPath: '/work' }, { name: 'shared', mountPath: '/shared' }],
            },
          ],
        },
      },
    },
  };
  const mergeJob = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: k8sName(plan.id, '-merge'), labels },
    spec: {
      backoffLimit: 2,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          volumes: volumes(),
          initContainers: [
            {
              name: 'wait-for-shards',
              image: 'busybox:1.36',
              command: ['sh', '-c', `until [ "$(ls ${durable}/shards/*.done 2>/dev/null | wc -l)" -ge ${plan.shards} ]; do sleep 60; done`],
              volumeMounts: [{ name: 'shared', mountPath: '/shared' }],
            },
            checkout(plan),
          ],
          containers: [
            {
              name: 'merge',
              image: NODE_IMAGE,
              workingDir: '/work/repo',
              command: ['bash', '-c', mergeScript(plan, durable)],
              volumeMounts: [{ name: 'local', mountPath: '/work' }, { name: 'shared', mountPath: '/shared' }],
            },
          ],
        },
      },
    },
  };
  const how = [
    `Needs: a ReadWriteMany PersistentVolumeClaim "${CLAIM}" (results and cache snapshots; the live cache stays`,
    'on the pod\'s emptyDir), optionally a Secret "hf-token" with key "token" for gated repos, Kubernetes >= 1.29.',
    'claim' in plan.hfCache
      ? `Weights: the engine's HF_HOME is the PersistentVolumeClaim "${plan.hfCache.claim}" (ReadWriteMany when shards run on several nodes).`
      : `Weights: the engine's HF_HOME is an emptyDir of at most ${plan.hfCache.sizeLimit}, downloaded again by every pod (--hf-cache-pvc NAME keeps them).`,
    `  kubectl apply -f ${plan.id}.k8s.yaml    # both Jobs; the merge Job waits until every shard wrote its .done marker`,
    `  kubectl wait --for=condition=complete --timeout=-1s job/${k8sName(plan.id, '-merge')}`,
    `Results: ${durable}/shards/<i> per shard, ${durable}/merged/${plan.id} after the merge (on the volume).`,
  ];
  const yaml = (v: unknown) => stringify(v, { lineWidth: 0, aliasDuplicateObjects: false });
  return [{ name: `${plan.id}.k8s.yaml`, text: `${comment(headerLines(plan, how))}\n${yaml(shardJob)}---\n${yaml(mergeJob)}` }];
}
