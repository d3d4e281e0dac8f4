import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { probePlan, submissionFromPrFiles } from '../../../runners/community/probe-plan.ts';
import { evaluateExpression, interpolate } from '../../helpers/gha-expression.ts';

/**
 * probe.yml runs on every `labeled` event, and a concurrency group holds at most one running and one pending run:
 * "Any existing pending job or workflow in the same concurrency group, if it exists, will be canceled and the new
 * queued job or workflow will take its place" (docs.github.com, Control the concurrency of workflows and jobs). So a
 * probe waiting behind a running one must not share its group with the no-op runs other labels start.
 */
const wf = parse(readFileSync(join(REPO_ROOT, '.github/workflows/probe.yml'), 'utf8')) as { concurrency: { group: string } };

const labelled = (pr: number, label: string, run: number) => ({ github: { event_name: 'pull_request_target', run_id: run, event: { pull_request: { number: pr }, label: { name: label } } }, inputs: {} });
const dispatched = (submission: string, run: number) => ({ github: { event_name: 'workflow_dispatch', run_id: run, event: { inputs: { submission } } }, inputs: { submission } });
const group = (ctx: Record<string, unknown>) => interpolate(wf.concurrency.group, ctx);

test('the expression helper reads && / || as GitHub does (they return an operand)', () => {
  assert.equal(evaluateExpression("a && 'x' || 'y'", { a: '' }), 'y');
  assert.equal(evaluateExpression("a == 'RUN' && b || c", { a: 'run', b: 7, c: 9 }), 7);
  assert.equal(evaluateExpression("format('p-{0}', x.y)", { x: {} }), 'p-');
});

test('probe.yml: another label on the pull request never takes the concurrency group of a waiting probe', () => {
  const probe = group(labelled(7, 'run-probe', 100));
  assert.equal(group(labelled(7, 'run-probe', 101)), probe, 'two probes of one pull request queue one behind the other');
  assert.notEqual(group(labelled(7, 'documentation', 102)), probe, 'a no-op run would cancel the pending probe');
  assert.notEqual(group(labelled(7, 'documentation', 102)), group(labelled(7, 'help wanted', 103)));
  assert.notEqual(group(labelled(8, 'run-probe', 104)), probe);
  assert.equal(group(dispatched('submissions/qwen/qwen3.5-9b.yaml', 105)), group(dispatched('submissions/qwen/qwen3.5-9b.yaml', 106)));
  assert.notEqual(group(dispatched('submissions/qwen/qwen3.5-9b.yaml', 105)), probe);
});

/**
 * A dispatch names a submission path; a labelled pull request is known by its number until the plan job has read its
 * files. The workflow-level group can only use the first, so a dispatch and a labelled run of one submission each had
 * a group of their own and probed it at once. The GPU part (the run job) waits in a group built from the plan's id.
 */
const jobs = (wf as unknown as { jobs: Record<string, any> }).jobs;
/** The plan job's outputs as GitHub builds them: its `outputs:` expressions over probe-plan.ts's step outputs. */
function planOutputs(submission: string): Record<string, string> {
  const plan = probePlan({ submission, shards: '1' });
  const step = { outputs: { submission: plan.submission, id: plan.id, shards: JSON.stringify(plan.shards) } };
  return Object.fromEntries(Object.entries(jobs.plan.outputs as Record<string, string>).map(([k, v]) => [k, interpolate(v, { steps: { plan: step }, inputs: {}, vars: {} })]));
}
const runGroup = (ctx: Record<string, unknown>, submission: string) => interpolate(jobs.run.concurrency.group, { ...ctx, needs: { plan: { outputs: planOutputs(submission) } } });

test('probe.yml: a dispatch and a labelled pull request of one submission wait in one group; other submissions do not', () => {
  assert.ok(jobs.run?.concurrency?.group, 'the GPU part waits in a concurrency group built from the plan');
  const sub = 'submissions/qwen/qwen3.5-9b.yaml';
  const fromPr = submissionFromPrFiles([{ filename: sub, status: 'modified' }, { filename: 'README.md', status: 'modified' }]);
  const dispatch = runGroup(dispatched(sub, 200), sub);
  assert.equal(runGroup(labelled(7, 'run-probe', 201), fromPr), dispatch);
  assert.equal(runGroup(labelled(9, 'run-probe', 202), fromPr), dispatch, 'two pull requests changing one submission');
  assert.notEqual(runGroup(dispatched('submissions/qwen/qwen3.5-27b.yaml', 203), 'submissions/qwen/qwen3.5-27b.yaml'), dispatch);
  assert.equal(jobs.run.concurrency['cancel-in-progress'], false, 'a second run waits; it never cancels a running probe');
  // The group covers every GPU job: probe.yml has only the plan and the job that calls probe-run.yml.
  assert.deepEqual(Object.keys(jobs), ['plan', 'run']);
  assert.equal(jobs.run.uses, './.github/workflows/probe-run.yml');
});
