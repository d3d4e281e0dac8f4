import { lstatSync } from 'node:fs';

/**
 * Whether `path` is a symbolic link (false when nothing is there). The build reads no link, as `userturn validate`
 * reads none: in a pull request a link could point anywhere on the machine, and its content reached the build log.
 */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
