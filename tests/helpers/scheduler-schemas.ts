import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { parse } from 'yaml';
import { REPO_ROOT } from './cli.ts';

/**
 * What `userturn launch` writes, checked against each scheduler's published schema where one exists:
 * SkyPilot's task schema (a JSON Schema derived from sky/utils/schemas.py, the commit in the fixture), the
 * Kubernetes batch/v1 Job schema (kubernetes-models, compiled from the Kubernetes OpenAPI spec), and for
 * Slurm, which publishes none, sbatch's documented option list (from its man page, the commit in the fixture).
 */
const FIXTURES = join(REPO_ROOT, 'tests', 'fixtures', 'launch');

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const skypilotTask = ajv.compile(JSON.parse(readFileSync(join(FIXTURES, 'skypilot-task.schema.json'), 'utf8')));

/** Errors of a SkyPilot task YAML against SkyPilot's task schema ([] when it is valid). */
export function skypilotTaskErrors(task: unknown): string[] {
  if (skypilotTask(task)) return [];
  return (skypilotTask.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
}

/** A batch/v1 Job against the Kubernetes OpenAPI schema; the error names the field, or null when valid. */
export function k8sJobError(doc: unknown): string | null {
  try {
    new Job(doc as ConstructorParameters<typeof Job>[0]).validate();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const SBATCH = parse(readFileSync(join(FIXTURES, 'sbatch-options.yaml'), 'utf8')) as { options: string[] };
export const SBATCH_OPTIONS: ReadonlySet<string> = new Set(SBATCH.options);

/** Every long option sbatch would read from a batch script's #SBATCH lines. */
export function sbatchLineOptions(script: string): string[] {
  return script.split('\n').filter((l) => l.startsWith('#SBATCH')).map((l) => {
    const m = /^#SBATCH --([a-z][a-z0-9-]*)(=\S+)?$/.exec(l);
    assert.ok(m, `not a long option: ${l}`);
    return m[1]!;
  });
}
