import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { moduleExt } from '../../core/module-file.ts';

/** The userturn CLI, run as a child process by the job (the same code a maintainer runs by hand). */
export const USERTURN_CLI = join(import.meta.dirname, '..', '..', 'cli', `main${moduleExt(import.meta.url)}`);

export interface UserturnChildOptions {
  log: (line: string) => void;
  /** Shown (default) or captured and shown only on failure. */
  output?: 'inherit' | 'on-failure';
  /** Called with the child while it runs, then with null: the job passes a signal on to it. */
  track: (child: ChildProcess | null) => void;
}

/** Run `userturn …` as a child (asynchronously, so a signal to the job is handled while it runs); its exit code. */
export async function runUserturn(args: string[], o: UserturnChildOptions): Promise<number> {
  const output = o.output ?? 'inherit';
  o.log(`$ userturn ${args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`);
  const child = spawn(process.execPath, [USERTURN_CLI, ...args], { stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  o.track(child);
  let captured = '';
  child.stdout?.on('data', (d: Buffer) => (captured += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (captured += d.toString()));
  const code = await new Promise<number>((r) => {
    child.once('error', () => r(1));
    child.once('close', (c) => r(c ?? 1));
  });
  o.track(null);
  if (output === 'on-failure' && code !== 0) o.log(captured);
  return code;
}
