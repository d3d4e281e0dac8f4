import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ResultStage } from '../../../runners/cache/result-stage.ts';
import { keepResult } from '../../../runners/probe/stored-result.ts';
import { commitFolder } from '../../../runners/results/folder-commit.ts';
import { createSampleSink, type WrittenFile } from '../../../runners/results/sample-sink.ts';
import type { ResultSummary, Sample, Verdict } from '../../../src/schema/index.ts';
import type { SummarySample } from '../../../src/lib/build-summary.ts';

const label: Verdict = { kind: 'label', label: 'genuine_followup', rationale: 'r', evidence_span: null, rule: null, judge: 'j:1' };

function sample(item: string, userTurn: string): Sample {
  return {
    format: 1, id: `${item}~greedy~0`, submission_id: 'm', dataset: 'gsm8k', item_id: item, condition: 'greedy', sample_index: 0, question: 'q',
    response: 'a', assistant_finish_reason: 'stop', accuracy: null, user_turn: userTurn, finish_reason: 'stop', seed: null, temperature: 0, top_p: 1,
    prompt_sha256: null, timings: { assistant_ms: null, user_turn_ms: null }, error: null, verdicts: [label],
  };
}

/** keepResult with these written files and retained verdicts; what it stored, if anything. */
function keep(files: WrittenFile[], verdicts: Verdict[] = [label]): Array<{ generation: number; value: unknown }> {
  const stored: Array<{ generation: number; value: unknown }> = [];
  const results: ResultStage = { generation: 3, current: () => 5, put: async (_key, value, generation) => void stored.push({ generation, value }) };
  const summary = { datasets: [{ dataset: 'gsm8k' }] } as unknown as ResultSummary;
  const light = new Map([['gsm8k' as const, [{ item_id: '0', condition: 'greedy', error: null, verdicts, accuracy: null } as SummarySample]]]);
  keepResult(results, { key: 'k', generation: 5, files, summary, light, cacheHits: 12 });
  return stored;
}

describe('keeping a whole result', () => {
  it('the sample sink knows what it wrote: the sha-256 of each file as committed, and whether a line holds redacted text', async () => {
    const out = mkdtempSync(join(tmpdir(), 'ut-keep-'));
    const writer = await createSampleSink(out, 'm', ['gsm8k', 'ifeval']);
    await writer.sink.add('gsm8k', 1, [sample('1', 'And then?')]);
    await writer.sink.add('gsm8k', 0, [sample('0', 'Why 24?')]);
    await writer.sink.add('ifeval', 0, [{ ...sample('0', 'key [redacted] here'), dataset: 'ifeval' }]);
    await writer.lightSamples();
    await commitFolder(join(out, 'm'), await writer.prepare(), []);
    const written = await writer.written();
    for (const f of written) {
      const bytes = readFileSync(join(out, 'm', 'samples', `${f.dataset}.jsonl`));
      assert.equal(f.sha256, createHash('sha256').update(bytes).digest('hex'), f.dataset);
    }
    assert.deepEqual(written.map((f) => [f.dataset, f.redacted]), [['gsm8k', false], ['ifeval', true]]);
  });

  it('keeps a result at the generation it is given, naming the files by their digests', () => {
    assert.deepEqual(keep([{ dataset: 'gsm8k', sha256: 'abc', redacted: false }]), [
      { generation: 5, value: { files: [{ dataset: 'gsm8k', sha256: 'abc' }], cacheHits: 12, summary: { datasets: [{ dataset: 'gsm8k' }], run: null } } },
    ]);
  });

  it('keeps nothing when a file holds redacted text or a verdict is a judge error', () => {
    assert.deepEqual(keep([{ dataset: 'gsm8k', sha256: 'abc', redacted: true }]), []);
    assert.deepEqual(keep([{ dataset: 'gsm8k', sha256: 'abc', redacted: false }], [{ kind: 'judge_error', reason: 'x', judge: 'j:1' }]), []);
  });
});
