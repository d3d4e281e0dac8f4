import assert from 'node:assert/strict';
import { globSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { loadSubmission } from '../../../runners/community/load-submission.ts';
import { launchFiles } from '../../../runners/launch/launch.ts';
import { buildLaunchPlan } from '../../../runners/launch/plan.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { engineSubmission } from '../../helpers/launch-submission.ts';
import { k8sJobError } from '../../helpers/scheduler-schemas.ts';

/**
 * The engine sidecar downloads the weights into HF_HOME. Left at the image's default (~/.cache/huggingface), that is
 * the container's writable layer: unbounded ephemeral storage on the node, and gone when the container restarts.
 * It must be a volume: an emptyDir with a sizeLimit, or the claim --hf-cache-pvc names.
 */
const GIT = { repoUrl: 'https://github.com/example/userturn.git', commit: '0123456789abcdef0123456789abcdef01234567' };
const gib = (q: string) => Number(/^(\d+)Gi$/.exec(q)![1]);

async function shardPod(file: string, extra: Record<string, string> = {}) {
  const plan = await buildLaunchPlan(join(REPO_ROOT, file), { shards: 2, root: REPO_ROOT, ...GIT, ...extra });
  const docs = parseAllDocuments(launchFiles(plan, 'k8s')[0]!.text).map((d) => d.toJS());
  for (const d of docs) assert.equal(k8sJobError(d), null, `${file}: ${d.metadata.name}`);
  const pod = docs[0].spec.template.spec;
  const engine = pod.initContainers.find((c: any) => c.name === 'engine');
  const hfHome = engine.env.find((e: any) => e.name === 'HF_HOME')?.value;
  const mount = engine.volumeMounts.find((m: any) => m.mountPath === hfHome);
  return { engine, hfHome, volume: mount && pod.volumes.find((v: any) => v.name === mount.name) };
}

for (const file of globSync('submissions/*/*.yaml', { cwd: REPO_ROOT }).sort()) {
  test(`k8s: the engine's HF_HOME is an emptyDir with a sizeLimit that holds the weights: ${file}`, async () => {
    const loaded = await loadSubmission(join(REPO_ROOT, file));
    assert.ok(loaded.ok);
    const { engine, hfHome, volume } = await shardPod(file);
    assert.ok(hfHome, 'HF_HOME is set on the engine');
    assert.ok(volume, `HF_HOME (${hfHome}) is the mount path of one of the pod's volumes`);
    assert.ok(volume.emptyDir, 'an emptyDir by default');
    assert.notEqual(volume.emptyDir.medium, 'Memory');
    // 16-bit weights take 2 bytes a parameter.
    assert.ok(gib(volume.emptyDir.sizeLimit) * 2 ** 30 >= loaded.value.params.total_b * 1e9 * 2, `${volume.emptyDir.sizeLimit} for ${loaded.value.params.total_b}B`);
    assert.equal(engine.resources.requests['ephemeral-storage'], volume.emptyDir.sizeLimit, 'scheduled on a node with that much disk');
  });
}

test('k8s --hf-cache-pvc: the engine\'s HF_HOME is that claim, kept between pods; --hf-cache-size sets the emptyDir', async () => {
  const file = 'submissions/qwen/qwen3.5-9b.yaml';
  const pvc = await shardPod(file, { hfCachePvc: 'hf-weights' });
  assert.deepEqual(pvc.volume, { name: 'hf-cache', persistentVolumeClaim: { claimName: 'hf-weights' } });
  assert.equal(pvc.engine.resources.requests, undefined, 'no ephemeral storage asked for');
  const sized = await shardPod(file, { hfCacheSize: '300Gi' });
  assert.equal(sized.volume.emptyDir.sizeLimit, '300Gi');
});

test('CLI: --hf-cache-pvc and --hf-cache-size values are checked and named, exit 2', () => {
  const base = ['launch', 'submissions/qwen/qwen3.5-9b.yaml', '--shards', '2', '--target', 'k8s', '--repo-url', GIT.repoUrl, '--commit', GIT.commit];
  for (const [args, message] of [
    [['--hf-cache-pvc', 'Bad_Name'], /^--hf-cache-pvc: "Bad_Name" is not a PersistentVolumeClaim name/],
    [['--hf-cache-size', '500GB'], /^--hf-cache-size: "500GB" is not a size like 500Gi/],
    [['--hf-cache-pvc', 'w', '--hf-cache-size', '5Gi'], /^--hf-cache-size: sizes the emptyDir used without --hf-cache-pvc/],
  ] as const) {
    const r = runCli([...base, ...args]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, message);
  }
  const ok = runCli([...base, '--hf-cache-pvc', 'hf-weights']);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /persistentVolumeClaim:\n\s+claimName: hf-weights\n/);
});

test('a GGUF submission\'s HF cache is sized from its quantisation\'s bits per weight; an unknown quantisation and other engines as 16-bit weights', async () => {
  const sized = async (engine: string, serving = '') => {
    const { root, file } = engineSubmission(engine, serving);
    writeFileSync(file, readFileSync(file, 'utf8').replace('total_b: 9', 'total_b: 70').replace('active_b: 9', 'active_b: 70'));
    return (await buildLaunchPlan(file, { shards: 2, root, ...GIT })).hfCache;
  };
  // 70B at 4.9 bits is 43 GB of weights: 54Gi with the quarter more, not the 175Gi of 16-bit weights.
  assert.deepEqual(await sized('llamacpp', '\n  gguf_quant: Q4_K_M'), { sizeLimit: '54Gi' });
  assert.deepEqual(await sized('llamacpp', '\n  gguf_quant: q8_0'), { sizeLimit: '93Gi' });
  assert.deepEqual(await sized('llamacpp', '\n  gguf_quant: UD-Q4_K_XL'), { sizeLimit: '175Gi' });
  assert.deepEqual(await sized('vllm'), { sizeLimit: '175Gi' });
});
