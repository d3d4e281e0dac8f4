import { lstatSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * The one rule for symbolic links in the data userturn reads from a pull request (submissions, their template
 * files, results): a link is never read through. A link in a pull request checked out on a machine could point
 * anywhere on it, and what it held reached the errors, the serve command or the pull-request comment. validate,
 * serve-cmd, run and pr-report all ask here (the site build has its twin in src/data/links.ts: src/ may not
 * import runners/).
 */
export const NO_LINK = 'userturn reads no link (a link could point anywhere on the machine)';

/** Whether `path` itself is a symbolic link (false when nothing is there). */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The first symbolic link on the way from `root` down to `path`: `path` itself or a folder between them, as a path
 * relative to `root`; null when there is none. A path outside `root` is checked itself only (the folders above a
 * repository, /tmp on macOS for one, may well be links).
 */
export function linkOnPath(path: string, root: string): string | null {
  const base = resolve(root);
  const abs = resolve(path);
  const rel = relative(base, abs);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return isLink(abs) ? path : null;
  let at = base;
  for (const segment of rel.split(sep)) {
    at = join(at, segment);
    if (isLink(at)) return relative(base, at).split(sep).join('/');
  }
  return null;
}

/**
 * Why `path` is not read, or null when no link is on its way: "is a symbolic link: …" for the file itself, "its
 * folder <dir> is a symbolic link: …" for a folder above it. The caller puts it after `file: field: `.
 */
export function linkProblem(path: string, root: string): string | null {
  const link = linkOnPath(path, root);
  if (link === null) return null;
  const self = link === path || resolve(root, link) === resolve(path);
  return self ? `is a symbolic link: ${NO_LINK}` : `its folder ${link} is a symbolic link: ${NO_LINK}`;
}
