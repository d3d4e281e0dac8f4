import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE = fileURLToPath(new URL('../fixtures/results-v1/sim-qwen3.5-0.8b', import.meta.url));

/**
 * The committed fixture result plus a second result derived from it whose samples carry what the fixture lacks:
 * an asked name answered under another (endpoint_models, answered_models), null seeds and hashes, a request error, an unfinished item, runner cuts, and text with U+2028, emoji and quotes.
 */
export function twoResults(): { root: string; dirs: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'userturn-export-'));
  const edge = join(root, 'sim-edge');
  cpSync(FIXTURE, edge, { recursive: true });
  const summary = JSON.parse(readFileSync(join(edge, 'summary.json'), 'utf8'));
  summary.submission.id = 'sim-edge';
  summary.submission.display_name = 'Sim: edge "cases"';
  // Asked for the submission's name, answered under another served name (vLLM's --served-model-name a b).
  summary.provenance.endpoint_models = ['qwen3.5-0.8b'];
  summary.provenance.answered_models = ['userturn-sim/restater'];
  writeFileSync(join(edge, 'summary.json'), JSON.stringify(summary));
  const file = join(edge, 'samples', 'gsm8k.jsonl');
  const rows = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  for (const r of rows) r.submission_id = 'sim-edge';
  Object.assign(rows[0], { seed: null, user_turn: 'línea\u2028dos 🙂 "quoted" \\ back', user_turn_cut: { marker: '<|im_end|>', kind: 'marker', raw_chars: 40, removed: '<|im_end|>\nuser' } });
  Object.assign(rows[1], { error: { stage: 'user_turn', reason: 'timeout after 3 retries' }, finish_reason: null, prompt_sha256: null, verdicts: [] });
  Object.assign(rows[2], { unfinished: { reason: 'length', raw_chars: 9000, raw_tail: '…' }, assistant_turn_cut: null, temperature: 0.7 });
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const mt = join(edge, 'samples', 'mt_bench.jsonl');
  writeFileSync(mt, readFileSync(mt, 'utf8').replaceAll('"submission_id":"sim-qwen3.5-0.8b"', '"submission_id":"sim-edge"'));
  return { root, dirs: [FIXTURE, edge] };
}

/** JSONL rows read with a plain split (independent of the exporter's reader). */
export function jsonlRows(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}
