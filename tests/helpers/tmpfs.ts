import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  /** Make the mount read-only (files already written stay readable). */
  readOnly(): void;
  unmount(): void;
}

/**
 * A small tmpfs (a disk that fills up, or turns read-only) for storage-failure tests. Mounting needs root; when
 * it is not permitted this returns the reason, and the test skips with it.
 */
export async function mountTmpfs(sizeKb: number, readOnly = false): Promise<Tmpfs | string> {
  const dir = await mkdtemp(join(tmpdir(), 'ut-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k${readOnly ? ',ro' : ''}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    return `mounting a tmpfs is not permitted here (${String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).trim()})`;
  }
  return {
    dir,
    readOnly: () => void execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' }),
    unmount: () => void execFileSync('umount', ['-l', dir], { stdio: 'pipe' }),
  };
}
