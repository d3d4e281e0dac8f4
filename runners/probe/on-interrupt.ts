/**
 * Ctrl-C, or a scheduler's SIGTERM (a preempted spot instance), while a run works: `onSignal` keeps what can be kept
 * (the answers waiting for their group commit are committed, the samples' temp files removed) and says what was
 * kept; the line is printed and the process exits 130 or 143, as the signal would have ended it. Before, a run died
 * silently and left its temp files in the results folder (a review, 2026-11-26). Returns the function that removes
 * the handlers (the run is over).
 */
export function exitOnInterrupt(onSignal: () => string, log: (line: string) => void): () => void {
  const handler = (signal: NodeJS.Signals): void => {
    let line: string;
    try {
      line = onSignal();
    } catch (e) {
      line = `interrupted (${signal}); keeping what was done failed: ${(e as Error).message.split('\n')[0]}`;
    }
    log(line);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
