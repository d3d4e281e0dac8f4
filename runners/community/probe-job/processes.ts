import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The engine gets the environment minus the judge's and GitHub's credentials (it needs HF_TOKEN at most). */
export function engineEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !/JUDGE|^USERTURN_API_KEY$|^GITHUB_TOKEN$|^GH_TOKEN$|^ACTIONS_/.test(k)));
}

/** Start a process in its own process group, output to a log file, never through a shell. */
export function startDetached(argv: string[], logFile: string): ChildProcess {
  mkdirSync(dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'a');
  const child = spawn(argv[0]!, argv.slice(1), { detached: true, stdio: ['ignore', fd, fd], shell: false, env: engineEnv(process.env) });
  closeSync(fd);
  return child;
}

/** Whether any process of the group is left (the leader may be gone while its workers still hold the GPU). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGTERM a detached child's process group without waiting (a signal handler's first move). */
export function termGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

/**
 * SIGTERM a detached child's process group, SIGKILL after a grace period. The group is signalled even when its
 * leader has already exited: engine workers outlive a crashed API server, and they hold the GPU.
 */
export async function stopGroup(child: ChildProcess, graceMs: number): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  const leaderDone = child.exitCode !== null || child.signalCode !== null;
  const exited = leaderDone ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return; // no process of the group is left
  }
  const deadline = Date.now() + graceMs;
  let leaderExited = leaderDone;
  void exited.then(() => (leaderExited = true));
  while (Date.now() < deadline && !(leaderExited && !groupAlive(pgid))) await sleep(100);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await exited;
}
