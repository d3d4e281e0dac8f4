import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * On the run-probe label path the submission file exists only in the pull request, never in the base checkout.
 * Every probe.yml job that hands "$SUBMISSION" to userturn must therefore first copy it in with pr-files.ts
 * (--only "$SUBMISSION") when the event is pull_request_target; otherwise `userturn run --merge` in the collect
 * job cannot read the submission and a two-day GPU run is lost at the last step.
 */
type Jobs = { jobs: Record<string, { steps?: Array<Record<string, any>> }> };
const load = (f: string) => parse(readFileSync(join(REPO_ROOT, '.github', 'workflows', f), 'utf8')) as Jobs;
const wf = load('probe-run.yml');
const allJobs = [...Object.entries(load('probe.yml').jobs), ...Object.entries(wf.jobs)];

test('probe.yml and probe-run.yml: every job that reads "$SUBMISSION" copies it in from the pull request first', () => {
  for (const [name, job] of allJobs) {
    const steps = job.steps ?? [];
    const firstUse = steps.findIndex((s) => typeof s.run === 'string' && /userturn[^\n]*"\$SUBMISSION"|probe-job\.ts "\$SUBMISSION"/.test(s.run));
    if (firstUse < 0) continue;
    const copy = steps.findIndex((s) => typeof s.run === 'string' && /runners\/community\/pr-files\.ts[^\n]*--only "\$SUBMISSION"/.test(s.run));
    assert.ok(copy >= 0 && copy < firstUse, `job ${name}: uses "$SUBMISSION" (step ${firstUse + 1}) without copying it from the pull request first`);
    const step = steps[copy]!;
    assert.equal(step.if, "github.event_name == 'pull_request_target'", `job ${name}: the copy step runs only for labelled pull requests`);
    for (const v of ['PR_NUMBER', 'HEAD_SHA', 'GITHUB_TOKEN']) assert.ok(step.env?.[v], `job ${name}: the copy step needs ${v} in env`);
  }
});

test('probe.yml collect: the merge re-plans the run (it loads the chat template from the hub), so it gets HF_TOKEN like the probe', () => {
  const steps = wf.jobs.collect!.steps ?? [];
  const merge = steps.find((s) => typeof s.run === 'string' && /npx userturn run "\$SUBMISSION" "\$\{merge\[@\]\}"/.test(s.run));
  assert.ok(merge, 'collect has the merge step');
  assert.equal(merge.env?.HF_TOKEN, '${{ secrets.HF_TOKEN }}', 'gated models (Llama, Gemma) need HF_TOKEN to fetch the template again');
});
