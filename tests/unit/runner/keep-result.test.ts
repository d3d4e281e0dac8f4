import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ResultStage } from '../../../runners/cache/result-stage.ts';
import { keepResult } from '../../../runners/probe/stored-result.ts';
import type { ResultSummary } from '../../../src/schema/index.ts';

/** keepResult over a results folder whose gsm8k samples file holds `userTurn`; what it stored, if anything. */
function keep(userTurn: string): Array<{ key: string; generation: number }> {
  const resultDir = mkdtempSync(join(tmpdir(), 'ut-keep-'));
  mkdirSync(join(resultDir, 'samples'));
  writeFileSync(join(resultDir, 'samples', 'gsm8k.jsonl'), `${JSON.stringify({ user_turn: userTurn })}\n`);
  const stored: Array<{ key: string; generation: number }> = [];
  const results: ResultStage = { generation: 3, current: () => 5, put: async (key, _value, generation) => void stored.push({ key, generation }) };
  const summary = { datasets: [{ dataset: 'gsm8k' }] } as unknown as ResultSummary;
  keepResult(results, { key: 'k', generation: 5, resultDir, summary, light: new Map([['gsm8k', []]]), cacheHits: 12 });
  return stored;
}

describe('keeping a whole result', () => {
  it('keeps a result at the generation it is given', () => {
    assert.deepEqual(keep('Why 24?'), [{ key: 'k', generation: 5 }]);
  });

  it('does not keep samples holding a lone surrogate (the cache stores it as U+FFFD: a rerun would differ) or redacted text', () => {
    assert.deepEqual(keep('Why \ud800 24?'), []);
    assert.deepEqual(keep('Why \udfff?'), []);
    assert.deepEqual(keep('key [redacted] here'), []);
    assert.deepEqual(keep('a pair \ud83d\ude00 is fine'), [{ key: 'k', generation: 5 }]);
  });
});
