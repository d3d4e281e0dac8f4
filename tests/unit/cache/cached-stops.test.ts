import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openRunCache } from '../../../runners/cache/run-cache.ts';
import { storedStops } from '../../../runners/templates/cached-stops.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'ut-stops-')), 'requests.sqlite');
const STOPS = { user: ['<|im_end|>'], assistant: ['<|im_end|>', '<|endoftext|>'] };
const never = async () => {
  throw new Error('derived again');
};

describe('the template\'s stops kept in the cache file', () => {
  it('a first run derives them and keeps them; a rerun with the same fingerprint finds them without deriving', async () => {
    const file = fresh();
    const first = storedStops(file);
    let derived = 0;
    assert.deepEqual(await first.stopsFrom('fp1', async () => (derived++, STOPS)), STOPS);
    assert.equal(derived, 1);
    const cache = openRunCache(file);
    first.keep(cache.stages);
    cache.close();
    assert.deepEqual(await storedStops(file).stopsFrom('fp1', never), STOPS);
    await assert.rejects(() => storedStops(file).stopsFrom('fp2', never), /derived again/, 'another template or option derives again');
  });

  it('a broken template fails on a first run as without the cache, and nothing is kept', async () => {
    const file = fresh();
    const broken = storedStops(file);
    await assert.rejects(() => broken.stopsFrom('fp', async () => { throw new Error('chat template does not echo the user message verbatim'); }), /does not echo/);
    const cache = openRunCache(file);
    broken.keep(cache.stages);
    cache.close();
    await assert.rejects(() => storedStops(file).stopsFrom('fp', never), /derived again/);
  });

  it('--no-cache and a file not yet created derive them', async () => {
    await assert.rejects(() => storedStops(null).stopsFrom('fp', never), /derived again/);
    await assert.rejects(() => storedStops(join(mkdtempSync(join(tmpdir(), 'ut-stops-')), 'none.sqlite')).stopsFrom('fp', never), /derived again/);
  });
});
