import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Judge } from '../../../runners/core/judge.ts';
import type { VerifierItem } from '../../../runners/core/items.ts';
import { StorageError } from '../../../runners/io/storage-error.ts';
import { judgeAll } from '../../../runners/probe/judge-all.ts';
import { safeVerifier } from '../../../runners/probe/verify-safe.ts';

// The stage cache writes verdicts and scores; when that write fails the run must stop with the storage error,
// not record a judge_error or a null accuracy and carry on (found when the cache and the CPU stage were merged).
const full = () => new StorageError('/tmp/cache.sqlite', 'cannot write the request cache', Object.assign(new Error('disk full'), { code: 'ENOSPC' }), '');
const item: VerifierItem = { dataset: 'gsm8k', id: '1', reference_answer: '4' };

test('judgeAll: a judge that throws a storage error stops the run; any other throw is a judge_error', async () => {
  const stamp = { id: 'j' } as Judge['stamp'];
  const storage: Judge = { stamp, judge: async () => { throw full(); } } as unknown as Judge;
  const buggy: Judge = { stamp, judge: async () => { throw new Error('bug'); } } as unknown as Judge;
  const input = {} as Parameters<Judge['judge']>[0];
  await assert.rejects(judgeAll([storage], input), StorageError);
  const [v] = await judgeAll([buggy], input);
  assert.equal(v!.kind, 'judge_error');
});

test('safeVerifier: a storage error stops the run; a verifier bug gives null accuracy', async () => {
  const logs: string[] = [];
  await assert.rejects(safeVerifier((m) => logs.push(m), () => { throw full(); })(item, 'x'), StorageError);
  assert.equal(await safeVerifier((m) => logs.push(m), () => { throw new Error('bug'); })(item, 'x'), null);
  assert.match(logs.join('\n'), /verifier for gsm8k failed \(bug\)/);
});
