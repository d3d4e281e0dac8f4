/** Progress on stderr: a redrawn bar with rate and ETA on a TTY, plain periodic lines otherwise (CI logs). */
export interface Progress {
  /**
   * The run begins with `total` requests: from now on a line is also printed when no request has finished for an
   * interval (a stuck or overloaded host). Without it, a review's run against a hung server said nothing until the
   * first request had timed out, minutes later with the defaults.
   */
  start(total: number): void;
  update(done: number, total: number): void;
  /** The last line (a TTY's bar closed by a newline); no line after it. */
  finish(): void;
  /** No line after this (a run that failed). */
  close(): void;
}

function fmtDuration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`;
}

/** NO_COLOR (https://no-color.org): set and not empty means no escape sequence in the output. */
export const noColor = (env: NodeJS.ProcessEnv = process.env): boolean => (env.NO_COLOR ?? '') !== '';

/**
 * `ansi` (default: unless NO_COLOR is set) ends a redrawn TTY line with erase-to-end-of-line; without it the
 * redraw pads the line with spaces over the previous one instead.
 */
export function createProgress(opts: { tty: boolean; intervalMs: number; write?: (s: string) => void; label?: string; ansi?: boolean; detail?: () => string }): Progress {
  const write = opts.write ?? ((s: string) => void process.stderr.write(s));
  const ansi = opts.ansi ?? !noColor();
  let drawn = 0;
  const redraw = (text: string, end = ''): void => {
    write(`\r${text}${ansi ? '\x1b[K' : ' '.repeat(Math.max(0, drawn - text.length))}${end}`);
    drawn = text.length;
  };
  const t0 = performance.now();
  let last = -Infinity;
  let lastDone = 0;
  let lastTotal = 0;
  const line = (done: number, total: number): string => {
    const el = (performance.now() - t0) / 1000;
    const rate = el > 0 ? done / el : 0;
    const eta = rate > 0 ? (total - done) / rate : Infinity;
    const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
    return `${opts.label ?? 'requests'} ${done}/${total} (${pct}%) ${rate.toFixed(1)}/s ETA ${fmtDuration(eta)}${opts.detail?.() ?? ''}`;
  };
  /** Whether a line was shown since the heartbeat last looked. */
  let shown = false;
  const show = (done: number, total: number): void => {
    last = performance.now();
    shown = true;
    if (opts.tty) {
      const width = 30;
      const filled = total > 0 ? Math.round((width * done) / total) : width;
      redraw(`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${line(done, total)}`);
    } else write(`${line(done, total)}\n`);
  };
  const every = opts.tty ? 1000 : opts.intervalMs;
  let heartbeat: NodeJS.Timeout | null = null;
  const close = (): void => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };
  return {
    start(total) {
      lastTotal = total;
      // Unref'd: it never keeps a finished run alive.
      heartbeat ??= setInterval(() => {
        if (!shown) show(lastDone, lastTotal);
        shown = false;
      }, every).unref();
    },
    update(done, total) {
      lastDone = done;
      lastTotal = total;
      if (performance.now() - last < (opts.tty ? 100 : opts.intervalMs) && done < total) return;
      show(done, total);
    },
    finish() {
      close();
      if (opts.tty) redraw(`[${'#'.repeat(30)}] ${line(lastDone, lastTotal)}`, '\n');
    },
    close,
  };
}
