import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';
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
