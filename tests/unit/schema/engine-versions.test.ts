/**
 * RunInfo.engine_versions: what the engine's own version route said, untrusted server text. A summary written before
 * it validates; one with a version too long or hiding what it is fails, naming the field.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { distinctVersions } from '../../../src/lib/engine-versions.ts';
import { ENGINE_VERSION_MAX, parseWith, ResultSummary } from '../../../src/schema/index.ts';

const FIXTURE = new URL('../../fixtures/results-v1/sim-qwen3.5-0.8b/summary.json', import.meta.url);

function errorsWith(versions: unknown): string[] {
  const s = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  if (versions !== undefined) s.run.engine_versions = versions;
  const r = parseWith(ResultSummary, s, 'summary.json');
  return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
}

test('a summary without engine_versions (older results) and one with them validate', () => {
  assert.deepEqual(errorsWith(undefined), []);
  assert.deepEqual(errorsWith([]), []);
  assert.deepEqual(errorsWith([{ engine: 'vllm', version: '0.11.0' }, { engine: 'vllm', version: null }]), []);
  assert.deepEqual(errorsWith([{ engine: 'tgi', version: '<script>alert(1)</script>' }]), [], 'markup is text, escaped where shown');
});

test('a hostile version is refused with the field named: 10 kB, control and bidirectional characters', () => {
  assert.deepEqual(errorsWith([{ engine: 'vllm', version: 'x'.repeat(ENGINE_VERSION_MAX) }]), []);
  const long = errorsWith([{ engine: 'vllm', version: 'x'.repeat(10_000) }]);
  assert.equal(long.length, 1, long.join('\n'));
  assert.match(long[0]!, /^run\.engine_versions\[0\]\.version: /);
  assert.match(errorsWith([{ engine: 'vllm', version: '0.11\u001b[2J' }]).join('\n'), /^run\.engine_versions\[0\]\.version: .*control/);
  assert.match(errorsWith([{ engine: 'vllm', version: '0.11\u202e' }]).join('\n'), /^run\.engine_versions\[0\]\.version: .*bidirectional/);
  assert.match(errorsWith([{ engine: 'vllm', version: '0.11', extra: 1 }]).join('\n'), /^run\.engine_versions\[0\]/);
});

test('distinctVersions: each version once, by engine then version, an unreported one last', () => {
  const v = (version: string | null, engine = 'vllm') => ({ engine, version });
  assert.deepEqual(distinctVersions([v(null), v('0.11.0'), v('0.10.2'), v('0.11.0'), v(null)]), [v('0.10.2'), v('0.11.0'), v(null)]);
  assert.deepEqual(distinctVersions([v('2'), v('1', 'tgi')]), [v('1', 'tgi'), v('2')]);
});
