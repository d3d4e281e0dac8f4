import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { FileSystemError } from '../core/errors.ts';
import { oneLine } from '../core/terminal-text.ts';

/**
 * A file the run must read or write cannot be used: disk full, read-only, corrupt, permission denied. It is not a
 * server failure (retrying a request cannot help) and not a bug: the run stops at once and says which file, what
 * happened and what to do, in one line, exit 1.
 */
export class StorageError extends FileSystemError {
  readonly file: string;
  constructor(file: string, what: string, cause: unknown, advice: string) {
    // A line break in the path (typed on the command line) stays inside this one line; terminalText is applied where it prints.
    super(`${oneLine(file)}: ${what}: ${describeCause(cause)}${advice ? `; ${advice}` : ''}`);
    this.name = 'StorageError';
    this.file = file;
  }
}

const CODES: Record<string, string> = {
  ENOSPC: 'no space left on the device (disk full)',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'is a folder',
  EIO: 'input/output error',
};

/**
 * The fix for a storage errno, ending in `elsewhere` (how to use another place, e.g. "pass --out with another
 * folder"): "free space" only helps a full disk, not a folder without write permission, a path through a file or a
 * failing disk. Every writer's advice is chosen here.
 */
export function storageFix(cause: unknown, elsewhere: string): string {
  switch ((cause as { code?: unknown } | null)?.code) {
    case 'EACCES':
    case 'EPERM':
      return `this user has no permission to write there: change the permissions or ${elsewhere}`;
    case 'EROFS':
      return `the disk is read-only: ${elsewhere}`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `a file stands where a folder is needed: ${elsewhere}`;
    case 'ENOENT':
      return `a parent folder is missing (or cannot be made there): create it or ${elsewhere}`;
    case 'EIO':
      return `the disk or file system failed: check it (the system log, fsck) or ${elsewhere}`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `free space or ${elsewhere}`;
    default:
      return elsewhere;
  }
}

/** One line about the cause: a known errno in words, else the first line of the message. */
export function describeCause(cause: unknown): string {
  const e = cause as { code?: unknown; errcode?: unknown; errstr?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code in CODES) return `${CODES[code]} (${code})`;
  const msg = typeof e?.message === 'string' ? e.message : String(cause);
  return (msg.split('\n')[0] ?? msg).replace(/^Error: /, '');
}

/** Whether an error is the file system's (an errno code), as opposed to a bug or a network error. */
export const isFsError = (e: unknown): boolean => typeof (e as { code?: unknown })?.code === 'string' && /^E[A-Z]+$/.test((e as { code: string }).code);

/**
 * Why `path` (a file or folder, existing or to be created) cannot be written, or null: the nearest existing
 * ancestor is checked for write access. Recursive mkdir reports ENOENT on a read-only disk; this tells EROFS.
 * (root ignores file modes, but a read-only mount still shows.)
 */
export function writeProblem(path: string): NodeJS.ErrnoException | null {
  let probe = path;
  while (!existsSync(probe) && dirname(probe) !== probe) probe = dirname(probe);
  try {
    accessSync(probe, constants.W_OK);
    return null;
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}
