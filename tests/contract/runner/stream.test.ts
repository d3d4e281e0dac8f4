import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const PROFILE = ['--profile', 'aware', '--seed', '13', '--data-dir', fixtureData, '--latency-ms', '1'];
const FAST_RETRY = { USERTURN_BACKOFF_BASE_MS: '20', USERTURN_BACKOFF_MAX_MS: '200' };

async function run(sim: SpawnedSim, env: Record<string, string> = {}, extra: string[] = []) {
  const work = await mkdtemp(join(tmpdir(), 'ut-stream-'));
  const args = ['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', '3', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite'), ...extra];
  const r = await runCli(args, { env: { ...FAST_RETRY, ...env } });
  assert.equal(r.code, 0, r.stderr);
  return work;
}

type Summary = Record<string, unknown> & { provenance: { engine_settings?: { streamed?: boolean } } };
const readSummary = async (work: string) => JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')) as Summary;

/** Every samples file without the measured timings, and the summary without its run-time block and its stream mode. */
async function results(work: string): Promise<Record<string, string>> {
  const dir = join(work, 'results', 'qwen3.5-9b');
  const summary = await readSummary(work);
  delete summary.provenance.engine_settings?.streamed;
  const out: Record<string, string> = { summary: comparable(summary) };
  for (const f of (await readdir(join(dir, 'samples'))).sort()) {
    const lines = (await readFile(join(dir, 'samples', f), 'utf8')).split('\n').filter(Boolean);
    out[f] = lines.map((l) => JSON.stringify({ ...(JSON.parse(l) as object), timings: null })).join('\n');
  }
  return out;
}

/** The cache rows without the measured latency: what a later resume reads back. */
function cacheRows(work: string): Array<Record<string, unknown>> {
  const db = new DatabaseSync(join(work, 'cache.sqlite'), { readOnly: true });
  try {
    const rows = db.prepare('SELECT * FROM responses ORDER BY key').all() as Array<Record<string, unknown>>;
    return rows.map(({ latency_ms: _l, created_at: _c, ...rest }) => rest);
  } finally {
    db.close();
  }
}

describe('streamed completions against the simulator', () => {
  it('a streamed run writes the same samples, summary and cache rows as a non-streamed one, with or without stream faults, paced or not', async () => {
    const sim = await spawnSim(PROFILE);
    let plain: string;
    let streamed: string;
    try {
      plain = await run(sim, { USERTURN_STREAM: '0' });
      assert.equal((await sim.stats()).streamed, 0, 'USERTURN_STREAM=0 asks for JSON answers');
      streamed = await run(sim);
      assert.ok((await sim.stats()).streamed > 0, 'the default run streams');
    } finally {
      await sim.stop();
    }
    // The summaries differ only in the mode they record.
    assert.equal((await readSummary(plain)).provenance.engine_settings?.streamed, false);
    assert.equal((await readSummary(streamed)).provenance.engine_settings?.streamed, true);
    const reference = await results(plain);
    assert.ok(Object.keys(reference).length > 2, 'samples files were written');
    assert.deepEqual(await results(streamed), reference);
    assert.deepEqual(cacheRows(streamed), cacheRows(plain));

    const faulty = await spawnSim([...PROFILE, '--faults', 'stall_first=0.04,stall_mid=0.04,no_done=0.04,truncated=0.03,malformed=0.03,gen_error=0.04']);
    try {
      const work = await run(faulty, {}, ['--first-byte-timeout-ms', '400', '--idle-timeout-ms', '400']);
      const routes = (await faulty.stats()).routes['/v1/completions']!;
      for (const k of ['stall_first', 'stall_mid', 'no_done', 'gen_error']) assert.ok((routes[k] ?? 0) > 0, `fault ${k} was injected`);
      assert.deepEqual(await results(work), reference);
      assert.deepEqual(cacheRows(work), cacheRows(plain));
    } finally {
      await faulty.stop();
    }

    // Streams paced as an engine sends them (one word every 3 ms, each its own write), spoiled ones included: the
    // client reads them chunk by chunk, with the same results.
    const paced = await spawnSim([...PROFILE, '--token-ms', '3', '--faults', 'stall_mid=0.05,no_done=0.05,truncated=0.05,malformed=0.05']);
    try {
      const work = await run(paced, {}, ['--first-byte-timeout-ms', '400', '--idle-timeout-ms', '400']);
      const routes = (await paced.stats()).routes['/v1/completions']!;
      assert.ok((routes.truncated ?? 0) + (routes.malformed ?? 0) + (routes.no_done ?? 0) + (routes.stall_mid ?? 0) > 0, 'faults were injected');
      assert.deepEqual(await results(work), reference);
      assert.deepEqual(cacheRows(work), cacheRows(plain));
    } finally {
      await paced.stop();
    }
  });
});
