import { readFileSync } from 'node:fs';
import { InputError } from '../core/errors.ts';
import { currentDatasetSpec, itemsFilePath } from '../datasets/files.ts';

/**
 * GSM8K reference solutions by question text, so simulated answers can be right or wrong on purpose. A data dir
 * given without GSM8K's items file in it (no such folder, a file, a folder of other sets) is refused as `run`
 * refuses it: the simulator used to start without GSM8K and say nothing.
 */
export function loadGsm8kReferences(dataDir: string | undefined): Map<string, string> {
  const refs = new Map<string, string>();
  if (!dataDir) return refs;
  const file = itemsFilePath(dataDir, currentDatasetSpec('gsm8k'));
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' || code === 'ENOTDIR' ? 'not found' : (e as Error).message;
    throw new InputError(`${file}: ${why} (data dir ${dataDir}: the simulator reads GSM8K's reference solutions from it)`);
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const row = JSON.parse(line) as { question?: unknown; answer?: unknown };
      if (typeof row.question === 'string' && typeof row.answer === 'string') refs.set(row.question.trim(), row.answer);
    } catch {
      /* a bad line only means no reference for that question */
    }
  }
  return refs;
}
