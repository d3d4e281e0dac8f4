import { getRepoFolderName } from '@huggingface/hub';
import { mkdir, rename, rm, stat, symlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { syncDir, writeBytesAtomic } from '../results/atomic.ts';
import { readFileCapped, TooLargeError } from './file-cap.ts';

/**
 * The Hugging Face cache layout (the one huggingface_hub and @huggingface/hub use), so files a researcher already
 * downloaded with `hf download` or transformers are reused, and ours are theirs:
 *   <cache>/models--<org>--<name>/blobs/<etag>                  the bytes
 *   <cache>/models--<org>--<name>/snapshots/<commit>/<file>     a relative symlink to the blob
 *   <cache>/models--<org>--<name>/refs/<branch>                 the commit a branch or tag pointed to when last resolved
 *                                                               (it may have moved since: read as it is only offline, or when the Hub cannot be asked)
 *   <cache>/models--<org>--<name>/.no_exist/<commit>/<file>     an empty marker: the file does not exist there
 */
export const COMMIT = /^[0-9a-f]{40}$/;

export interface RepoCache {
  folder: string;
}

export function repoCache(cacheDir: string, repo: string): RepoCache {
  return { folder: join(cacheDir, getRepoFolderName({ type: 'model', name: repo })) };
}

/** Where a file at a revision lives in the cache (the commit when known, else the revision as given). */
export function snapshotPath(rc: RepoCache, commit: string, file: string): string {
  return join(rc.folder, 'snapshots', commit, file);
}

/** A cache file's bytes, or null when it cannot be read; one over the cap is an error (file-cap.ts). */
async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFileCapped(path);
  } catch (e) {
    if (e instanceof TooLargeError) throw e;
    return null;
  }
}

/** The commit a revision names: itself when it is a sha, else the one refs/<revision> recorded. */
export async function commitOf(rc: RepoCache, revision: string): Promise<string | null> {
  if (COMMIT.test(revision)) return revision;
  const ref = (await readOrNull(join(rc.folder, 'refs', revision)))?.toString('utf8').trim();
  return ref && COMMIT.test(ref) ? ref : null;
}

export type Cached = { kind: 'file'; bytes: Buffer } | { kind: 'absent' } | { kind: 'missing' };

/** What the cache knows about a file at a commit. */
export async function lookup(rc: RepoCache, commit: string | null, file: string): Promise<Cached> {
  if (commit === null) return { kind: 'missing' };
  const bytes = await readOrNull(snapshotPath(rc, commit, file));
  if (bytes !== null) return { kind: 'file', bytes };
  if ((await readOrNull(join(rc.folder, '.no_exist', commit, file))) !== null) return { kind: 'absent' };
  return { kind: 'missing' };
}

/** Whether any file of a commit is cached (a snapshot folder exists). */
export async function hasSnapshot(rc: RepoCache, commit: string): Promise<boolean> {
  try {
    return (await stat(join(rc.folder, 'snapshots', commit))).isDirectory();
  } catch {
    return false;
  }
}

/** Store downloaded bytes: the blob (atomic, fsynced), then the snapshot symlink, then the branch ref. */
export async function store(rc: RepoCache, revision: string, commit: string, file: string, etag: string, bytes: Uint8Array): Promise<void> {
  const blob = join(rc.folder, 'blobs', etag.replace(/^W\//, '').replace(/"/g, ''));
  await writeBytesAtomic(blob, bytes);
  const pointer = snapshotPath(rc, commit, file);
  await mkdir(dirname(pointer), { recursive: true });
  const tmp = `${pointer}.${process.pid}.tmp`;
  try {
    await rm(tmp, { force: true });
    await symlink(relative(dirname(pointer), blob), tmp);
    await rename(tmp, pointer);
    await syncDir(dirname(pointer));
  } catch {
    await rm(tmp, { force: true });
    await writeBytesAtomic(pointer, bytes); // no symlinks (Windows without the privilege): a copy, as huggingface_hub does
  }
  await rememberRef(rc, revision, commit);
}

/** refs/<revision> names the commit a branch or tag resolved to, as huggingface_hub's cache keeps it (a commit needs none). */
export async function rememberRef(rc: RepoCache, revision: string, commit: string): Promise<void> {
  if (revision !== commit) await writeBytesAtomic(join(rc.folder, 'refs', revision), Buffer.from(commit));
}

/** Remember that a file does not exist at a commit, so the next run does not ask again. */
export async function markAbsent(rc: RepoCache, commit: string, file: string): Promise<void> {
  await writeBytesAtomic(join(rc.folder, '.no_exist', commit, file), new Uint8Array());
}
