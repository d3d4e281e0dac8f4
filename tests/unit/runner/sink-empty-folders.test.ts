import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createSampleSink } from '../../../runners/results/sample-sink.ts';

function work(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-sink-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a run stopped before its result leaves none of the folders it made (abort and the signal path alike)', async (t) => {
  const dir = work(t);
  for (const stop of ['abort', 'signal'] as const) {
    const out = join(dir, stop, 'results');
    const sink = await createSampleSink(out, 'm', ['gsm8k']);
    assert.ok(existsSync(join(out, 'm', 'samples')));
    if (stop === 'abort') await sink.abort();
    else sink.removeTempsSync();
    // `validate <out>` must not find an empty result folder: the run wrote no result.
    assert.equal(existsSync(join(dir, stop)), false, `${stop}: ${existsSync(join(dir, stop)) ? readdirSync(join(dir, stop), { recursive: true }).join(', ') : ''}`);
  }
});

test('folders that were there before, or hold something, are kept', async (t) => {
  const out = work(t);
  mkdirSync(join(out, 'm', 'samples'), { recursive: true });
  writeFileSync(join(out, 'm', 'summary.json'), '{}');
  writeFileSync(join(out, 'm', 'samples', 'gsm8k.jsonl'), '');
  const sink = await createSampleSink(out, 'm', ['gsm8k', 'mt_bench']);
  await sink.abort();
  assert.deepEqual(readdirSync(join(out, 'm'), { recursive: true }).map(String).sort(), ['samples', 'samples/gsm8k.jsonl', 'summary.json']);

  // A folder this run made that something else wrote into meanwhile stays.
  const other = join(out, 'other');
  const second = await createSampleSink(other, 'm', ['gsm8k']);
  writeFileSync(join(other, 'note.txt'), 'x');
  await second.abort();
  assert.deepEqual(readdirSync(other).sort(), ['note.txt']);
});
