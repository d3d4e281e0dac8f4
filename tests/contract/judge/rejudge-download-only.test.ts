/**
 * Rejudging a download-only dataset (HealthBench): its samples hold a placeholder where the prompt was, while the run's
 * judge saw the real prompt (runners/probe/item.ts). rejudge must judge what the run judged: it reads the prompts from
 * the local dataset files the run read (--data-dir, USERTURN_DATA_DIR), and refuses, writing nothing, when they are not
 * at hand. The result is a real `userturn run` of the hand-written HealthBench fixture on the simulator, judged by the
 * heuristic judge; the heuristic judge gives other verdicts on the placeholders, so reproducing the run's verdicts
 * exactly proves the real prompts reached it.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createHeuristicJudge } from '../../../runners/judge/heuristic/judge.ts';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';
import { Sample } from '../../../src/schema/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { fixtureData, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const ID = 'qwen3.5-9b';
const HB_FILE = join(fixtureData, 'healthbench', 'healthbench.jsonl');
/** The fixture's prompts as the run gives them to the judge: the last user message of each conversation. */
const PROMPTS = new Map(
  readFileSync(HB_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { prompt_id: string; prompt: Array<{ role: string; content: string }> })
    .map((r) => [r.prompt_id, r.prompt.filter((m) => m.role === 'user').at(-1)!.content] as const),
);

let sim: SpawnedSim;
let work: string;
let resultDir: string;
/** The environment of every rejudge: its own cache, and no data dir unless a test gives one. */
let env: Record<string, string>;

before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
  work = mkdtempSync(join(tmpdir(), 'ut-rejudge-hb-'));
  resultDir = join(work, 'results', ID);
  env = { USERTURN_CACHE_DIR: join(work, 'cache'), USERTURN_DATA_DIR: '' };
  const r = runCli(['run', `submissions/qwen/${ID}.yaml`, '--base-url', `${sim.url}/v1`, '--limit', '5', '--datasets', 'healthbench', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', join(work, 'results')], { env });
  assert.equal(r.code, 0, r.stderr);
  writeFileSync(join(work, 'judge.yaml'), `base_url: ${sim.url}/v1\nmodel: judge-sim\nprompt_version: judge-v1\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
});
after(async () => {
  await sim.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Every file of the result, by relative path. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = { 'summary.json': readFileSync(join(resultDir, 'summary.json'), 'utf8') };
  for (const f of readdirSync(join(resultDir, 'samples'))) out[`samples/${f}`] = readFileSync(join(resultDir, 'samples', f), 'utf8');
  return out;
}
const samplesOf = (snap: Record<string, string>): Sample[] => (snap['samples/healthbench.jsonl'] ?? '').trim().split('\n').map((l) => Sample.parse(JSON.parse(l)));
const judgeRequests = async (): Promise<unknown[]> => ((await (await fetch(`${sim.url}/sim/judge-requests`)).json()) as { requests: unknown[] }).requests;
const resetSim = async () => void (await fetch(`${sim.url}/sim/reset`, { method: 'POST' }));

test('the run stored placeholders, and the heuristic judge labels the placeholders differently from the prompts', async () => {
  const samples = samplesOf(snapshot());
  assert.equal(new Set(samples.map((s) => s.item_id)).size, PROMPTS.size);
  for (const s of samples) assert.equal(s.question, `[healthbench item ${s.item_id}: prompt not redistributed]`);
  const judge = createHeuristicJudge();
  let differ = 0;
  for (const s of samples) {
    const onPlaceholder = await judge.judge({ id: s.id, question: s.question, response: s.response, user_turn: s.user_turn, dataset: s.dataset });
    if (JSON.stringify(onPlaceholder) !== JSON.stringify(s.verdicts[0])) differ++;
  }
  assert.ok(differ > 0, 'on the placeholders some verdicts change: otherwise this file could not tell');
});

test('with --data-dir (or USERTURN_DATA_DIR) the heuristic judge gives back the run\'s verdicts exactly: no change', () => {
  const before = snapshot();
  const variable = runCli(['rejudge', resultDir, '--judge', 'heuristic'], { env: { ...env, USERTURN_DATA_DIR: fixtureData } });
  assert.equal(variable.code, 0, variable.stderr);
  assert.match(variable.stdout, new RegExp(`^no change: .* 55 labelled, 0 judge error\\(s\\).*panel: heuristic:${HEURISTIC_VERSION.replace('.', '\\.')} \\(primary\\)`));
  assert.deepEqual(snapshot(), before);
  const flag = runCli(['rejudge', resultDir, '--judge', 'heuristic', '--data-dir', fixtureData], { env });
  assert.equal(flag.code, 0, flag.stderr);
  assert.match(flag.stdout, /^no change: /);
  assert.deepEqual(snapshot(), before);
});

test('without the prompts at hand rejudge refuses, naming the dataset, the result and the fix, and writes nothing', async () => {
  const before = snapshot();
  const other = join(work, 'other-data');
  mkdirSync(join(other, 'healthbench'), { recursive: true });
  // One prompt edited: the file is not the one the run read.
  writeFileSync(join(other, 'healthbench', 'healthbench.jsonl'), readFileSync(HB_FILE, 'utf8').replace('fever of 39.2 C', 'fever of 38.5 C'));
  const empty = join(work, 'empty-data');
  mkdirSync(empty, { recursive: true });
  const cases: Array<{ args: string[]; env: Record<string, string>; why: RegExp }> = [
    { args: [], env, why: /no --data-dir or USERTURN_DATA_DIR is set/ },
    { args: ['--data-dir', empty], env, why: /empty-data\/healthbench\/healthbench\.jsonl: not found/ },
    { args: [], env: { ...env, USERTURN_DATA_DIR: other }, why: /other-data\/healthbench\/healthbench\.jsonl has sha256 [0-9a-f]{12}…, not the [0-9a-f]{12}… the run read/ },
  ];
  await resetSim();
  for (const c of cases) {
    // An LLM judge: refused before a single question is sent.
    const r = runCli(['rejudge', resultDir, '--judge-config', join(work, 'judge.yaml'), '--no-cache', ...c.args], { env: c.env });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, new RegExp(`cannot rejudge ${resultDir.replace(/[.]/g, '\\.')}: healthbench is a download-only dataset`));
    assert.match(r.stderr, c.why);
    assert.match(r.stderr, /pass --data-dir DIR or set USERTURN_DATA_DIR, with the file the run read at DIR\/healthbench\/healthbench\.jsonl \(sha256 [0-9a-f]{12}…\); nothing was written/);
    assert.deepEqual(snapshot(), before);
  }
  const heuristic = runCli(['rejudge', resultDir, '--judge', 'heuristic', '--only'], { env });
  assert.equal(heuristic.code, 1, heuristic.stdout + heuristic.stderr);
  assert.match(heuristic.stderr, /healthbench is a download-only dataset/);
  assert.deepEqual(snapshot(), before);
  assert.deepEqual(await judgeRequests(), [], 'no judge was asked anything');
});

test('an LLM judge is asked about the real prompts; the written files keep the placeholders and change only in verdicts', async () => {
  const before = snapshot();
  await resetSim();
  const r = runCli(['rejudge', resultDir, '--judge-config', join(work, 'judge.yaml'), '--no-cache', '--data-dir', fixtureData], { env });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^updated: .* 55 labelled/);
  const asked = (await judgeRequests()) as Array<{ messages: Array<{ role: string; content: string }> }>;
  assert.ok(asked.length > 0);
  const questions = asked.map((b) => {
    const last = b.messages.filter((m) => m.role === 'user').at(-1)!.content;
    return (JSON.parse(last.slice(last.indexOf('{'))) as { question: string }).question;
  });
  assert.ok(questions.every((q) => [...PROMPTS.values()].includes(q)), `every question is a real prompt: ${questions.filter((q) => ![...PROMPTS.values()].includes(q)).slice(0, 2).join(' | ')}`);
  const after = snapshot();
  const a = samplesOf(before);
  const b = samplesOf(after);
  assert.deepEqual(b.map((s) => ({ ...s, verdicts: [] })), a.map((s) => ({ ...s, verdicts: [] })), 'everything but the verdicts is unchanged: the questions stay placeholders');
  assert.deepEqual(b.map((s) => s.verdicts.map((v) => v.judge)), a.map(() => ['llm:judge-sim:judge-v1', `heuristic:${HEURISTIC_VERSION}`]));
  for (const p of PROMPTS.values()) assert.ok(!after['summary.json']!.includes(p), 'no prompt in summary.json');
});
