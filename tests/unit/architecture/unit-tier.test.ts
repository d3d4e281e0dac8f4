/**
 * tests/unit is the fast, in-process tier (`npm run test:fast` runs it in one process). A unit test that starts the
 * CLI, the simulator, a worker or a site build belongs in tests/contract/<area>: this test names the ones that do.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { importGraph, REPO_ROOT, sourceFiles } from '../../helpers/import-graph.ts';

const PROCESS_STARTERS = new Set([
  'node:child_process',
  'node:worker_threads',
  'node:cluster',
  'runners/sim/server.ts',
  'tests/helpers/processes.ts',
  'tests/helpers/site-build.ts',
]);

const unitTests = sourceFiles(['tests/unit']).filter((f) => f.endsWith('.test.ts'));

test('unit tests import nothing that starts a process, the simulator or a site build', () => {
  const broken = importGraph(unitTests).edges.filter((e) => PROCESS_STARTERS.has(e.to));
  assert.deepEqual(broken.map((e) => `${e.from} imports ${e.to}: move it to tests/contract/`), []);
});

test('unit tests do not run the CLI (runCli belongs in tests/contract/)', () => {
  const broken = unitTests.filter((f) => /\brunCli\s*\(/.test(readFileSync(join(REPO_ROOT, f), 'utf8')));
  assert.deepEqual(broken.map((f) => `${f} runs the CLI: move it to tests/contract/`), []);
});
