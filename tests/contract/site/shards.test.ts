import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { Sample, SearchDirectory, SearchFacets, SearchTerms } from '../../../src/schema/index.ts';
import { groupByItem, manifestEntry, splitShards } from '../../../src/lib/site/shards.ts';
import { writeShards } from '../../../src/integrations/sample-shards.ts';

function synthetic(dir: string, extra: string[] = []): void {
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '2', '--items', '5', ...extra], { stdio: 'ignore' });
}

test('shards keep items whole, store the shared answer once, and the manifest counts labels and conditions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-shards-'));
  try {
    synthetic(dir);
    const lines = readFileSync(join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl'), 'utf8').trim().split('\n').map((l) => Sample.parse(JSON.parse(l)));
    const items = groupByItem(lines, ['greedy', 't0.7', 't1.0', 'truncated', 'generic_question', 'reference']);
    assert.equal(items.length, 5);
    assert.equal(items.reduce((s, i) => s + i.samples.length, 0), lines.length);
    const it = items[0]!;
    assert.equal(it.samples[0]!.condition, 'greedy');
    assert.equal(it.samples.find((s) => s.condition === 't0.7')!.response, undefined, 'unperturbed answers are not repeated');
    assert.ok(it.samples.find((s) => s.condition === 'truncated')!.response, 'perturbed answers are kept');
    const parts = splitShards(items, 20);
    assert.ok(parts.length >= 3);
    assert.deepEqual(parts.flat().map((i) => i.item_id), items.map((i) => i.item_id));
    const m = manifestEntry(0, parts[0]!);
    assert.equal(Object.values(m.labels).reduce((a, b) => a + (b ?? 0), 0), m.samples);
    assert.equal(Object.values(m.conditions).reduce((a, b) => a + b, 0), m.samples);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('writeShards writes a manifest per model × dataset and names the file, line and field of a bad sample', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-shards-'));
  const out = mkdtempSync(join(tmpdir(), 'ut-out-'));
  try {
    synthetic(dir);
    const stats = await writeShards(dir, out);
    assert.equal(stats.files, 10);
    const man = JSON.parse(readFileSync(join(out, 'data', 'samples', 'gpt-oss-120b', 'ifeval.json'), 'utf8'));
    assert.equal(man.samples, readFileSync(join(dir, 'gpt-oss-120b', 'samples', 'ifeval.jsonl'), 'utf8').trim().split('\n').length);
    assert.ok(man.shards.length >= 1);
    // The model's search facets count the same samples, shard by shard, and pass their schema; so do the dataset's
    // directory and every term file it counts.
    const read = (f: string) => JSON.parse(readFileSync(join(out, 'data', 'index', 'ifeval', f), 'utf8'));
    const directory = SearchDirectory.parse(read('index.json'));
    assert.ok(directory.models.includes('gpt-oss-120b'));
    const facets = directory.groups.flatMap((_, g) => SearchFacets.parse(read(`facets-${g}.json`)).models);
    assert.deepEqual(facets.map((f) => f.model), directory.models);
    assert.deepEqual(facets.find((f) => f.model === 'gpt-oss-120b')!.shards, man.shards.map((s: { samples: number }) => s.samples));
    for (let b = 0; b < directory.buckets; b++) SearchTerms.parse(read(`terms-${b}.json`));
    assert.ok(stats.indexBytes > 0);
    assert.equal(stats.indexFiles, readdirSync(join(out, 'data', 'index'), { recursive: true }).filter((f) => String(f).endsWith('.json')).length);
    const f = join(dir, 'gpt-oss-120b', 'samples', 'ifeval.jsonl');
    const lines = readFileSync(f, 'utf8').trim().split('\n');
    const good = lines[2]!;
    const bad = JSON.parse(good);
    bad.verdicts[0].label = 'not_a_label';
    lines[2] = JSON.stringify(bad);
    writeFileSync(f, lines.join('\n'));
    await assert.rejects(writeShards(dir, out), (e: Error) => /gpt-oss-120b\/samples\/ifeval\.jsonl:3: verdicts\[0\]\.label: /.test(e.message));
    lines[2] = good;
    writeFileSync(f, lines.join('\n'));
    mkdirSync(join(dir, 'gpt-oss-120b', 'samples'), { recursive: true });
    writeFileSync(join(dir, 'gpt-oss-120b', 'samples', 'nope.jsonl'), '');
    // An id the result's suite does not list (ids are open slugs; the suite is the list), and a name that is no id.
    await assert.rejects(writeShards(dir, out), /samples\/nope\.jsonl: \(root\): "nope" is not a dataset of suite v\d+ \(/);
    rmSync(join(dir, 'gpt-oss-120b', 'samples', 'nope.jsonl'));
    writeFileSync(join(dir, 'gpt-oss-120b', 'samples', 'Con.jsonl'), '');
    await assert.rejects(writeShards(dir, out), /samples\/Con\.jsonl: \(root\): unknown dataset "Con"/);
  } finally { rmSync(dir, { recursive: true, force: true }); rmSync(out, { recursive: true, force: true }); }
});

test('writeShards refuses a summary its samples do not give (the counts validate reads), naming the summary field', async () => {
  // The site published a summary's figures without reading them against the samples it also published.
  const dir = mkdtempSync(join(tmpdir(), 'ut-shards-'));
  const out = mkdtempSync(join(tmpdir(), 'ut-out-'));
  try {
    synthetic(dir);
    await writeShards(dir, out);
    const f = join(dir, 'gpt-oss-120b', 'summary.json');
    const original = readFileSync(f, 'utf8');
    const s = JSON.parse(original);
    s.datasets[1].conditions[2].labels.genuine_followup += 2;
    // Its per-item counts would no longer sum to the label count, which the schema refuses before any sample is read;
    // without them (optional) only the samples can tell.
    delete s.datasets[1].conditions[2].item_counts;
    writeFileSync(f, JSON.stringify(s));
    await assert.rejects(writeShards(dir, out), /result summary does not match its samples\n.*gpt-oss-120b\/summary\.json: datasets\[1\]\.conditions\[2\]\.labels\.genuine_followup: is \d+ but samples\/\w+\.jsonl gives \d+/);
    writeFileSync(f, original);
    const gsm = readFileSync(join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl'));
    rmSync(join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl'));
    await assert.rejects(writeShards(dir, out), /gpt-oss-120b\/summary\.json: datasets\[\d+\]: its samples file samples\/gsm8k\.jsonl is missing/);
    // A samples file of a dataset the summary does not list: its samples would be browsable, counted nowhere.
    const s2 = JSON.parse(original);
    const i = s2.datasets.findIndex((d: { dataset: string }) => d.dataset === 'gsm8k');
    writeFileSync(join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl'), gsm);
    s2.datasets.splice(i, 1);
    writeFileSync(f, JSON.stringify(s2));
    await assert.rejects(writeShards(dir, out), /gpt-oss-120b\/summary\.json: datasets: does not list "gsm8k", whose samples file samples\/gsm8k\.jsonl is in the folder/);
    // No samples folder at all: the summary's figures would be published unread (a review's way around the check).
    writeFileSync(f, original);
    rmSync(join(dir, 'gpt-oss-120b', 'samples'), { recursive: true });
    await assert.rejects(writeShards(dir, out), /gpt-oss-120b\/summary\.json: \(file\): has no samples\/ folder beside it/);
  } finally { rmSync(dir, { recursive: true, force: true }); rmSync(out, { recursive: true, force: true }); }
});

test('writeShards recomputes every figure from the samples: an edited rate, interval or accuracy with every count intact is refused', async () => {
  // A review published a summary ranking a model first at 99% [97–100] while its labels gave 2 of 3.
  const dir = mkdtempSync(join(tmpdir(), 'ut-shards-'));
  const out = mkdtempSync(join(tmpdir(), 'ut-out-'));
  try {
    synthetic(dir);
    const f = join(dir, 'gpt-oss-120b', 'summary.json');
    const original = readFileSync(f, 'utf8');
    const edits: Array<[string, (s: any) => void, RegExp]> = [
      ['the follow-up rate', (s) => { s.datasets[0].conditions[0].followup.value = 0.99; }, /datasets\[0\]\.conditions\[0\]\.followup\.value: is 0\.99 but its samples give /],
      ['an interval turned round', (s) => { const e = s.datasets[0].conditions[1].followup; [e.lo, e.hi] = [e.hi, e.lo]; }, /datasets\[0\]\.conditions\[1\]\.followup\.lo: is [\d.]+ but its samples give /],
      ['accuracy', (s) => { s.datasets[0].accuracy.strict.value = 0; }, /datasets\[0\]\.accuracy\.strict\.value: is 0 but its samples give /],
      ['a condition\'s temperature', (s) => { s.datasets[0].conditions[2].temperature = 1.5; }, /datasets\[0\]\.conditions\[2\]\.temperature: is 1\.5 but its samples give /],
      ['judge agreement', (s) => { s.agreement[0].kappa = 1; }, /agreement\[0\]\.kappa: is 1 but its samples give /],
    ];
    for (const [what, edit, message] of edits) {
      const s = JSON.parse(original);
      edit(s);
      writeFileSync(f, JSON.stringify(s));
      await assert.rejects(writeShards(dir, out), (e: Error) => message.test(e.message) || assert.fail(`${what}: ${e.message}`));
    }
    // Samples of a condition the summary does not list would be browsable and counted nowhere.
    writeFileSync(f, original);
    const gsm = join(dir, 'gpt-oss-120b', 'samples', 'gsm8k.jsonl');
    const lines = readFileSync(gsm, 'utf8').trim().split('\n');
    lines.push(JSON.stringify({ ...JSON.parse(lines[0]!), id: 'extra~bogus~0', condition: 'bogus' }));
    writeFileSync(gsm, `${lines.join('\n')}\n`);
    await assert.rejects(writeShards(dir, out), /summary\.json: datasets\[\d+\]\.conditions: does not list condition "bogus", of which samples\/gsm8k\.jsonl holds 1 samples/);
  } finally { rmSync(dir, { recursive: true, force: true }); rmSync(out, { recursive: true, force: true }); }
});

test('writeShards reads no link: a linked samples folder is refused before anything is read through it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-shards-'));
  const out = mkdtempSync(join(tmpdir(), 'ut-out-'));
  const elsewhere = mkdtempSync(join(tmpdir(), 'ut-elsewhere-'));
  try {
    synthetic(dir);
    const samples = join(dir, 'gpt-oss-120b', 'samples');
    renameSync(samples, join(elsewhere, 'samples'));
    symlinkSync(join(elsewhere, 'samples'), samples);
    await assert.rejects(writeShards(dir, out), /gpt-oss-120b\/samples: \(file\): is a symbolic link/);
    rmSync(samples);
    renameSync(join(elsewhere, 'samples'), samples);
    // A linked summary.json (one to /etc/passwd was quoted in the build log), and samples with no summary at all.
    const summary = join(dir, 'gpt-oss-120b', 'summary.json');
    renameSync(summary, join(elsewhere, 'summary.json'));
    symlinkSync(join(elsewhere, 'summary.json'), summary);
    await assert.rejects(writeShards(dir, out), /gpt-oss-120b\/summary\.json: \(file\): is a symbolic link/);
    rmSync(summary);
    await assert.rejects(writeShards(dir, out), /gpt-oss-120b\/samples: \(file\): has no summary\.json beside it/);
  } finally { for (const d of [dir, out, elsewhere]) rmSync(d, { recursive: true, force: true }); }
});
