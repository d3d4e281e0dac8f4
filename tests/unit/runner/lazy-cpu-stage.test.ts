import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import { startCpuStage } from '../../../runners/probe/cpu-stage.ts';
import { lazyCpuStage } from '../../../runners/probe/lazy-cpu-stage.ts';

describe('the lazily started CPU stage', () => {
  it("says what the stage's own judge says: it never holds up I/O, so the verdict cache in front of it need not yield per verdict", async () => {
    const eager = startCpuStage();
    const lazy = lazyCpuStage();
    try {
      const heuristic = createHeuristicJudge();
      assert.equal(eager.judge(heuristic).yieldsToIo, true);
      assert.equal(lazy.judge(heuristic).yieldsToIo, eager.judge(heuristic).yieldsToIo);
    } finally {
      await eager.close();
      await lazy.close();
    }
  });
});
