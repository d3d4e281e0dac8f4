/**
 * What the SGLang window tests (engine-sglang-clip*.test.ts) share: a submission served by SGLang, simulators imitating
 * SGLang at a given window (runners/sim/sglang-window.ts), and a prompt's token count as that engine counts it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fixtureData, spawnSim, type SpawnedSim } from './processes.ts';

/** Writes `clip.yaml` in `dir`: a model served by SGLang with a 32k window. Returns its path. */
export async function writeClipSubmission(dir: string): Promise<string> {
  const file = join(dir, 'clip.yaml');
  await writeFile(
    file,
    ['id: clip', 'display_name: Clip test', 'family: test', 'hf:', '  repo: example/model', '  revision: main', 'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', '  engine: sglang', '  max_model_len: 32768', 'reasoning:', '  mode: none', 'submitter:', '  github: userturn-tests', ''].join('\n'),
  );
  return file;
}

/** A simulator as SGLang at `contextLength` whose model reasons on until its budget ends; kept in `sims` to stop. */
export async function spawnSglang(sims: SpawnedSim[], contextLength: number): Promise<SpawnedSim> {
  const s = await spawnSim(['--profile', 'aware', '--engine', 'sglang', '--unfinished-rate', '1', '--data-dir', fixtureData, '--context-length', String(contextLength)]);
  sims.push(s);
  return s;
}

/** The prompt's tokens, counted by the simulator's SGLang tokenize route. */
export async function sglangTokens(sim: SpawnedSim, prompt: string): Promise<number> {
  const r = await fetch(`${sim.url}/v1/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt, add_special_tokens: true }) });
  return ((await r.json()) as { count: number }).count;
}
