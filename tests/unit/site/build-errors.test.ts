import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

test('a broken results summary fails the site build, naming the file and the field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-broken-'));
  const out = mkdtempSync(join(tmpdir(), 'ut-dist-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '1', '--items', '2'], { stdio: 'ignore' });
    const [model] = ['gpt-oss-120b'];
    const f = join(dir, model!, 'summary.json');
    const s = JSON.parse(readFileSync(f, 'utf8'));
    s.datasets[0].conditions[0].followup.value = 1.5;
    writeFileSync(f, JSON.stringify(s));
    const r = spawnSync(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', USERTURN_RESULTS_DIR: dir }, encoding: 'utf8', timeout: 120_000,
    });
    assert.notEqual(r.status, 0, 'the build must fail');
    const text = `${r.stdout}\n${r.stderr}`;
    assert.match(text, /gpt-oss-120b\/summary\.json: datasets\[0\]\.conditions\[0\]\.followup\.value: /);
  } finally { rmSync(dir, { recursive: true, force: true }); rmSync(out, { recursive: true, force: true }); }
});
