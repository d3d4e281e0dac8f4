import { git } from './git.ts';
import { LaunchInputError, launchOptionProblem } from './plan.ts';

/** Defaults for --repo-url and --commit (Kubernetes pods clone the repository): origin's URL and HEAD. */
function gitDefaults(cwd: string): { repoUrl: string | null; commit: string | null } {
  return { repoUrl: git(cwd, ['remote', 'get-url', 'origin']), commit: git(cwd, ['rev-parse', 'HEAD']) };
}

/**
 * --repo-url and --commit as given, else the git defaults. An origin the pods cannot clone (a clone of a local
 * folder has a path there) is refused as coming from origin: the user passed no --repo-url to blame.
 */
export function k8sSource(cwd: string, given: { repoUrl?: string; commit?: string }): { repoUrl?: string; commit?: string } {
  const git = gitDefaults(cwd);
  const repoUrl = given.repoUrl ?? git.repoUrl ?? undefined;
  if (given.repoUrl === undefined && repoUrl !== undefined && launchOptionProblem({ repoUrl }) !== null) {
    throw new LaunchInputError(`--target k8s: --repo-url defaults to the git remote origin, and its remote origin is "${repoUrl}", not a git URL (https://… or git@…); pass --repo-url`);
  }
  return { repoUrl, commit: given.commit ?? git.commit ?? undefined };
}
