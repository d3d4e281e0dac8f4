import { readdir, stat } from 'node:fs/promises';

/**
 * Why `<dataDir>/<dataset>/<file>` is not there, for the not-found error: the data dir itself missing (a typo in
 * --data-dir), the dataset's folder missing (a partial copy: the folders it does hold are named), or only the file.
 */
export async function missingFileReason(dataDir: string, dataset: string, file: string): Promise<string> {
  const kind = await stat(dataDir).then((s) => (s.isDirectory() ? 'dir' : 'other'), () => 'none');
  if (kind === 'none') return `data dir ${dataDir} does not exist`;
  if (kind === 'other') return `data dir ${dataDir} is not a folder`;
  const entries = await readdir(dataDir, { withFileTypes: true }).catch(() => []);
  if (!entries.some((e) => e.name === dataset && (e.isDirectory() || e.isSymbolicLink()))) {
    const held = entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => `${e.name}/`).sort();
    const holds = held.length ? `it holds ${held.slice(0, 8).join(', ')}${held.length > 8 ? ', …' : ''}` : 'it holds no folder';
    return `data dir ${dataDir} has no ${dataset}/ folder; ${holds}; the layout is DIR/<dataset>/<file>`;
  }
  return `data dir ${dataDir}: its ${dataset}/ folder has no ${file}`;
}
