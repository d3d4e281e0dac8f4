/**
 * pr-report's dry runs run a few at once: the report is the same, byte for byte, as when they run one at a time,
 * in the order of the files, and one that fails leaves the others' estimates in place. Overlap is shown by the
 * order the children log their start and end in (a child waits until all have started), not by a timing.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { estimatePlans } from '../../../runners/community/plan-estimate.ts';
import { renderReport } from '../../../runners/community/pr-report.ts';
import { buildReportInput } from '../../../runners/community/report-input.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';
import { seedHubTemplate } from '../../helpers/hub-cache.ts';

const CHILD = join(REPO_ROOT, 'tests/helpers/dry-run-child.ts');

/** Three valid submissions of different ids (the second named to make its dry run fail). */
function threeSubmissions(): { root: string; files: string[] } {
  const files = ['submissions/qwen/qwen3.5-9b.yaml', 'submissions/qwen/qwen3.5-broken.yaml', 'submissions/qwen/q.yaml'];
  const subs: Record<string, Record<string, unknown>> = {};
  files.forEach((f, i) => {
    const s = paperSubmission();
    s.id = f.split('/').pop()!.replace(/\.yaml$/, '');
    s.hf.repo = `Qwen/Model-${i}`;
    subs[f] = s;
  });
  return { root: tempRepo(subs), files };
}

test('dry runs overlap, keep file order, and one failing does not hide the others; the report equals the one-at-a-time report', async () => {
  const { root, files } = threeSubmissions();
  const run = async (concurrency: number, wait: number) => {
    const log = join(mkdtempSync(join(tmpdir(), 'ut-dry-')), 'log');
    writeFileSync(log, '');
    const input = await buildReportInput(files, root, { dryRun: { command: [CHILD, '--log', log, '--wait', String(wait)], concurrency } });
    return { input, md: renderReport(input), log: readFileSync(log, 'utf8').trim().split('\n') };
  };
  const together = await run(3, 3);
  assert.equal(together.input.errors.length, 0, JSON.stringify(together.input.errors));
  // Every child started before any ended: the three ran at once.
  assert.deepEqual(together.log.slice(0, 3).map((l) => l.split(' ')[0]), ['start', 'start', 'start'], together.log.join('\n'));
  assert.deepEqual(together.input.submissions.map((s) => s.file), files);
  const plans = together.input.submissions.map((s) => s.plan);
  assert.deepEqual(plans[0], { kind: 'estimate', requests: files[0]!.length * 7, promptTokens: files[0]!.length * 700, maxCompletionTokens: files[0]!.length * 70, items: files[0]!.length, source: 'runner dry run' });
  assert.deepEqual(plans[1], { kind: 'unavailable', reason: `the dry run exited with 3: dry-run-child: no plan for ${files[1]}` });
  assert.equal(plans[2]!.kind === 'estimate' && plans[2]!.requests, files[2]!.length * 7);

  const oneByOne = await run(1, 1);
  assert.deepEqual(oneByOne.log, files.flatMap((f) => [`start ${f}`, `end ${f}`]));
  assert.equal(together.md, oneByOne.md);
});

test('each dry run keeps its own time limit: one that hangs is stopped and named, the next still runs', async () => {
  const log = join(mkdtempSync(join(tmpdir(), 'ut-dry-')), 'log');
  writeFileSync(log, '');
  // Waiting for 9 starts that never come, each child would run 20 s; the limit stops each after 0.5 s.
  const plans = await estimatePlans(['a.yaml', 'b.yaml'], { command: [CHILD, '--log', log, '--wait', '9'], concurrency: 1, timeoutMs: 500 });
  assert.deepEqual(plans, [
    { kind: 'unavailable', reason: 'the dry run did not finish (it ran longer than 0.5 s)' },
    { kind: 'unavailable', reason: 'the dry run did not finish (it ran longer than 0.5 s)' },
  ]);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['start a.yaml', 'start b.yaml']);
});

const DATA = process.env.USERTURN_DATA_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'datasets');
// Run at once, the real dry runs share the datasets, the hub cache and the request cache's folder: each must still
// finish with its plan. (That order and bytes equal a one-at-a-time report is the stand-in child's test above; these
// three plans come out the same, so they could not show it.)
test('with the runner\'s real dry runs, several submissions at once each finish with a plan', { skip: existsSync(join(DATA, 'gsm8k')) ? false : `datasets not found at ${DATA}`, timeout: 240_000 }, async () => {
  const files = ['submissions/qwen/qwen3.5-0.8b.yaml', 'submissions/openai/gpt-oss-20b.yaml', 'submissions/zai-org/glm-4.5-air.yaml'];
  const cache = mkdtempSync(join(tmpdir(), 'ut-dry-real-'));
  for (const f of files) seedHubTemplate(join(cache, 'hub'), /repo: (\S+)/.exec(readFileSync(join(REPO_ROOT, f), 'utf8'))![1]!, 'main');
  Object.assign(process.env, { USERTURN_CACHE_DIR: cache, USERTURN_DATA_DIR: DATA, HF_HUB_CACHE: join(cache, 'hub'), HF_HUB_OFFLINE: '1' });
  const report = async (concurrency: number) => renderReport(await buildReportInput(files, REPO_ROOT, { dryRun: { concurrency } }));
  const together = await report(3);
  const rows = together.match(/^\| Planned run \| .*$/gm) ?? [];
  assert.equal(rows.length, 3, together);
  for (const r of rows) assert.match(r, /requests, .* \(runner dry run\) \|$/);
});
