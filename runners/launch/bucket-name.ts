import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { git } from './git.ts';

/**
 * SkyPilot's default bucket (no --bucket): S3 and GCS bucket names are one namespace for all their users, so a fixed
 * name belongs to whoever created it first and everyone else's launch fails on it. The name is "userturn-" and 16 hex
 * digits of a hash of the project (its git remote, else its folder) and the user: the same on every launch by one user
 * from one project (every submission's files go under /<id>/ in it), so a rerun finds its cache snapshots, and
 * different for other projects and other users. Lowercase hex after a fixed prefix is valid for S3 and GCS alike
 * (3-63 characters, letters, digits and hyphens, no reserved prefix or suffix, never "google").
 */
export function bucketNameFor(project: string, user: string): string {
  return `userturn-${createHash('sha256').update(`${project}\n${user}`).digest('hex').slice(0, 16)}`;
}

/** A remote URL without credentials or a trailing .git, so a rotated token does not move the bucket. */
const plainRemote = (url: string) => url.replace(/^([a-z+]+:\/\/)[^@/]*@/, '$1').replace(/\.git$/, '');

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? '';
  }
}

/** The default bucket name for launches from the repository at `root`. */
export function defaultBucketName(root: string): string {
  const remote = git(root, ['remote', 'get-url', 'origin']);
  const project = remote ? plainRemote(remote) : (git(root, ['rev-parse', '--show-toplevel']) ?? root);
  return bucketNameFor(project, currentUser());
}
