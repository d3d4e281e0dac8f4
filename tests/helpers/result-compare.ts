import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { comparable } from './processes.ts';

/**
 * A result folder (summary.json and samples/*.jsonl) as one string with what differs between equal runs left out:
 * the summary's run block and git state (see `comparable`) and every sample's timings.
 */
export async function comparableResult(resultDir: string): Promise<string> {
  const summary = comparable(JSON.parse(await readFile(join(resultDir, 'summary.json'), 'utf8')) as Record<string, unknown>);
  const files = (await readdir(join(resultDir, 'samples'))).filter((f) => f.endsWith('.jsonl')).sort();
  const parts = [summary];
  for (const f of files) {
    const lines = (await readFile(join(resultDir, 'samples', f), 'utf8')).split('\n').filter(Boolean);
    parts.push(`== ${f}`, ...lines.map((l) => JSON.stringify({ ...(JSON.parse(l) as object), timings: null })));
  }
  return parts.join('\n');
}
