import type { ChildProcess } from 'node:child_process';
import { termGroup } from './processes.ts';

/** The processes a signal to the job must reach, owned by one job run. */
export interface JobHandles {
  /** The detached server (engine or simulator), whose whole process group is stopped. */
  server: ChildProcess | null;
  /** The userturn child running now. */
  userturn: ChildProcess | null;
}

export interface Interrupt {
  /** The signal that interrupted the job, or null. */
  signal(): NodeJS.Signals | null;
  /** The exit code for the signal received: 130 for SIGINT, 143 for SIGTERM. */
  exitCode(): number;
  /** Stop listening; call only after the server is stopped, so a second Ctrl-C cannot cut its SIGKILL fallback. */
  dispose(): void;
}

/**
 * Interrupted (Ctrl-C, a cancelled workflow): stop the detached server's group and the userturn child, and let the
 * job's own clean-up wait for them. Without this the engine would keep the GPU after the job is gone.
 */
export function listenForInterrupt(handles: JobHandles, log: (line: string) => void): Interrupt {
  let interrupted: NodeJS.Signals | null = null;
  const onSignal = (sig: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = sig;
    log(`${sig}: stopping`);
    handles.userturn?.kill(sig);
    if (handles.server) termGroup(handles.server);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: () => interrupted,
    exitCode: () => (interrupted === 'SIGINT' ? 130 : 143),
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
