import { spawn, type ChildProcess } from 'node:child_process';
import { USERTURN_CLI } from './userturn-child.ts';

/**
 * Start the simulator (`userturn sim`) in its own process group on a free loopback port; resolves with the child
 * and its base URL once it prints "listening on". It writes no log file: its stdout is read for that line and
 * then discarded, and its stderr goes to the job's stderr.
 */
export async function startSim(profile: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [USERTURN_CLI, 'sim', '--port', '0', '--profile', profile], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolveUrl, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the simulator did not start within 30 s')), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolveUrl(`${m[1]}/v1`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the simulator exited with ${code}`));
    });
  });
  child.stdout!.resume();
  return { child, base };
}
