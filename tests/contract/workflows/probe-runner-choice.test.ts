import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * The probe jobs run only when the plan's runner is "self-hosted" or "skypilot" (their `if:`). Any other value of the
 * repository variable USERTURN_PROBE_RUNNER skipped every job and the workflow ended green with nothing probed: the
 * plan job now refuses it.
 */
const workflow = parse(readFileSync(join(REPO_ROOT, '.github/workflows/probe.yml'), 'utf8')) as { jobs: Record<string, any> };
const called = parse(readFileSync(join(REPO_ROOT, '.github/workflows/probe-run.yml'), 'utf8')) as { jobs: Record<string, any> };

function runnerCheck(choice: string) {
  const step = (workflow.jobs.plan.steps as Array<Record<string, any>>).find((s) => typeof s.env?.RUNNER_CHOICE === 'string');
  assert.ok(step, 'the plan job has a step that checks the runner choice');
  return spawnSync('bash', ['-e', '-c', step.run as string], { env: { PATH: process.env.PATH, RUNNER_CHOICE: choice }, encoding: 'utf8' });
}

test('the plan job refuses a runner choice no probe job runs on, and passes the two that do', () => {
  assert.equal(workflow.jobs.run.with.runner, '${{ needs.plan.outputs.runner }}');
  const jobIfs = Object.values(called.jobs).map((j) => String(j.if ?? ''));
  for (const ok of ['self-hosted', 'skypilot']) {
    assert.ok(jobIfs.some((c) => c.includes(`inputs.runner == '${ok}'`)), `a job runs on ${ok}`);
    assert.equal(runnerCheck(ok).status, 0, ok);
  }
  const bad = runnerCheck('self_hosted');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /runner "self_hosted" .*USERTURN_PROBE_RUNNER.* is neither self-hosted nor skypilot/);
});
