import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../../../runners/core/errors.ts';
import { parseProbeJobArgs } from '../../../runners/community/probe-job/args.ts';

test('probe-job: whole-number flags that are not whole numbers are usage errors, not NaN', () => {
  for (const [flag, value] of [['--port', 'abc'], ['--ready-timeout-s', 'abc'], ['--ready-timeout-s', '1.5'], ['--port', '0']]) {
    assert.throws(() => parseProbeJobArgs(['sub.yaml', flag!, value!]), (e: unknown) => e instanceof UsageError && e.message === `${flag} must be an integer >= 1, got "${value}"`);
  }
});

test('probe-job: flags become options; the run arguments after -- pass through', () => {
  const o = parseProbeJobArgs(['sub.yaml', '--server', 'sim', '--port', '8001', '--ready-timeout-s', '90', '--base-url', 'http://a/v1', '--base-url', 'http://b/v1', '--', '--limit', '2']);
  assert.deepEqual(o, {
    submission: 'sub.yaml',
    server: 'sim',
    engine: undefined,
    port: 8001,
    baseUrls: ['http://a/v1', 'http://b/v1'],
    shard: undefined,
    out: 'results',
    judgeConfigs: undefined,
    readyTimeoutMs: 90_000,
    simProfile: undefined,
    serverLog: undefined,
    runArgs: ['--limit', '2'],
  });
});

test('probe-job: --help, and a missing submission or an unknown server or engine, are told apart from a run', () => {
  assert.equal(parseProbeJobArgs(['--help']), 'help');
  assert.equal(parseProbeJobArgs([]), 'usage');
  assert.equal(parseProbeJobArgs(['sub.yaml', '--server', 'cloud']), 'usage');
  assert.equal(parseProbeJobArgs(['sub.yaml', '--engine', 'mlx']), 'usage');
});
