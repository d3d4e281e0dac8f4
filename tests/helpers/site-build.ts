/**
 * The one real `astro build` of the tests: the project's own astro config, built into `<tmp>/dist` with a private
 * Astro cache in `<tmp>/astro-cache`, because parallel builds must not share a content data store. The caller
 * removes `tmp` (a fresh temporary folder unless one is given).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './cli.ts';

export interface SiteBuild {
  /** The built site. */
  out: string;
  /** The folder holding the build, its config and its cache. */
  tmp: string;
  status: number | null;
  /** stdout and stderr of the build, for assertion messages. */
  text: string;
}

/** Build the site with extra environment (USERTURN_RESULTS_DIR, USERTURN_BASE_PATH, ...). */
export function astroBuild(env: Record<string, string>, tmp = mkdtempSync(join(tmpdir(), 'ut-site-'))): SiteBuild {
  const config = join(tmp, 'astro.config.mjs');
  const base = pathToFileURL(join(REPO_ROOT, 'astro.config.mjs')).href;
  writeFileSync(config, `import base from ${JSON.stringify(base)};\nexport default { ...base, cacheDir: ${JSON.stringify(join(tmp, 'astro-cache'))} };\n`);
  const out = join(tmp, 'dist');
  const astro = join(REPO_ROOT, 'node_modules/astro/bin/astro.mjs');
  const r = spawnSync(process.execPath, [astro, 'build', '--root', REPO_ROOT, '--config', relative(REPO_ROOT, config), '--outDir', out], {
    cwd: REPO_ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { out, tmp, status: r.status, text: `${r.stdout}\n${r.stderr}` };
}

/**
 * The leaderboard table of a built page, `<table id="leaderboard"` to its `</table>` (empty when there is none): the
 * findings charts' value tables on the same page have rows with `data-model` too.
 */
export function leaderboardTable(html: string): string {
  const start = html.indexOf('<table id="leaderboard"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</table>', start) + '</table>'.length);
}
