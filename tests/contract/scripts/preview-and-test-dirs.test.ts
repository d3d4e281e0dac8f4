import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Processes whose command line mentions `needle` (Linux /proc). */
async function processesWith(needle: string): Promise<string[]> {
  const out: string[] = [];
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
      if (cmd.includes(needle) && !cmd.includes('node --test')) out.push(`${pid}: ${cmd}`);
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

describe('npm scripts a newcomer stops and reruns', () => {
  it('stopping `npm run preview` (SIGTERM to npm) stops astro preview too', async (t) => {
    const dist = await mkdtemp(join(tmpdir(), 'ut-preview-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const port = await freePort();
    const npm = spawn('npm', ['run', 'preview', '--', '--port', String(port), '--outDir', dist], { cwd: root, stdio: 'ignore', env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` } });
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      await new Promise((r) => setTimeout(r, 200));
      up = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
    }
    if (!up) {
      npm.kill('SIGKILL');
      return t.skip('astro preview did not start within 20 s');
    }
    const exited = new Promise((r) => npm.once('exit', r));
    npm.kill('SIGTERM');
    await exited;
    let left: string[] = [];
    for (let i = 0; i < 25; i++) {
      await new Promise((r) => setTimeout(r, 200));
      left = await processesWith(`--port ${port}`);
      if (left.length === 0) break;
    }
    for (const l of left) process.kill(Number(l.split(':')[0]), 'SIGKILL');
    assert.deepEqual(left, [], 'astro preview outlived npm');
  });

  it('the e2e tests build into their own folder, never the dist/ of `npm run demo`', async () => {
    // Read, not imported: importing the config runs the demo pipeline that feeds the e2e build.
    const text = await readFile(join(root, 'playwright.config.ts'), 'utf8');
    assert.match(text, /import \{ E2E_DIST \} from '\.\/tests\/e2e\/dist-dir\.ts';/);
    const dir = /export const E2E_DIST = '([^']+)'/.exec(await readFile(join(root, 'tests/e2e/dist-dir.ts'), 'utf8'))?.[1];
    assert.ok(dir && dir.replace(/\/$/, '') !== 'dist', `E2E_DIST is ${dir}`);
    const command = /command: `([^`]+)`/.exec(text)?.[1] ?? '';
    assert.match(command, /npm run build -- --outDir \$\{E2E_DIST\} /);
    assert.match(command, /astro preview .*--outDir \$\{E2E_DIST\}$/);
  });

  it('the e2e server starts next to a running `npm run preview` (astro otherwise allows one preview per project)', async () => {
    const text = await readFile(join(root, 'playwright.config.ts'), 'utf8');
    const command = /command: `([^`]+)`/.exec(text)?.[1] ?? '';
    assert.match(command, /astro preview --ignore-lock /);
  });
});
