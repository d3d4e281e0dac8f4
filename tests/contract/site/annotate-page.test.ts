import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { exportLabels, parseBatchText, readProgress } from '../../../src/lib/annotate/batch-parse.ts';
import { judgesDisagree } from '../../../src/lib/site/disagree.ts';
import { LabelLine, LabelsHeader } from '../../../src/schema/annotation.ts';
import type { Verdict } from '../../../src/schema/verdict.ts';

test("the page reads a batch drawn by the CLI, and its export passes the CLI's labels schema", () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-annotate-page-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', join(dir, 'r'), '--models', '1', '--items', '3'], { stdio: 'ignore' });
    const res = readdirSync(join(dir, 'r')).map((m) => join(dir, 'r', m));
    execFileSync(process.execPath, ['runners/cli/main.ts', 'annotate', 'sample', '--results', ...res, '--n', '8', '--seed', '2', '--out', join(dir, 'b.jsonl')], { stdio: 'ignore' });
    const text = readFileSync(join(dir, 'b.jsonl'), 'utf8');
    const parsed = parseBatchText(text);
    assert.ok(parsed.ok);
    const batch = parsed.batch;
    assert.equal(batch.items.length, 8);
    const progress = readProgress(JSON.stringify({ labels: { i001: 'genuine_followup', i002: 'unsure', i999: 'genuine_followup', i003: 'nonsense' }, notes: { i001: 'asks why' }, position: 3 }), batch);
    assert.deepEqual(progress.labels, { i001: 'genuine_followup', i002: 'unsure' }, 'unknown items and labels in storage are dropped');
    assert.equal(progress.position, 3);
    const out = exportLabels(batch, progress, 'ann-1', '2026-11-23T21:00:00.000Z').trim().split('\n').map((l) => JSON.parse(l));
    const head = LabelsHeader.parse(out[0]);
    assert.equal(head.batch_sha256, JSON.parse(text.split('\n')[0]!).batch_sha256);
    assert.deepEqual(out.slice(1).map((l) => LabelLine.parse(l)), [
      { kind: 'label', item: 'i001', label: 'genuine_followup', note: 'asks why' },
      { kind: 'label', item: 'i002', label: 'unsure', note: '' },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the page refuses files that are not batches, naming the line and field', () => {
  assert.deepEqual(parseBatchText(''), { ok: false, error: 'The file is empty.' });
  assert.match((parseBatchText('{"kind":"labels"}') as { error: string }).error, /line 1: kind/);
  const head = JSON.stringify({ kind: 'batch', batch_sha256: 'a'.repeat(64), taxonomy_version: 1 });
  assert.match((parseBatchText(`${head}\n{"id":"i001","dataset":"gsm8k","question":"q","response":"a"}`) as { error: string }).error, /line 2: user_turn/);
  assert.match((parseBatchText(`${head}\nnot json`) as { error: string }).error, /line 2: not valid JSON/);
  const storage = readProgress('{broken', { batch_sha256: 'a'.repeat(64), taxonomy_version: 1, items: [] });
  assert.deepEqual(storage, { labels: {}, notes: {}, position: 0 });
});

test('judges disagree: two judges with different labels; judge errors and one-judge panels never count', () => {
  const v = (judge: string, label: string): Verdict => ({ kind: 'label', label: label as never, rationale: '', evidence_span: null, rule: null, judge });
  assert.equal(judgesDisagree({ verdicts: [v('a', 'genuine_followup'), v('b', 'generic_closing')] }), true);
  assert.equal(judgesDisagree({ verdicts: [v('a', 'genuine_followup'), v('b', 'genuine_followup')] }), false);
  assert.equal(judgesDisagree({ verdicts: [v('a', 'genuine_followup')] }), false);
  assert.equal(judgesDisagree({ verdicts: [v('a', 'genuine_followup'), { kind: 'judge_error', reason: 'x', judge: 'b' }] }), false);
});
