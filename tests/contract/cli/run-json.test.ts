import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertEscaped, HOSTILE } from '../../helpers/hostile-text.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const common = ['--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k', '--limit', '2', '--json'];
let sim: SpawnedSim;
let work: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '4', '--data-dir', fixtureData]);
  work = await mkdtemp(join(tmpdir(), 'ut-run-json-'));
});
after(async () => {
  await sim.stop();
  await rm(work, { recursive: true, force: true });
});

/** stdout of a --json run: exactly one line, a JSON object. */
function onlyLine(stdout: string): Record<string, unknown> {
  const lines = stdout.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, `stdout must be one line:\n${stdout}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe('run --json', () => {
  it('a run ends with one summary line on stdout; its logs stay on stderr', async () => {
    const out = join(work, 'results');
    const r = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, ...common, '--out', out, '--cache', join(work, 'c.sqlite')]);
    assert.equal(r.code, 0, r.stderr);
    const line = onlyLine(r.stdout);
    assert.deepEqual(Object.keys(line), ['command', 'mode', 'exit_code', 'result_dir', 'summary_file', 'submission', 'requests', 'shard_requests', 'datasets', 'duration_s']);
    assert.equal(line.mode, 'run');
    assert.equal(line.exit_code, 0);
    assert.equal(line.result_dir, join(out, 'qwen3.5-9b'));
    assert.equal(line.summary_file, join(out, 'qwen3.5-9b', 'summary.json'));
    assert.equal(line.submission, 'qwen3.5-9b');
    const req = line.requests as { sent: number; cache_hits: number; errors: number };
    assert.ok(req.sent > 0 && req.errors === 0, JSON.stringify(req));
    assert.deepEqual(line.datasets, [{ id: 'gsm8k', items: 2 }]);
    assert.match(r.stderr, /wrote .*summary\.json/);
  });

  it('an --out path with escape sequences, U+202E and a line break: the line stays one line of JSON, each as \\uXXXX, and reads back as the path', async () => {
    const out = join(work, `results${HOSTILE}`);
    const r = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, ...common, '--out', out, '--cache', join(work, 'c.sqlite')]);
    assert.equal(r.code, 0, r.stderr);
    assertEscaped(r);
    assert.ok(r.stdout.includes(String.raw`\u202eevil\nuserturn: ok`), r.stdout);
    const line = onlyLine(r.stdout);
    assert.equal(line.result_dir, join(out, 'qwen3.5-9b'));
    assert.equal(line.summary_file, join(out, 'qwen3.5-9b', 'summary.json'));
    // The rerun keeps the whole result and says so on another line naming the path.
    const again = await runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, ...common, '--out', out, '--cache', join(work, 'c.sqlite')]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /samples file\(s\) kept/);
    assertEscaped(again);
    assert.equal(onlyLine(again.stdout).result_dir, join(out, 'qwen3.5-9b'));
  });

  it('a dry run prints its plan on stderr and a line with no result', async () => {
    const r = await runCli(['run', SUBMISSION, '--dry-run', ...common]);
    assert.equal(r.code, 0, r.stderr);
    const line = onlyLine(r.stdout);
    assert.equal(line.mode, 'dry-run');
    assert.equal(line.result_dir, null);
    assert.equal(line.requests, null);
    assert.match(r.stderr, /total/);
  });
});
