import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { defaultCacheRoot } from '../../../runners/core/defaults.ts';
import { compileCacheEnv, MALLOC_ENV, runStartEnv } from '../../../runners/probe/heap.ts';

describe("a run's start-up environment", () => {
  it("puts Node's compile cache in the runner's cache folder, unless NODE_DISABLE_COMPILE_CACHE is set", () => {
    assert.deepEqual(compileCacheEnv({}), { NODE_COMPILE_CACHE: join(defaultCacheRoot(), 'node-compile-cache') });
    assert.deepEqual(compileCacheEnv({ NODE_DISABLE_COMPILE_CACHE: '1' }), {});
  });

  it("follows USERTURN_CACHE_DIR and keeps malloc's settings", () => {
    const saved = process.env.USERTURN_CACHE_DIR;
    process.env.USERTURN_CACHE_DIR = '/somewhere/cache';
    try {
      assert.deepEqual(runStartEnv(), { ...MALLOC_ENV, NODE_COMPILE_CACHE: join('/somewhere/cache', 'node-compile-cache') });
    } finally {
      if (saved === undefined) delete process.env.USERTURN_CACHE_DIR;
      else process.env.USERTURN_CACHE_DIR = saved;
    }
  });
});
