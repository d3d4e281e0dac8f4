import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4329);

// The results the site is built from: USERTURN_RESULTS_DIR when given (e.g. the demo's .demo/results), otherwise a
// small deterministic synthetic set generated here (12 models × 12 items per dataset, with the XSS payload sample).
if (!process.env.USERTURN_RESULTS_DIR) {
  const dir = resolve('.demo/e2e-synthetic');
  if (!process.env.TEST_WORKER_INDEX || !existsSync(dir)) {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '12', '--items', '12'], { stdio: 'inherit' });
  }
  process.env.USERTURN_RESULTS_DIR = dir;
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
    command: `npm run build && npx astro preview --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', USERTURN_RESULTS_DIR: process.env.USERTURN_RESULTS_DIR } as Record<string, string>,
  },
});
