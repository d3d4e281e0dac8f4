import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatasetSpec } from '../../src/schema/index.ts';
import { downloadUrl } from '../hub/url-file.ts';
import { missingFileReason } from './missing-file.ts';
import { writeBytesAtomic } from '../results/atomic.ts';
import type { FileTexts } from './parsers.ts';

export interface SourceOptions {
  /** Local copy laid out as <dataDir>/<dataset id>/<file name> (--data-dir / USERTURN_DATA_DIR). */
  dataDir?: string;
  /** Download cache for files not found locally. */
  cacheDir: string;
  /** Injected for tests; defaults to global fetch. */
  fetchImpl?: typeof fetch;
}

export const sha256Hex = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

async function tryRead(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * Read a dataset's files from --data-dir, else the download cache, else its canonical URL.
 * Downloads must match the suite's pinned sha256 (a mismatch fails and nothing is cached); a local copy
 * that differs is used and named in `differs` (`<dataset>/<file>`), and the actual checksum goes into provenance either way.
 */
export async function readDatasetFiles(spec: DatasetSpec, opts: SourceOptions): Promise<{ texts: FileTexts; files: Array<{ name: string; sha256: string }>; differs: string[] }> {
  const differs: string[] = [];
  const texts: FileTexts = new Map();
  const files: Array<{ name: string; sha256: string }> = [];
  const optional = new Set(['reference_answer_gpt-4.jsonl']);
  for (const f of spec.source.files) {
    let buf: Buffer | null = null;
    let origin = '';
    if (opts.dataDir) {
      origin = join(opts.dataDir, spec.id, f.name);
      buf = await tryRead(origin);
      if (buf === null && !optional.has(f.name)) throw new Error(`${origin}: not found (${await missingFileReason(opts.dataDir, spec.id, f.name)})`);
    } else {
      origin = join(opts.cacheDir, 'datasets', spec.id, f.name);
      buf = await tryRead(origin);
      if (buf === null) buf = await download(f.url, f.sha256, origin, opts);
    }
    if (buf === null) continue;
    const sum = sha256Hex(buf);
    if (f.sha256 && sum !== f.sha256) {
      if (!opts.dataDir) throw new Error(`${origin}: sha256 ${sum} does not match the suite's ${f.sha256}; delete it to download again`);
      differs.push(`${spec.id}/${f.name}`);
    }
    texts.set(f.name, buf.toString('utf8'));
    files.push({ name: f.name, sha256: sum });
  }
  return { texts, files, differs };
}

async function download(url: string, expected: string | null, dest: string, opts: SourceOptions): Promise<Buffer> {
  const alternative = `Pass --data-dir DIR or set USERTURN_DATA_DIR to a local copy laid out as DIR/<dataset>/<file>, or put the file at ${dest}`;
  const buf = await downloadUrl(url, { alternative, fetch: opts.fetchImpl });
  const sum = sha256Hex(buf);
  if (expected && sum !== expected) throw new Error(`${url}: downloaded sha256 ${sum} does not match the suite's ${expected}`);
  await writeBytesAtomic(dest, buf);
  return buf;
}
