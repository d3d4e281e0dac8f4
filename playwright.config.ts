import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_DIST } from './tests/e2e/dist-dir.ts';

const port = Number(process.env.E2E_PORT ?? 4329);

// The results the site is built from: USERTURN_RESULTS_DIR when given; otherwise the demo's pipeline (simulator →
// runner → heuristic judge) writes a small set into .demo/e2e, so the e2e tests exercise what `npm run demo` builds.
// Its request cache makes later runs fast. `E2E_SYNTHETIC=1` uses the synthetic generator instead.
if (!process.env.USERTURN_RESULTS_DIR) {
  const synthetic = process.env.E2E_SYNTHETIC === '1';
  const out = resolve(synthetic ? '.demo/e2e-synthetic' : '.demo/e2e');
  const results = synthetic ? out : resolve(out, 'results');
  if (!process.env.TEST_WORKER_INDEX || !existsSync(results)) {
    const args = synthetic
      ? ['bench/synthetic/generate.ts', '--out', out, '--models', '12', '--items', '12']
      : ['runners/demo/run-demo.ts', '--skip-build', '--limit', '8', '--out', out];
    execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  process.env.USERTURN_RESULTS_DIR = results;
}

// e2e tests always run against the real `astro build` served by `astro preview` (never a dev server).
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: {
    // Its own output folder: `npm test` must not overwrite the dist/ that `npm run demo` built. `--ignore-lock`: astro
    // allows one locked preview per project, so without it `npm test` failed while `npm run preview` (the README's
    // quick start) was still serving the demo.
    command: `npm run build -- --outDir ${E2E_DIST} && npx astro preview --ignore-lock --host 127.0.0.1 --port ${port} --outDir ${E2E_DIST}`,
    url: `http://127.0.0.1:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', USERTURN_RESULTS_DIR: process.env.USERTURN_RESULTS_DIR } as Record<string, string>,
  },
});
