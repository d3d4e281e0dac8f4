import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { writeShards } from '../../../src/integrations/sample-shards.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

describe('validate: huge bad files and files outside the known folders', () => {
  it('130,000 bad lines: bounded output, exit 1, no stack trace (spreading the error list overflowed the stack)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-huge-'));
    const file = join(dir, 'results', 'm', 'samples', 'gsm8k.jsonl');
    await mkdir(join(dir, 'results', 'm', 'samples'), { recursive: true });
    await writeFile(file, '{}\n'.repeat(130_000));
    const r = runCli(['validate', file]);
    assert.equal(r.code, 1, r.stderr.slice(0, 500));
    assert.doesNotMatch(r.stderr, /RangeError|internal error|\n\s+at /);
    const lines = r.stderr.trim().split('\n');
    assert.ok(lines.length <= 60, `${lines.length} lines of output`);
    const more = /and (\d+) more problems in this file \(the first (\d+) are listed\)/.exec(lines.at(-1)!);
    assert.ok(more, lines.at(-1));
    // The closing count says how many problems there were, not how many lines were printed.
    const listed = lines.filter((l) => /gsm8k\.jsonl:\d+: /.test(l)).length;
    const others = lines.length - listed - 1;
    assert.equal(listed, Number(more[2]));
    assert.match(r.stdout, new RegExp(`^validated 1 file: ${listed + Number(more[1]) + others} errors$`, 'm'));
    assert.ok(listed + Number(more[1]) >= 130_000, r.stdout);
  });

  it('the site build refuses duplicate sample ids before it writes any shard', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-dup-'));
    const results = join(dir, 'results');
    const sample = { format: 1, id: '0001~greedy~0', submission_id: 'm', dataset: 'gsm8k', item_id: '0001', condition: 'greedy', sample_index: 0, question: 'q', response: 'a', assistant_finish_reason: 'stop', accuracy: null, user_turn: 'u', finish_reason: 'stop', seed: 1, temperature: 0, top_p: 1, prompt_sha256: null, timings: { assistant_ms: null, user_turn_ms: null }, error: null, verdicts: [] };
    await mkdir(join(results, 'm', 'samples'), { recursive: true });
    await writeFile(join(results, 'm', 'samples', 'gsm8k.jsonl'), `${JSON.stringify(sample)}\n`.repeat(3));
    // Samples are published only beside a summary; this one's own errors are the content loader's, not this test's.
    await writeFile(join(results, 'm', 'summary.json'), '{}');
    const v = runCli(['validate', join(results, 'm', 'samples', 'gsm8k.jsonl')]);
    assert.equal(v.code, 1);
    assert.match(v.stderr, /duplicate sample id/);
    // A good model sorted before the bad one: none of its shards may be published either.
    await mkdir(join(results, 'a-good', 'samples'), { recursive: true });
    await writeFile(join(results, 'a-good', 'samples', 'gsm8k.jsonl'), `${JSON.stringify({ ...sample, submission_id: 'a-good' })}\n`);
    await writeFile(join(results, 'a-good', 'summary.json'), '{}');
    await assert.rejects(writeShards(results, join(dir, 'dist')), /gsm8k\.jsonl:2: id: duplicate sample id "0001~greedy~0"/);
    assert.deepEqual(existsSync(join(dir, 'dist', 'data')) ? readdirSync(join(dir, 'dist', 'data')) : [], [], 'no shard, manifest or staging folder is left');
    await rm(join(results, 'm'), { recursive: true });
    const ok = await writeShards(results, join(dir, 'dist'));
    assert.equal(ok.files, 1);
    assert.ok(existsSync(join(dir, 'dist', 'data', 'samples', 'a-good', 'gsm8k.json')));
  });

  it('a submission outside submissions/ is classified by its content, not reported as "validated 0 files: ok"', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ut-outside-'));
    const mine = join(dir, 'my.yaml');
    await copyFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), mine);
    const r = runCli(['validate', mine]);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /my\.yaml: id: submission files must live at submissions\/<org>\/<id>\.yaml/);
    const other = join(dir, 'notes.yaml');
    await writeFile(other, 'hello: world\n');
    const r2 = runCli(['validate', other]);
    assert.equal(r2.code, 1, r2.stdout);
    assert.match(r2.stderr, /notes\.yaml: \(file\): not a userturn file/);
  });

  it('a submission in a folder outside submissions/ is found by its content; other files there are passed over', async () => {
    // A newcomer's `validate mysubs` with a submission in it said "nothing to validate".
    const dir = await mkdtemp(join(tmpdir(), 'ut-folder-'));
    await mkdir(join(dir, 'acme'));
    await copyFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), join(dir, 'acme', 'mine.yaml'));
    await writeFile(join(dir, 'notes.yaml'), 'hello: world\n');
    await writeFile(join(dir, 'broken.yaml'), 'a: [\n');
    const r = runCli(['validate', dir]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /acme\/mine\.yaml: id: submission files must live at submissions\/<org>\/<id>\.yaml/);
    assert.doesNotMatch(r.stderr, /notes\.yaml|broken\.yaml|nothing to validate/);
    assert.match(r.stdout, /validated 1 file: /);
  });
});
