import { readFile, stat } from 'node:fs/promises';
import { MAX_DOCUMENT_BYTES, parseDocumentBytes, type LoadResult } from '../../src/lib/io/parse-document.ts';
import { describeCause } from './storage-error.ts';

/** Read and parse one YAML/JSON file; the size is checked before reading so a huge file is never loaded. */
export async function loadDocument(path: string): Promise<LoadResult> {
  let size: number;
  try {
    const st = await stat(path);
    if (!st.isFile()) return { ok: false, message: 'not a regular file' };
    size = st.size;
  } catch (e) {
    return { ok: false, message: `cannot read file: ${describeCause(e)}` };
  }
  if (size > MAX_DOCUMENT_BYTES) return { ok: false, message: `file is ${size} bytes; the limit is ${MAX_DOCUMENT_BYTES} (1 MiB)` };
  return parseDocumentBytes(await readFile(path), path);
}
