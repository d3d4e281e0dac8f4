import { readFileSync } from 'node:fs';
import { currentDatasetSpec, itemsFilePath } from '../datasets/files.ts';

/** GSM8K reference solutions by question text, so simulated answers can be right or wrong on purpose. */
export function loadGsm8kReferences(dataDir: string | undefined): Map<string, string> {
  const refs = new Map<string, string>();
  if (!dataDir) return refs;
  let text: string;
  try {
    text = readFileSync(itemsFilePath(dataDir, currentDatasetSpec('gsm8k')), 'utf8');
  } catch {
    return refs;
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
