import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const cli = join(import.meta.dirname, '..', '..', 'runners', 'cli', 'main.ts');

/** `userturn sim` on 127.0.0.1 with a fixed latency and the `aware` profile, as a child process. */
export async function startSim(latencyMs: number): Promise<{ url: string; stop(): void }> {
  const p = spawn(process.execPath, [cli, 'sim', '--port', '0', '--latency-ms', String(latencyMs), '--profile', 'aware'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: p.stdout! }).on('line', (l) => {
      const m = /^listening on (\S+)$/.exec(l);
      if (m) resolve(m[1]!);
    });
    p.once('exit', () => reject(new Error('sim exited')));
  });
  return { url, stop: () => void p.kill('SIGTERM') };
}
