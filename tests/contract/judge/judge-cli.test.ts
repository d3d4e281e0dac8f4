import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';

const main = join(import.meta.dirname, '../../../runners/cli/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'ut-judge-cli-'));

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [main, ...args], { env: { ...process.env, USERTURN_CACHE_DIR: join(dir, 'cache') } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const line = (o: unknown) => JSON.stringify(o);
const good = { id: 'a', question: 'What is 2+2?', response: '2 + 2 = 4.', user_turn: 'Why is it 4 and not 5?' };

let sim: RunningSim;
before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 });
});
after(async () => {
  await sim.close();
});

test('userturn judge: malformed lines (not JSON, missing fields, 1 MB user turn) are reported by line number; the rest is judged; exit 1', async () => {
  const input = join(dir, 'mixed.jsonl');
  writeFileSync(
    input,
    [
      line(good),
      'this is not json',
      line({ id: 'b', question: 'q' }),
      line({ id: 'c', question: 'q', response: 'r', user_turn: 'x'.repeat(1024 * 1024) }),
      line({ id: 'd', question: 'What is 2+2?', response: '4', user_turn: 'Thanks!' }),
    ].join('\n') + '\n',
  );
  const out = join(dir, 'labels.jsonl');
  const r = await cli(['judge', '--input', input, '--out', out]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /mixed\.jsonl:2: \(line\): not valid JSON/);
  assert.match(r.stderr, /mixed\.jsonl:3: response: /);
  assert.match(r.stderr, /mixed\.jsonl:3: user_turn: /);
  assert.match(r.stderr, /mixed\.jsonl:4: \(line\): line is \d+ bytes/);
  const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((x) => [x.id, x.label]), [
    ['a', 'genuine_followup'],
    ['d', 'generic_closing'],
  ]);
  for (const x of rows) {
    assert.equal(x.kind, 'label');
    assert.equal(x.judge, `heuristic:${HEURISTIC_VERSION}`);
    assert.equal(typeof x.rationale, 'string');
  }
});

test('userturn judge: clean input exits 0 and writes {id, label, rationale, judge} to stdout', async () => {
  const input = join(dir, 'clean.jsonl');
  writeFileSync(input, `${line(good)}\n${line({ ...good, id: 'e', user_turn: '' })}\n`);
  const r = await cli(['judge', '--input', input, '--judge', 'heuristic']);
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((x) => x.label), ['genuine_followup', 'empty_or_degenerate']);
});

test('userturn judge --judge-config: LLM judge over HTTP; a judge failure is a line with label null and kind judge_error', async () => {
  const cfg = join(dir, 'judge.yaml');
  writeFileSync(cfg, `base_url: ${sim.url}/v1\nmodel: judge-sim\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
  const input = join(dir, 'llm.jsonl');
  writeFileSync(input, [line(good), line({ ...good, id: 'bad', user_turn: 'Why? [[judge:badlabel]]' }), line({ ...good, id: 'z', user_turn: 'Thanks!' })].join('\n') + '\n');
  const r = await cli(['judge', '--input', input, '--judge-config', cfg, '--no-cache']);
  assert.equal(r.code, 1, r.stderr);
  const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((x) => x.id), ['a', 'bad', 'z']);
  assert.equal(rows[0].label, 'genuine_followup');
  assert.equal(rows[0].judge, 'llm:judge-sim:judge-v2');
  assert.equal(rows[1].kind, 'judge_error');
  assert.equal(rows[1].label, null);
  assert.match(rows[1].rationale, /not in taxonomy/);
  assert.equal(rows[2].label, 'generic_closing');
  assert.match(r.stderr, /2 labelled, 1 judge error, 0 malformed/);
});

test('userturn judge --judge-config: an LLM judge on a port the global fetch refuses (6000, 6665-6669, 10080…) answers', async (t) => {
  // Those are the ports browsers block; through the openai SDK's default fetch every line was "Connection error.",
  // though a run reaches a server there (the runner's own transport).
  let s: RunningSim | undefined;
  for (const port of [6000, 6666, 6667, 6668, 6669, 6665, 10080]) {
    s = await startSim({ port, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 }).catch(() => undefined);
    if (s) break;
  }
  if (!s) return t.skip('every blocked port is in use');
  try {
    const cfg = join(dir, 'judge-blocked-port.yaml');
    writeFileSync(cfg, `base_url: ${s.url}/v1\nmodel: judge-sim\nretries: 0\ntimeout_ms: 5000\n`);
    const input = join(dir, 'blocked-port.jsonl');
    writeFileSync(input, `${line(good)}\n`);
    const r = await cli(['judge', '--input', input, '--judge-config', cfg, '--no-cache']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(rows.map((x) => [x.id, x.kind, x.label]), [['a', 'label', 'genuine_followup']]);
  } finally {
    await s.close();
  }
});

test('userturn judge: usage errors exit 2; a missing input and an invalid judge config (file and field) exit 1, as in calibrate', async () => {
  assert.equal((await cli(['judge'])).code, 2);
  assert.equal((await cli(['judge', '--input', join(dir, 'nope.jsonl')])).code, 1);
  const cfg = join(dir, 'bad.yaml');
  writeFileSync(cfg, 'model: x\napi_key: sk-live-123\n');
  const input = join(dir, 'one.jsonl');
  writeFileSync(input, `${line(good)}\n`);
  const r = await cli(['judge', '--input', input, '--judge-config', cfg]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bad\.yaml: api_key: secrets are not allowed/);
});
