/**
 * A panel rejudge (--judge-config twice) is all or nothing: when its second judge fails (its endpoint refuses, its
 * verdict cache cannot be written, a SIGTERM), the result folder is left byte for byte as it was and the command says
 * which judge failed and why, with no stack; the first judge's verdicts stay in the verdict cache, so the rerun does
 * not ask it again. Before, each judge rewrote the result when it was done, and a failure of the second left the
 * first one's rewrite: a result relabelled by half the panel.
 * Each judge has its own simulator (real HTTP), so the requests to each can be counted.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Sample } from '../../../src/schema/index.ts';
import { folderSnapshot } from '../../helpers/folder-snapshot.ts';
import { fixtureData, fixtureResult, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { commandWithStorageFailure, verdictRequests, verdictRows } from '../../helpers/storage-fails.ts';

const PROFILE = ['--profile', 'aware', '--seed', '7', '--data-dir', fixtureData];

/** Judge 1's endpoint (and the engine of the run that made the result). */
let first: SpawnedSim;
/** Judge 2's endpoint; its answers are spread out, so a failure comes while its verdicts are still to be asked. */
let second: SpawnedSim;
let work: string;
let result: string;
/** User turns the result has to judge (generation errors are skipped). */
let toJudge: number;
let api: string;
let open: string;
let refused: string;

const config = (name: string, url: string, model: string): string => {
  const file = join(work, name);
  writeFileSync(file, `base_url: ${url}/v1\nmodel: ${model}\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 10000\n`);
  return file;
};

/** A fresh copy of the result, as results/<id> under its own folder. */
function copy(name: string): string {
  const dir = join(work, name, 'results', 'qwen3.5-9b');
  cpSync(result, dir, { recursive: true });
  return dir;
}

const reset = () => Promise.all([first, second].map((s) => fetch(`${s.url}/sim/reset`, { method: 'POST' })));
const asked = async (sim: SpawnedSim): Promise<number> => verdictRequests(await sim.stats());
const panel = (dir: string, cache: string, second: string) => ['rejudge', dir, '--judge-config', api, '--judge-config', second, '--cache', cache];

/** Exit 1 and one line on stderr (the preload's TEST: lines aside), no stack, beginning with `start`. */
function assertOneLine(r: { code: number | null; stderr: string }, start: string): string {
  assert.equal(r.code, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error|Unhandled|\n\s+at /, r.stderr);
  const lines = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('TEST: '));
  assert.equal(lines.length, 1, r.stderr);
  assert.ok(lines[0]!.startsWith(start), `${lines[0]}\ndoes not start with\n${start}`);
  return lines[0]!;
}

/** The same panel again, with judge 2 reachable: it completes, and judge 1 is answered from the cache alone. */
async function rerunFromCache(dir: string, cache: string, reference: Record<string, string>): Promise<void> {
  await reset();
  const again = await runCli(panel(dir, cache, open));
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /^updated: /m);
  assert.equal(await asked(first), 0, 'the rerun asked judge 1 again for verdicts it had given');
  assert.ok((await asked(second)) > 0);
  assert.deepEqual(folderSnapshot(dir), reference);
}

before(async () => {
  [first, second] = await Promise.all([spawnSim(PROFILE), spawnSim([...PROFILE, '--latency-ms', '150'])]);
  work = mkdtempSync(join(tmpdir(), 'ut-panel-fails-'));
  result = await fixtureResult(first.url, join(work, 'run'), 2);
  const samples = readdirSync(join(result, 'samples')).flatMap((f) => readFileSync(join(result, 'samples', f), 'utf8').trim().split('\n').map((l) => Sample.parse(JSON.parse(l))));
  toJudge = samples.filter((s) => !s.error && !s.unfinished).length;
  // A port bound by the OS, then closed: nothing listens there.
  const s = createServer();
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((res) => s.close(() => res()));
  api = config('api.yaml', first.url, 'judge-api');
  open = config('open.yaml', second.url, 'judge-open');
  refused = config('refused.yaml', `http://127.0.0.1:${port}`, 'judge-open');
});
after(() => Promise.all([first.stop(), second.stop()]));

describe('a panel rejudge whose second judge fails writes nothing', { timeout: 120_000 }, () => {
  let reference: Record<string, string>;
  before(async () => {
    const dir = copy('reference');
    const r = await runCli(panel(dir, join(work, 'reference.sqlite'), open));
    assert.equal(r.code, 0, r.stderr);
    reference = folderSnapshot(dir);
  });

  it('its endpoint refuses: exit 1, one line naming its config and the refusal, the folder as it was; the rerun does not ask judge 1 again', async () => {
    const dir = copy('refused');
    const cache = join(work, 'refused', 'cache.sqlite');
    const before = folderSnapshot(dir);
    await reset();
    const r = await runCli(panel(dir, cache, refused));
    const line = assertOneLine(r, `judge 2 of 2 (${refused}, llm:judge-open:judge-v2) failed, so nothing was written and ${dir} is as it was: cannot use its endpoint`);
    assert.match(line, /ECONNREFUSED/);
    assert.equal(r.stdout, '');
    assert.deepEqual(folderSnapshot(dir), before);
    // Judge 1 was asked (same inputs share one request) before judge 2 failed.
    const askedFirst = await asked(first);
    assert.ok(askedFirst > 0 && askedFirst <= toJudge, `judge 1 was asked ${askedFirst} times for ${toJudge} user turns`);
    assert.ok(verdictRows(cache) > 0, "judge 1's verdicts are not in the cache");
    await rerunFromCache(dir, cache, reference);
  });

  it('its verdict cache cannot be written: exit 1, one line naming its config and the cache, nothing sent after it, the folder as it was; the rerun completes from the cache', async () => {
    const dir = copy('storage');
    const cache = join(work, 'storage', 'cache.sqlite');
    // Judge 1's verdicts are in the cache already, so the preload's failing commit (its third holding a verdict) is judge 2's.
    const warm = await runCli(['rejudge', copy('storage-warm'), '--judge-config', api, '--cache', cache]);
    assert.equal(warm.code, 0, warm.stderr);
    const before = folderSnapshot(dir);
    await reset();
    const r = await commandWithStorageFailure('llm-verdict', `${second.url}/sim/stats?keys=0`, panel(dir, cache, open));
    assertOneLine(r, `judge 2 of 2 (${open}, llm:judge-open:judge-v2) failed, so nothing was written and ${dir} is as it was: ${cache}: cannot write the request cache: database or disk is full`);
    assert.equal((await second.stats()).requests - 1 - r.seenAtFailure, 0, 'judge requests reached judge 2 after the failure');
    assert.equal(r.stdout, '');
    assert.deepEqual(folderSnapshot(dir), before);
    await rerunFromCache(dir, cache, reference);
    assert.ok((await asked(second)) < toJudge, 'the rerun asked judge 2 again for the verdicts it stored before the failure');
  });

  it('a SIGTERM while judge 2 works: the folder as it was; the rerun does not ask judge 1 again', async () => {
    const dir = copy('sigterm');
    const cache = join(work, 'sigterm', 'cache.sqlite');
    const before = folderSnapshot(dir);
    await reset();
    let pid = 0;
    const running = runCli(panel(dir, cache, open), { onSpawn: (p) => (pid = p) });
    const deadline = Date.now() + 60_000;
    while ((await asked(second)) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    process.kill(pid, 'SIGTERM');
    const r = await running;
    assert.equal(r.code, 143, r.stderr);
    assert.deepEqual(folderSnapshot(dir), before);
    await rerunFromCache(dir, cache, reference);
  });
});

describe('a single judge whose endpoint cannot be used', { timeout: 60_000 }, () => {
  it('an endpoint that answers 404 (no such model or route: the config is wrong) writes nothing, as a refused one does', async () => {
    // A server that answers every request 404, as vLLM does for a model it does not serve.
    const server = createHttpServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The model `judge-x` does not exist.', type: 'NotFoundError', code: 404 } })));
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
    try {
      const notFound = config('not-found.yaml', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'judge-x');
      const dir = copy('not-found');
      const before = folderSnapshot(dir);
      const r = await runCli(['rejudge', dir, '--judge-config', notFound, '--no-cache']);
      const line = assertOneLine(r, `judge 1 of 1 (${notFound}, llm:judge-x:judge-v2) failed, so nothing was written and ${dir} is as it was: cannot use its endpoint`);
      assert.match(line, /judge endpoint answered HTTP 404: .*correct base_url, model or api_key_env, then rerun$/);
      assert.deepEqual(folderSnapshot(dir), before);
    } finally {
      server.close();
    }
  });

  it('writes nothing (not a judge error over every verdict): exit 1, one line naming its config and the refusal', async () => {
    const dir = copy('refused-alone');
    const before = folderSnapshot(dir);
    const r = await runCli(['rejudge', dir, '--judge-config', refused, '--cache', join(work, 'refused-alone', 'cache.sqlite')]);
    const line = assertOneLine(r, `judge 1 of 1 (${refused}, llm:judge-open:judge-v2) failed, so nothing was written and ${dir} is as it was: cannot use its endpoint`);
    assert.match(line, /ECONNREFUSED/);
    assert.deepEqual(folderSnapshot(dir), before);
  });
});
