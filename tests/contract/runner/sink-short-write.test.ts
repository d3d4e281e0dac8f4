import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { createSampleSink } from '../../../runners/results/sample-sink.ts';
import type { Sample } from '../../../src/schema/index.ts';
import { mountTmpfs } from '../../helpers/tmpfs.ts';

function sample(item: string, userTurn: string): Sample {
  return {
    format: 1, id: `${item}~greedy~0`, submission_id: 'm', dataset: 'gsm8k', item_id: item, condition: 'greedy', sample_index: 0, question: 'q',
    response: 'a', assistant_finish_reason: 'stop', accuracy: null, user_turn: userTurn, finish_reason: 'stop', seed: null, temperature: 0, top_p: 1,
    prompt_sha256: null, timings: { assistant_ms: null, user_turn_ms: null }, error: null, verdicts: [],
  };
}

it('a samples line the disk takes only part of is a storage error, not a line cut short in the file', async (t) => {
  const fs = await mountTmpfs(16);
  if (typeof fs === 'string') return t.skip(fs);
  try {
    const writer = await createSampleSink(fs.dir, 'm', ['gsm8k']);
    // 8 KB left: the kernel takes 8 KB of the 12 KB line and says so (a short write), no error yet.
    await writeFile(join(fs.dir, 'filler'), Buffer.alloc(8 * 1024));
    // Named as the user knows the file: its temp file is removed by the time the line is read.
    await assert.rejects(async () => writer.sink.add('gsm8k', 0, [sample('0', 'x'.repeat(12 * 1024))]), /samples\/gsm8k\.jsonl: cannot write results: no space left on the device/);
    // Before, the add resolved with 8 KB of the line in the file: had space come back before the next line, that line
    // went on after the cut one, and the run put the file in place with the cut line in it.
    await writer.abort();
    assert.deepEqual(readdirSync(fs.dir), ['filler'], 'the temp file and the folders made for it are removed');
  } finally {
    fs.unmount();
  }
});
