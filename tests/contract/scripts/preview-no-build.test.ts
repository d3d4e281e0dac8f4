import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../../helpers/cli.ts';

// A newcomer's `npm run preview` before `npm run demo` or `npm run build`: astro preview's own error came with its stack.
test('`npm run preview` with no site built says what to run first in one line, exit 1, no stack trace', () => {
  for (const outDir of [join(mkdtempSync(join(tmpdir(), 'ut-nobuild-')), 'dist'), mkdtempSync(join(tmpdir(), 'ut-empty-'))]) {
    const r = spawnSync('npm', ['run', '--silent', 'preview', '--', '--port', '1', '--outDir', outDir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PATH: `${join(REPO_ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    });
    const lines = r.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(lines, [`npm run preview: no site to serve in ${outDir} (no index.html): build it first with \`npm run demo\` (simulated data) or \`npm run build\` (results/)`]);
    assert.doesNotMatch(r.stdout + r.stderr, /Stack trace|    at /);
  }
});
