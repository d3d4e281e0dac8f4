import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { FileSystemError } from '../core/errors.ts';
import { oneLine } from '../core/terminal-text.ts';
import { makeDirsSync, removeMadeIfEmpty } from '../io/make-dirs.ts';
import { StorageError, storageFix } from '../io/storage-error.ts';

/** The lock file inside a results folder (a dot file: validate and the site build skip it). */
export const FOLDER_LOCK = '.userturn.lock';

/** Who holds a results folder. */
interface Holder {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux /proc), to tell a reused pid; null elsewhere. */
  start: string | null;
  command: string;
  since: string;
}

/** Another live process writes the folder: this command stops before it sends or writes anything (exit 1). */
export class FolderBusy extends FileSystemError {}

/** What ends the hold: holdingResultFolder calls release(); an exit or a lone Ctrl-C/SIGTERM releases it too. */
interface FolderLock {
  release(): void;
}

function startTime(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from its closing ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // another user's process: alive
  }
}

function readHolder(path: string): { text: string; holder: Holder | null } | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const h = JSON.parse(text) as Holder;
    return { text, holder: Number.isInteger(h.pid) && typeof h.host === 'string' ? h : null };
  } catch {
    return { text, holder: null };
  }
}

/** Why the holder is gone (its lock may be taken over), or null while it may still be writing. */
function staleReason(h: Holder | null): string | null {
  if (!h) return 'a lock file userturn did not write whole';
  // The lock file is the folder's, which may come from elsewhere: its host is quoted inside one line of ours.
  if (h.host !== hostname()) return `pid ${h.pid} on host ${oneLine(h.host)}, which this host (${hostname()}) cannot check`;
  // Not this process, which has not locked yet: a pid from before a restart, given to this process by chance.
  if (h.pid === process.pid) return `pid ${h.pid}, this process's own pid (left before a restart)`;
  if (!alive(h.pid)) return `pid ${h.pid}, no longer running`;
  const now = h.start === null ? null : startTime(h.pid);
  return now !== null && now !== h.start ? `pid ${h.pid}, now another process` : null;
}

export interface LockOptions {
  /** How the refusal names the command holding the folder. */
  command: string;
  /** What the refusal advises. */
  hint: string;
  log(line: string): void;
  /** Make the folder (and its parents) when missing; those made go again at release while empty. */
  make?: boolean;
}

/** `work` done while holding `dir` (lockResultFolder), the lock released however it ends. */
export async function holdingResultFolder<T>(dir: string, opts: LockOptions, work: () => Promise<T>): Promise<T> {
  const lock = lockResultFolder(dir, opts);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/**
 * Hold `dir` (a results folder, `<out>/<id>`) for this process, or throw FolderBusy naming the holder. Two commands
 * writing one folder at once (two `run`s, a `run` and a `rejudge`) sent every request twice and shared one commit
 * journal, so one could delete the other's mid-commit. The lock file is written whole under a temp name and linked to
 * its name: link() fails when the name exists, so exactly one process gets it. A lock whose holder is gone (kill -9,
 * a reboot) is renamed aside, checked to be the one judged stale, and removed; then the link is tried again.
 * `made`: with `make`, the folders made for it, removed again while empty at release.
 */
function lockResultFolder(dir: string, opts: LockOptions): FolderLock {
  const rel = relative(process.cwd(), dir);
  const shown = oneLine(rel && !rel.startsWith('..') ? rel : resolve(dir));
  let made: string[] = [];
  const path = join(dir, FOLDER_LOCK);
  const mine = `${path}.${process.pid}.tmp`;
  const holder: Holder = { pid: process.pid, host: hostname(), start: startTime(process.pid), command: opts.command, since: new Date().toISOString() };
  try {
    if (opts.make) made = makeDirsSync(dir);
    writeFileSync(mine, `${JSON.stringify(holder)}\n`);
  } catch (e) {
    removeMadeIfEmpty(made);
    throw new StorageError(dir, 'cannot write results', e, `nothing was sent; ${storageFix(e, 'pass --out with another folder')}`);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, path);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StorageError(dir, 'cannot write results', e, `nothing was sent; ${storageFix(e, 'pass --out with another folder')}`);
      }
      const found = readHolder(path);
      if (!found) continue; // released meanwhile
      const why = staleReason(found.holder);
      if (why === null || attempt >= 3) {
        const h = found.holder;
        throw new FolderBusy(`another userturn ${oneLine(String(h?.command ?? 'command'))} (pid ${h?.pid ?? '?'}) is writing ${shown}; ${opts.hint}`);
      }
      const aside = `${path}.stale.${process.pid}`;
      try {
        renameSync(path, aside);
      } catch {
        continue; // taken over or released by another process meanwhile
      }
      // Another process may have taken the stale lock over between the read and the rename: then it is put back.
      if (readFileSync(aside, 'utf8') !== found.text) {
        try {
          linkSync(aside, path);
        } catch {
          /* a third process holds it now */
        }
        rmSync(aside, { force: true });
        continue;
      }
      rmSync(aside, { force: true });
      opts.log(`${shown}: taking over the lock left by ${why}`);
    }
  } catch (e) {
    removeMadeIfEmpty(made);
    throw e;
  } finally {
    rmSync(mine, { force: true });
  }
  return holdUntilExit(path, made);
}

function holdUntilExit(path: string, made: string[]): FolderLock {
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Only our own lock: one taken over from us (this process judged gone, a pid reused) is left to its holder.
    const found = readHolder(path);
    if (found?.holder?.pid === process.pid && found.holder.host === hostname()) {
      try {
        unlinkSync(path);
      } catch {
        /* gone already */
      }
    }
    removeMadeIfEmpty(made);
  };
  // A signal with no other handler (setup, before the run installs its own) would end the process without 'exit'.
  const onSignal = (signal: NodeJS.Signals): void => {
    if (process.listenerCount(signal) > 1) return;
    release();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', release);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { release };
}
