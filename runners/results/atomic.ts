import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { redact } from '../io/secrets.ts';
import { StorageError, storageFix } from '../io/storage-error.ts';
import { makeDirs } from '../io/make-dirs.ts';

type Advice = (cause: unknown) => string;
// Shared by every command that writes a file (run, rejudge, annotate, calibrate, judge): advice that holds for all.
const WRITE_ADVICE: Advice = (e) => `nothing was put in place; ${storageFix(e, 'choose another path (--out)')}, then rerun`;
// Downloads go to caches (HF_HOME, USERTURN_CACHE_DIR), not to --out.
const CACHE_ADVICE: Advice = (e) => `nothing was put in place; ${storageFix(e, 'point the cache (HF_HOME, USERTURN_CACHE_DIR) at another folder')}, then rerun`;

/**
 * Write a file atomically: a temp file in the same folder, fsync, then rename over the target. Every registered
 * secret is redacted from the text. On any failure the temp file is removed and a StorageError names the file.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await (await prepareFileAtomic(path, data)).commit();
}

/** A file written to its temp name and synced, waiting to be renamed into place (or dropped). */
export interface PreparedFile {
  /** The temp file's path (for a commit of several files at once, folder-commit.ts). */
  tmp: string;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * The first half of writeFileAtomic: the data is on disk under a temp name, so a later commit is a rename that
 * needs no space. Lets a writer of several files find a full disk before any of them is put in place.
 */
export async function prepareFileAtomic(path: string, data: string | Uint8Array): Promise<PreparedFile> {
  // Binary data (Parquet) is redacted by its writer, cell by cell: replacing bytes here would corrupt it.
  const bytes = typeof data === 'string' ? Buffer.from(redact(data), 'utf8') : data;
  return prepareBytes(path, bytes, WRITE_ADVICE);
}

/**
 * Write downloaded bytes atomically and durably: temp file, fsync, rename, then fsync the folder so the rename
 * itself survives a crash. Not redacted: the bytes are a file from elsewhere (a dataset, a template), not our output.
 */
export async function writeBytesAtomic(path: string, data: Uint8Array): Promise<void> {
  await (await prepareBytes(path, data, CACHE_ADVICE)).commit();
  await syncDir(dirname(path));
}

/** fsync a folder (a rename is durable only once its folder is); platforms that cannot open folders skip it. */
export async function syncDir(dir: string): Promise<void> {
  let fh;
  try {
    fh = await open(dir, 'r');
  } catch {
    return; // Windows cannot open a folder for fsync
  }
  try {
    await fh.sync().catch(() => {});
  } finally {
    await fh.close();
  }
}

async function prepareBytes(path: string, data: Uint8Array, advice: Advice): Promise<PreparedFile> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const drop = () => rm(tmp, { force: true }).catch(() => {});
  try {
    await makeDirs(dirname(path));
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    await drop();
    throw new StorageError(path, 'cannot write', e, advice(e));
  }
  return {
    tmp,
    async commit() {
      try {
        await rename(tmp, path);
      } catch (e) {
        await drop();
        throw new StorageError(path, 'cannot write', e, advice(e));
      }
    },
    abort: drop,
  };
}

/** Whether a process with this id is running (a temp file of a live run must not be touched). */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove temp files left in `dir` by a run that was killed while writing (`<name>.<pid>[.<hex>].tmp`, from
 * writeFileAtomic and the sample sink), unless the process that wrote them is still running. Returns their names.
 */
export async function removeStaleTemps(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = /\.(\d+)(?:\.[0-9a-f]{8})?\.tmp$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    await rm(join(dir, name), { force: true });
    removed.push(basename(name));
  }
  return removed;
}
