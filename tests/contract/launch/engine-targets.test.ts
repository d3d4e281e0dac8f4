import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import { launchFiles } from '../../../runners/launch/launch.ts';
import { LaunchInputError, buildLaunchPlan } from '../../../runners/launch/plan.ts';
import { engineSubmission } from '../../helpers/launch-submission.ts';

/**
 * SkyPilot's setup installs the engine with pip and Kubernetes runs it from the engine's image: only vLLM and
 * SGLang have both here. For TGI or llama.cpp those targets are refused by name (a task would install vLLM and
 * then run text-generation-launcher; a pod's engine container would have no image); Slurm uses the engine the
 * submitting environment has, so it takes them.
 */
const GIT = { repoUrl: 'https://github.com/example/userturn.git', commit: '0123456789abcdef0123456789abcdef01234567' };

for (const [engine, serving, bin] of [['tgi', '', 'text-generation-launcher'], ['llamacpp', '\n  gguf_quant: Q4_K_M', 'llama-server']] as const) {
  test(`${engine}: SkyPilot and Kubernetes refuse it by name, Slurm serves it`, async () => {
    const { root, file } = engineSubmission(engine, serving);
    const plan = await buildLaunchPlan(file, { shards: 2, root, ...GIT });
    for (const target of ['skypilot', 'k8s'] as const) {
      assert.throws(() => launchFiles(plan, target), (e: unknown) => e instanceof LaunchInputError && e.message.includes(`--target ${target}`) && e.message.includes(engine) && e.message.includes('--target slurm'), target);
    }
    const [array] = launchFiles(plan, 'slurm');
    assert.match(array!.text, new RegExp(`^command -v ${bin} `, 'm'));
  });
}

test('vLLM and SGLang: SkyPilot installs the engine the task runs, Kubernetes runs it from its image', async () => {
  for (const [engine, pip, image] of [['vllm', 'pip install vllm', 'vllm/vllm-openai:'], ['sglang', 'pip install "sglang[all]"', 'lmsysorg/sglang:']] as const) {
    const { root, file } = engineSubmission(engine);
    const plan = await buildLaunchPlan(file, { shards: 2, root, ...GIT });
    assert.ok(parse(launchFiles(plan, 'skypilot')[0]!.text).setup.includes(pip), engine);
    const pod = parse(launchFiles(plan, 'k8s')[0]!.text.split('\n---\n')[0]!).spec.template.spec;
    assert.ok(pod.initContainers.find((c: { name: string }) => c.name === 'engine').image.startsWith(image), engine);
  }
});
