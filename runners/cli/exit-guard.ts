import { EXIT_CODES } from '../core/errors.ts';

/**
 * Node exits with code 0 when its event loop empties, even while a command still awaits a promise that nothing
 * will settle (a bug: e.g. a worker thread ended under it). That must never read as success with nothing written:
 * until `command` settles, an exit that would be 0 becomes an internal error (70) with one line saying so.
 */
export function exitUnlessSettled<T>(command: Promise<T>): Promise<T> {
  let settled = false;
  const onExit = (code: number) => {
    if (settled || code !== 0) return;
    process.stderr.write('userturn: internal error: the command stopped before it finished (nothing was left to wait for); nothing more was written\n');
    process.exitCode = EXIT_CODES.internal;
  };
  process.once('exit', onExit);
  const done = () => {
    settled = true;
    process.off('exit', onExit);
  };
  return command.finally(done);
}
