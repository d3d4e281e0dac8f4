import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the full datasets live for real-data checks: USERTURN_DATA_DIR (CI sets it). Returns null, with the reason,
 * when it is unset or lacks the file, so a test can skip with a clear message.
 */
export function dataFile(rel: string): { path: string | null; skip: string | false } {
  const dir = process.env.USERTURN_DATA_DIR;
  if (!dir) return { path: null, skip: `USERTURN_DATA_DIR is unset: set it to the datasets folder to run this real-data check` };
  const path = join(dir, rel);
  if (!existsSync(path)) return { path: null, skip: `${path} not found under USERTURN_DATA_DIR` };
  return { path, skip: false };
}
