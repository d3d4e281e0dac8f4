import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary, Sample } from '../../../src/schema/index.ts';

const gen = (dir: string) => execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '14', '--items', '4'], { stdio: 'ignore' });

test('the synthetic generator is deterministic and every file it writes is schema-valid', () => {
  const a = mkdtempSync(join(tmpdir(), 'ut-syn-a-'));
  const b = mkdtempSync(join(tmpdir(), 'ut-syn-b-'));
  try {
    gen(a); gen(b);
    const models = readdirSync(a).sort();
    assert.equal(models.length, 14);
    let xss = 0;
    for (const m of models) {
      const sa = readFileSync(join(a, m, 'summary.json'), 'utf8');
      assert.equal(sa, readFileSync(join(b, m, 'summary.json'), 'utf8'), `${m}/summary.json differs between runs`);
      const summary = ResultSummary.parse(JSON.parse(sa));
      assert.equal(summary.provenance.simulated, true);
      for (const d of summary.datasets) {
        const text = readFileSync(join(a, m, 'samples', `${d.dataset}.jsonl`), 'utf8');
        assert.equal(text, readFileSync(join(b, m, 'samples', `${d.dataset}.jsonl`), 'utf8'));
        const lines = text.trim().split('\n').map((l) => Sample.parse(JSON.parse(l)));
        assert.equal(lines.length, d.conditions.reduce((s, c) => s + c.n_samples, 0));
        xss += lines.filter((s) => s.user_turn.includes('<script>alert(1)</script>')).length;
      }
    }
    assert.equal(xss, 1, 'exactly one generation carries the XSS payloads');
  } finally { rmSync(a, { recursive: true, force: true }); rmSync(b, { recursive: true, force: true }); }
});
