import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResultSummary } from '../../../src/schema/index.ts';
import type { ClientStats, EndpointTally } from '../../../runners/client/types.ts';
import { finalTable } from '../../../runners/probe/final-table.ts';

const noDatasets = { datasets: [] } as unknown as ResultSummary;
const stats = (endpoints: EndpointTally[]): ClientStats => ({ sent: 12, cacheHits: 0, deduplicated: 0, retries: 2, failed: 0, completed: 10, failureReasons: {}, endpoints });
const endpointLines = (s: ClientStats) => finalTable(noDatasets, s).split('\n').filter((l) => l.startsWith('  endpoint '));

describe('the closing table’s endpoint lines', () => {
  it('one healthy endpoint: none (the requests line says it all)', () => {
    assert.deepEqual(endpointLines(stats([{ url: 'http://a/v1', attempts: 12, failed: {} }])), []);
  });

  it('one endpoint with failed attempts: its line, with the kinds', () => {
    assert.deepEqual(endpointLines(stats([{ url: 'http://a/v1', attempts: 12, failed: { timeout: 1, http_503: 1 } }])), ['  endpoint http://a/v1: 12 attempts, 2 failed (timeout=1, http_503=1)']);
  });

  it('several endpoints: one line each, in --base-url order, healthy ones too', () => {
    const lines = endpointLines(stats([
      { url: 'http://a/v1', attempts: 9, failed: {} },
      { url: 'http://b/v1', attempts: 3, failed: { connection: 3 } },
    ]));
    assert.deepEqual(lines, ['  endpoint http://a/v1: 9 attempts, 0 failed', '  endpoint http://b/v1: 3 attempts, 3 failed (connection=3)']);
  });
});
