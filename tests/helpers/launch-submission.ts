import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.ts';

/**
 * A submission served by `engine` (qwen3.5-9b's, id m-<engine>), in a fresh repository root: what the launch tests
 * build plans from for engines no committed submission uses. `serving` is appended to the serving block.
 */
export function engineSubmission(engine: string, serving = ''): { root: string; file: string } {
  const base = readFileSync(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
  const root = mkdtempSync(join(tmpdir(), 'userturn-launch-'));
  mkdirSync(join(root, 'submissions', 'acme'), { recursive: true });
  const file = join(root, 'submissions', 'acme', `m-${engine}.yaml`);
  writeFileSync(file, base.replace('id: qwen3.5-9b', `id: m-${engine}`).replace('engine: vllm', `engine: ${engine}${serving}`));
  return { root, file };
}
