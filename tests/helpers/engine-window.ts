/**
 * What the window tests (engine-sglang-clip*.test.ts, engine-llamacpp-clip.test.ts) share: a submission served by SGLang
 * or llama.cpp, simulators imitating that engine at a given window (runners/sim/sglang-window.ts,
 * llamacpp-window.ts), and a prompt's token count as that engine counts it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from './processes.ts';

/** The engines whose edge of the window the simulator imitates (runners/sim/*-window.ts). */
type WindowEngine = 'sglang' | 'llamacpp' | 'ollama' | 'tgi';
const GGUF_ENGINES: readonly WindowEngine[] = ['llamacpp', 'ollama'];

/**
 * Writes `<id>.yaml` in `dir`: a model served by `engine` (a GGUF for llama.cpp and Ollama) with `serving.max_model_len`
 * `maxModelLen`. Returns its path.
 */
export async function writeWindowSubmission(dir: string, id: string, engine: WindowEngine, maxModelLen: number): Promise<string> {
  const file = join(dir, `${id}.yaml`);
  const gguf = GGUF_ENGINES.includes(engine);
  await writeFile(
    file,
    [`id: ${id}`, `display_name: ${id}`, 'family: test', 'hf:', `  repo: example/model${gguf ? '-GGUF' : ''}`, '  revision: main', 'params:', '  total_b: 1', '  active_b: 1', 'license: mit',
      'serving:', `  engine: ${engine}`, ...(gguf ? ['  gguf_quant: Q4_K_M'] : []), `  max_model_len: ${maxModelLen}`, 'reasoning:', '  mode: none', 'submitter:', '  github: userturn-tests', ''].join('\n'),
  );
  return file;
}

/** The clip tests' submission, `clip.yaml`: served by SGLang or llama.cpp with a 32k window. */
export const writeClipSubmission = (dir: string, engine: 'sglang' | 'llamacpp' = 'sglang'): Promise<string> => writeWindowSubmission(dir, 'clip', engine, 32_768);

/** A simulator as `engine` at `contextLength` whose model reasons on until its budget ends; kept in `sims` to stop. */
export async function spawnAtWindow(sims: SpawnedSim[], contextLength: number, engine: 'sglang' | 'llamacpp'): Promise<SpawnedSim> {
  const s = await spawnSim(['--profile', 'aware', '--engine', engine, '--unfinished-rate', '1', '--data-dir', fixtureData, '--context-length', String(contextLength)]);
  sims.push(s);
  return s;
}

export const spawnSglang = (sims: SpawnedSim[], contextLength: number): Promise<SpawnedSim> => spawnAtWindow(sims, contextLength, 'sglang');

/** The prompt's tokens, counted by the simulator's llama.cpp tokenize route (with the special tokens it adds). */
export async function llamacppTokens(sim: SpawnedSim, prompt: string): Promise<number> {
  const r = await fetch(`${sim.url}/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: prompt, add_special: true }) });
  return ((await r.json()) as { tokens: number[] }).tokens.length;
}

/** The prompt's tokens, counted by the simulator's SGLang tokenize route. */
export async function sglangTokens(sim: SpawnedSim, prompt: string): Promise<number> {
  const r = await fetch(`${sim.url}/v1/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt, add_special_tokens: true }) });
  return ((await r.json()) as { count: number }).count;
}

/** The `warning:` lines of a run's stderr. */
export const warnings = (stderr: string): string[] => stderr.split('\n').filter((l) => l.startsWith('warning:'));

/** The simulator's keys answered since its last reset, sorted. */
export const askedKeys = async (sim: SpawnedSim): Promise<string[]> => Object.keys((await sim.stats()).completed).sort();

/** The clip submission's summary in `out`, without what differs between runs (timings, paths). */
export const clipSummary = async (out: string): Promise<unknown> => comparable(JSON.parse(await readFile(join(out, 'clip', 'summary.json'), 'utf8')) as Record<string, unknown>);

/** The cached answers that ended by length short of `budget`, in key order, with the window each was cached under. */
export function clippedRows(cacheFile: string, budget: number): Array<{ key: string; clip_window: number | null }> {
  const db = new DatabaseSync(cacheFile, { readOnly: true });
  try {
    return db.prepare(`SELECT key, clip_window FROM responses WHERE finish_reason = 'length' AND json_extract(audit, '$.usage.completion_tokens') < ? ORDER BY key`).all(budget) as Array<{ key: string; clip_window: number | null }>;
  } finally {
    db.close();
  }
}

/** `userturn run` of the clip submission's first `limit` GSM8K items against `sim` (or a proxy before it) into `out`, with `cache` flags. */
export const runClip = (submission: string, limit: number, sim: { url: string }, out: string, cache: string[], env?: Record<string, string>) =>
  runCli(['run', submission, '--base-url', `${sim.url}/v1`, '--limit', String(limit), '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, ...cache, '--concurrency', '2'], { env });
