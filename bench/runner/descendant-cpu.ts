import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (sysconf(_SC_CLK_TCK); 100 on Linux). */
const TICKS_PER_S = 100;

/** utime, stime, cutime, cstime and the parent pid of one /proc/<pid>/stat (the name may hold spaces and parens). */
function stat(pid: string): { ppid: number; ms: number; childrenMs: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    const t = (i: number) => (Number(f[i]) * 1000) / TICKS_PER_S;
    // Fields after the name, from 0: state, ppid, …, utime (11), stime (12), cutime (13), cstime (14).
    return { ppid: Number(f[1]), ms: t(11) + t(12), childrenMs: t(13) + t(14) };
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds of this process's descendants (Linux only; 0 elsewhere): those still running (the template
 * render process) and those already reaped (`git` for provenance). process.cpuUsage() counts this process's threads
 * only, and a run's work in its child processes is part of its cost.
 */
export function descendantCpuMs(): number {
  const self = stat('self');
  if (!self) return 0;
  const procs = new Map<number, { ppid: number; ms: number }>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    const s = stat(pid);
    if (s) procs.set(Number(pid), s);
  }
  let ms = self.childrenMs;
  for (const s of procs.values()) {
    for (let p = s.ppid, hops = 0; p > 1 && hops < 32; p = procs.get(p)?.ppid ?? 0, hops++) {
      if (p === process.pid) {
        ms += s.ms;
        break;
      }
    }
  }
  return ms;
}
