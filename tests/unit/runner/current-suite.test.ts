import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { BENCHMARK_DIR_ENV, currentSuiteName, inBenchmarkDir, suiteVersionOfName } from '../../../src/lib/data-paths.ts';
import { DATA_ROOT, benchmarkPath, currentSuitePath } from '../../../runners/core/defaults.ts';
import { currentSuite } from '../../../src/data/suites.ts';

const saved = process.env[BENCHMARK_DIR_ENV];
afterEach(() => {
  if (saved === undefined) delete process.env[BENCHMARK_DIR_ENV];
  else process.env[BENCHMARK_DIR_ENV] = saved;
});

describe('the current suite is the highest v<N>.yaml, by number', () => {
  it('orders numerically and ignores every other name', () => {
    assert.equal(currentSuiteName(['v1.yaml', 'v2.yaml', 'v10.yaml', 'v9.yaml', 'schema.json']), 'v10.yaml');
    assert.equal(currentSuiteName(['v2.yaml', 'v3.yml', 'v03.yaml', 'v0.yaml', 'v4.yaml.bak', 'draft-v9.yaml', 'V5.yaml']), 'v2.yaml');
    assert.equal(currentSuiteName(['schema.json']), null);
    assert.equal(suiteVersionOfName('v12.yaml'), 12);
    assert.equal(suiteVersionOfName('v1e3.yaml'), null);
  });

  it('runner and site pick the same file; USERTURN_BENCHMARK_DIR points both at another benchmark folder', () => {
    delete process.env[BENCHMARK_DIR_ENV];
    assert.equal(currentSuitePath(), join(DATA_ROOT, 'benchmark', 'suites', 'v2.yaml'));
    assert.equal(currentSuite()?.version, 2);
    const dir = mkdtempSync(join(tmpdir(), 'ut-bench-'));
    try {
      mkdirSync(join(dir, 'suites'));
      for (const v of [2, 9, 10]) copyFileSync(join(DATA_ROOT, 'benchmark', 'suites', 'v2.yaml'), join(dir, 'suites', `v${v}.yaml`));
      // v10's content says version 2: the site refuses a file whose name and version disagree.
      process.env[BENCHMARK_DIR_ENV] = dir;
      assert.equal(currentSuitePath(), join(dir, 'suites', 'v10.yaml'));
      assert.equal(benchmarkPath('benchmark/policy/engine-args.yaml'), join(dir, 'policy', 'engine-args.yaml'));
      assert.throws(() => currentSuite(), (e: Error) => e.message.includes(`${join(dir, 'suites', 'v10.yaml')}: version: is 2, so the file must be named v2.yaml`));
      rmSync(join(dir, 'suites', 'v10.yaml'));
      rmSync(join(dir, 'suites', 'v9.yaml'));
      assert.equal(currentSuite()?.version, 2);
      writeFileSync(join(dir, 'suites', 'notes.yaml'), 'not a suite');
      assert.equal(currentSuitePath(), join(dir, 'suites', 'v2.yaml'));
    } finally { rmSync(dir, { recursive: true, force: true }); }
    assert.equal(inBenchmarkDir('benchmark/suites', '/x/bench/'), '/x/bench/suites');
  });

  it('a benchmark folder without suites is one line naming the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-bench-'));
    try {
      process.env[BENCHMARK_DIR_ENV] = dir;
      assert.throws(() => currentSuitePath(), (e: Error) => e.message === `${join(dir, 'suites')}: (file): cannot read the suites folder: ENOENT`);
      mkdirSync(join(dir, 'suites'));
      assert.throws(() => currentSuitePath(), (e: Error) => e.message === `${join(dir, 'suites')}: (file): no suite file (v<N>.yaml)`);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
