import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../../helpers/cli.ts';
import { assertEscaped, HOSTILE } from '../../helpers/hostile-text.ts';
import { BatchHeader, BatchItem, HumanAgreementReport } from '../../../src/schema/annotation.ts';

// Real results from the synthetic generator (valid summaries and samples, two models, every label present).
let dir = '';
let results: string[] = [];
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ut-annotate-'));
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', join(dir, 'results'), '--models', '2', '--items', '6'], { stdio: 'ignore' });
  results = readdirSync(join(dir, 'results')).sort().map((m) => join(dir, 'results', m));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const sample = (out: string, seed = 5, n = 30, extra: string[] = []) => runCli(['annotate', 'sample', '--results', ...results, '--n', String(n), '--seed', String(seed), '--out', out, ...extra]);
const lines = (f: string) => readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

test('annotate sample is deterministic for a seed, blinded, and records how it was drawn', () => {
  const a = join(dir, 'a.jsonl');
  const b = join(dir, 'b.jsonl');
  const c = join(dir, 'c.jsonl');
  assert.equal(sample(a).code, 0);
  assert.equal(sample(b).code, 0);
  assert.equal(sample(c, 6).code, 0);
  assert.equal(readFileSync(a, 'utf8'), readFileSync(b, 'utf8'), 'same seed, same bytes');
  assert.notEqual(readFileSync(a, 'utf8'), readFileSync(c, 'utf8'), 'another seed, another batch');
  const [head, ...items] = lines(a);
  const h = BatchHeader.parse(head);
  assert.equal(h.seed, 5);
  assert.equal(items.length, 30);
  assert.deepEqual(h.sources.map((s) => s.submission_id), readdirSync(join(dir, 'results')).sort());
  assert.equal(h.strata.reduce((s, x) => s + x.drawn, 0), 30);
  for (const it of items) BatchItem.parse(it);
  const text = readFileSync(a, 'utf8');
  for (const id of h.sources.map((s) => s.submission_id)) assert.ok(!text.split('\n').slice(1).join('\n').includes(id), `model id ${id} leaks into the items`);
  assert.ok(!/"verdicts"|"rationale"|"judge"/.test(text.split('\n').slice(1).join('\n')), 'no judge output in the items');
  // Every primary label present in the results is represented (floor per stratum, labels interleaved).
  const drawnLabels = new Set(h.strata.filter((s) => s.drawn > 0).map((s) => s.label));
  assert.deepEqual(drawnLabels, new Set(h.strata.map((s) => s.label)));
});

test('annotate sample refuses results that fail validation, naming the file and the field, and writes nothing', () => {
  const f = join(results[0]!, 'samples', 'gsm8k.jsonl');
  const original = readFileSync(f, 'utf8');
  const rows = original.trim().split('\n');
  const bad = JSON.parse(rows[1]!);
  bad.temperature = 7;
  rows[1] = JSON.stringify(bad);
  writeFileSync(f, rows.join('\n') + '\n');
  try {
    const out = join(dir, 'refused.jsonl');
    const r = sample(out);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /samples\/gsm8k\.jsonl:2: temperature: /);
    assert.ok(!r.stderr.includes('    at '), 'no stack trace');
    assert.equal(existsSync(out), false);
  } finally {
    writeFileSync(f, original);
  }
});

test('annotate sample: usage errors exit 2; more items than stored turns exits 1', () => {
  assert.equal(runCli(['annotate', 'sample', '--n', '3', '--seed', '1', '--out', join(dir, 'x.jsonl')]).code, 2);
  assert.equal(runCli(['annotate', 'draw']).code, 2);
  const r = sample(join(dir, 'big.jsonl'), 1, 100000);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /more than the \d+ stored user turns/);
});

/** A labels file as the annotation page exports it. */
function labelsFile(name: string, annotator: string, batch: string, itemIds: string[], label: (i: number) => string, patch: Record<string, unknown> = {}): string {
  const head = { kind: 'labels', format: 1, annotator, taxonomy_version: 1, batch_sha256: batch, exported_at: '2026-11-23T20:00:00.000Z', ...patch };
  const body = itemIds.map((id, i) => JSON.stringify({ kind: 'label', item: id, label: label(i), note: '' }));
  const p = join(dir, name);
  writeFileSync(p, [JSON.stringify(head), ...body].join('\n') + '\n');
  return p;
}

test('calibrate --human: two annotators → a valid report; bad labels files are refused and nothing is written', () => {
  const batch = join(dir, 'h.jsonl');
  assert.equal(sample(batch, 9, 24).code, 0);
  const [head, ...items] = lines(batch);
  const sha = (head as { batch_sha256: string }).batch_sha256;
  const ids = items.map((i) => i.id as string);
  const L = ['genuine_followup', 'prompt_restatement', 'generic_closing'];
  const a = labelsFile('la.jsonl', 'ann-a', sha, ids, (i) => L[i % 3]!);
  const b = labelsFile('lb.jsonl', 'ann-b', sha, ids.slice(0, 20), (i) => (i % 4 === 0 ? 'unsure' : L[(i + (i % 5 === 0 ? 1 : 0)) % 3]!));
  const out = join(dir, 'calibration', 'human-test.json');
  const common = ['--batch', batch, '--results-root', join(dir, 'results'), '--out', out];

  const refuse = (file: string, pattern: RegExp) => {
    const r = runCli(['calibrate', '--human', a, file, ...common]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, pattern);
    assert.match(r.stderr, /nothing written/);
    assert.ok(!r.stderr.includes('    at '), 'no stack trace');
    assert.equal(existsSync(out), false, 'nothing written');
  };
  refuse(labelsFile('unknown.jsonl', 'ann-c', sha, ids, (i) => (i === 3 ? 'sarcasm' : L[0]!)), /unknown\.jsonl:5: label: "sarcasm" is not a label of taxonomy v1 \(genuine_followup, .*\) nor "unsure"/);
  refuse(labelsFile('tax.jsonl', 'ann-c', sha, ids, () => L[0]!, { taxonomy_version: 2 }), /tax\.jsonl:1: taxonomy_version: is 2, but these labels are scored against taxonomy v1/);
  refuse(labelsFile('hash.jsonl', 'ann-c', 'f'.repeat(64), ids, () => L[0]!), /hash\.jsonl:1: batch_sha256: .*another batch/);
  refuse(labelsFile('item.jsonl', 'ann-c', sha, ['i999'], () => L[0]!), /item\.jsonl:2: item: "i999" is not an item of the batch/);
  refuse(labelsFile('dup.jsonl', 'ann-a', sha, ids, () => L[0]!), /annotator: "ann-a" also labelled/);

  const r = runCli(['calibrate', '--human', a, b, ...common]);
  assert.equal(r.code, 0, r.stderr);
  const rep = HumanAgreementReport.parse(JSON.parse(readFileSync(out, 'utf8')));
  assert.equal(rep.batch.sha256, sha);
  assert.equal(rep.date, '2026-11-23');
  assert.deepEqual(rep.annotators.map((x) => [x.id, x.labelled, x.unsure, x.skipped]), [['ann-a', 24, 0, 0], ['ann-b', 15, 5, 4]]);
  assert.ok(rep.inter_annotator && rep.inter_annotator.pairs[0]!.n === 15);
  assert.ok(rep.judges.length >= 1, 'every judge of the panel is scored');
  for (const j of rep.judges) assert.equal(j.n + j.judge_errors + j.missing, rep.majority.items);
  // The validator knows the format (it checks the file, not "0 files: ok") and the site loader does not take the folder for a model.
  const v = runCli(['validate', join(dir, 'calibration')]);
  assert.equal(v.code, 0, v.stdout + v.stderr);
  assert.match(v.stdout, /validated 1 file: ok/);
  const before = readFileSync(out, 'utf8');
  assert.equal(runCli(['calibrate', '--human', a, b, ...common]).code, 0);
  assert.equal(readFileSync(out, 'utf8'), before, 'rerun gives the same bytes');
});

test('calibrate --human refuses a batch whose items were edited after drawing', () => {
  const batch = join(dir, 'edited.jsonl');
  assert.equal(sample(batch, 3, 10).code, 0);
  const rows = readFileSync(batch, 'utf8').trim().split('\n');
  const it = JSON.parse(rows[2]!);
  it.user_turn = 'edited';
  rows[2] = JSON.stringify(it);
  writeFileSync(batch, rows.join('\n') + '\n');
  const sha = (JSON.parse(rows[0]!) as { batch_sha256: string }).batch_sha256;
  const a = labelsFile('le.jsonl', 'ann-a', sha, ['i001'], () => 'genuine_followup');
  const out = join(dir, 'edited-out.json');
  const r = runCli(['calibrate', '--human', a, '--batch', batch, '--results-root', join(dir, 'results'), '--out', out]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /edited\.jsonl: batch_sha256: does not match the items/);
  assert.equal(existsSync(out), false);
});

test('the "wrote" lines of annotate sample and calibrate --human show an --out path holding escape sequences, U+202E and a line break escaped, on one line', () => {
  const batch = join(dir, `batch${HOSTILE}.jsonl`);
  const r = sample(batch, 4, 12);
  assert.equal(r.code, 0, r.stderr);
  assertEscaped(r);
  assert.match(r.stdout, /^wrote .*batch\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\.jsonl: 12 items from /m);
  const [head, ...items] = lines(batch);
  const sha = (head as { batch_sha256: string }).batch_sha256;
  const a = labelsFile('hostile-a.jsonl', 'ann-a', sha, items.map((i) => i.id as string), () => 'genuine_followup');
  const out = join(dir, `human${HOSTILE}.json`);
  const h = runCli(['calibrate', '--human', a, '--batch', batch, '--results-root', join(dir, 'results'), '--out', out]);
  assert.equal(h.code, 0, h.stderr);
  assertEscaped(h);
  assert.match(h.stdout, /^wrote .*human\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\.json$/m);
});
