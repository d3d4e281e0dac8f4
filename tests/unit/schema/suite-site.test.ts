import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { Suite } from '../../../src/schema/index.ts';

const read = (v: string) => parse(readFileSync(`benchmark/suites/${v}.yaml`, 'utf8'));

test('suite site.rank_condition: v2 ranks by t1.0, v1 stays valid without it, a name that is no condition is refused', () => {
  assert.equal(Suite.parse(read('v2')).site?.rank_condition, 't1.0');
  assert.equal(Suite.parse(read('v1')).site, undefined);
  const r = Suite.safeParse({ ...read('v2'), site: { rank_condition: 't9.9' } });
  assert.equal(r.success, false);
  assert.deepEqual(r.error!.issues.map((i) => [i.path.join('.'), i.message]), [['site.rank_condition', 'names no condition of this suite ("t9.9")']]);
});
