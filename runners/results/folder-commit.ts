import { readFile, rename, rm } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative } from 'node:path';
import { COMMIT_JOURNAL } from '../../src/lib/data-paths.ts';
import { StorageError, storageFix } from '../io/storage-error.ts';
import { syncDir, writeFileAtomic } from './atomic.ts';

/** Renames (temp file → final name) and removals inside one result folder, relative to it. */
interface Journal {
  renames: Array<[string, string]>;
  remove: string[];
}

const advice = (e: unknown) => `${storageFix(e, 'make the results folder writable')}, then rerun the same command (finished requests come from the cache)`;

/**
 * Put a result folder's prepared files in place as one step: summary.json and every samples file, or none of them.
 * Renamed one by one, a kill -9 between two renames left new samples of one dataset beside old ones of the others and
 * the old summary, and validate passed the mix (a review on 2026-11-26). Now the list of renames and removals is
 * written first, whole or not at all (writeFileAtomic), then carried out, then deleted. A folder that still holds it
 * was stopped in the middle: the next writer of the folder finishes the commit (finishInterruptedCommit: every temp
 * file it names is complete and synced), and until then validate and the site refuse the folder.
 * `renames` and `remove` are absolute paths inside `dir`.
 */
export async function commitFolder(dir: string, renames: ReadonlyArray<readonly [string, string]>, remove: readonly string[]): Promise<void> {
  const journal: Journal = { renames: renames.map(([t, f]) => [relative(dir, t), relative(dir, f)]), remove: remove.map((r) => relative(dir, r)) };
  try {
    await writeFileAtomic(join(dir, COMMIT_JOURNAL), JSON.stringify(journal));
  } catch (e) {
    // No journal, so nothing was or will be put in place: the prepared files go (once it is written they are the
    // commit's, which the next writer finishes).
    for (const [tmp] of renames) await rm(tmp, { force: true });
    throw e;
  }
  await syncDir(dir);
  await carryOut(dir, journal);
}

/**
 * Finish the commit a stopped run left in `dir`, if any (before anything else touches the folder's temp files).
 * Returns whether there was one. A journal that is not one this code writes is an error naming it, never acted on.
 */
export async function finishInterruptedCommit(dir: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(join(dir, COMMIT_JOURNAL), 'utf8');
  } catch {
    return false;
  }
  const journal = parseJournal(text);
  if (!journal) throw new StorageError(join(dir, COMMIT_JOURNAL), 'not a commit journal userturn wrote', 'unknown content', 'remove it and rerun');
  await carryOut(dir, journal);
  return true;
}

/** A relative path that stays inside the folder: a journal in a folder from elsewhere must not reach out of it. */
const inside = (p: unknown): p is string => typeof p === 'string' && p !== '' && !isAbsolute(p) && !normalize(p).startsWith('..');

function parseJournal(text: string): Journal | null {
  try {
    const j = JSON.parse(text) as Journal;
    const renames = Array.isArray(j.renames) && j.renames.every((r) => Array.isArray(r) && r.length === 2 && inside(r[0]) && inside(r[1]) && r[0].endsWith('.tmp'));
    return renames && Array.isArray(j.remove) && j.remove.every(inside) ? j : null;
  } catch {
    return null;
  }
}

async function carryOut(dir: string, journal: Journal): Promise<void> {
  try {
    for (const [tmp, final] of journal.renames) {
      // Already renamed before the stop: its temp name is gone and the file is in place.
      await rename(join(dir, tmp), join(dir, final)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    }
    for (const r of journal.remove) await rm(join(dir, r), { force: true });
    await syncDir(join(dir, 'samples'));
    await rm(join(dir, COMMIT_JOURNAL), { force: true });
    await syncDir(dir);
  } catch (e) {
    throw new StorageError(dir, 'cannot put the results in place', e, advice(e));
  }
}
