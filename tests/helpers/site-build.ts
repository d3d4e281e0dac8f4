/** A real `astro build` into a temporary folder with a private Astro cache (parallel builds must not share a data store). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export function astroBuild(env: Record<string, string>): { out: string; tmp: string; status: number | null; text: string } {
  const root = resolve('.');
  const tmp = mkdtempSync(join(tmpdir(), 'ut-site-'));
  const config = join(tmp, 'astro.config.mjs');
  writeFileSync(config, `import base from ${JSON.stringify(pathToFileURL(join(root, 'astro.config.mjs')).href)};\nexport default { ...base, cacheDir: ${JSON.stringify(join(tmp, 'astro-cache'))} };\n`);
  const out = join(tmp, 'dist');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', root, '--config', relative(root, config), '--outDir', out], {
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env }, encoding: 'utf8', timeout: 180_000,
  });
  return { out, tmp, status: r.status, text: `${r.stdout}\n${r.stderr}` };
}
