import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { k8sJobError, SBATCH_OPTIONS, sbatchLineOptions, skypilotTaskErrors } from '../../helpers/scheduler-schemas.ts';

/** The schema checks of tests/contract/launch really reject what the schedulers reject. */
const task = { name: 't', workdir: '.', num_nodes: 2, resources: { accelerators: 'H100:8', disk_size: 512 }, file_mounts: { '/userturn-bucket': { source: 's3://b/x', mode: 'MOUNT' } }, setup: 'true', run: 'true' };
const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { completionMode: 'Indexed', completions: 2, parallelism: 2, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'a', image: 'busybox', command: ['true'] }] } } } };

test('SkyPilot task schema: a valid task passes; unknown keys, wrong types and bad storage modes fail, naming the field', () => {
  assert.deepEqual(skypilotTaskErrors(task), []);
  assert.match(skypilotTaskErrors({ ...task, nodes: 2 }).join('\n'), /must NOT have additional properties \(nodes\)/);
  assert.match(skypilotTaskErrors({ ...task, num_nodes: '2' }).join('\n'), /\/num_nodes must be integer/);
  assert.match(skypilotTaskErrors({ ...task, resources: { gpus: 'H100:8' } }).join('\n'), /\/resources .*\(gpus\)/);
  assert.match(skypilotTaskErrors({ ...task, file_mounts: { '/b': { source: 's3://b', mode: 'STREAM' } } }).join('\n'), /\/file_mounts\/~1b/);
});

test('Kubernetes batch/v1 Job schema (kubernetes-models): a valid Job passes; a bad enum or type fails, naming the field', () => {
  assert.equal(k8sJobError(job), null);
  assert.match(k8sJobError({ ...job, spec: { ...job.spec, completionMode: 'Sideways' } }) ?? '', /spec\/completionMode must be equal to one of the allowed values/);
  assert.match(k8sJobError({ ...job, spec: { ...job.spec, parallelism: 'two' } }) ?? '', /spec\/parallelism must be integer/);
  assert.match(k8sJobError({ ...job, spec: { template: { spec: { restartPolicy: 'Never' } } } }) ?? '', /must have required property 'containers'|required property containers/);
});

test('sbatch options: the fixture is the man page list and names its source; a made-up option is not in it', () => {
  const fixture = parse(readFileSync(join(REPO_ROOT, 'tests/fixtures/launch/sbatch-options.yaml'), 'utf8')) as { source: { repo: string; path: string; commit: string } };
  assert.deepEqual([fixture.source.repo, fixture.source.path], ['SchedMD/slurm', 'doc/man/man1/sbatch.1']);
  assert.match(fixture.source.commit, /^[0-9a-f]{40}$/);
  for (const o of ['array', 'gres', 'job-name', 'time', 'dependency', 'parsable']) assert.ok(SBATCH_OPTIONS.has(o), o);
  assert.ok(SBATCH_OPTIONS.size > 100);
  assert.equal(SBATCH_OPTIONS.has('gpus-per-shard'), false);
  assert.deepEqual(sbatchLineOptions('#!/bin/bash\n#SBATCH --array=1-4\n#SBATCH --exclusive\necho'), ['array', 'exclusive']);
  assert.throws(() => sbatchLineOptions('#SBATCH -N 1'), /not a long option/);
});
