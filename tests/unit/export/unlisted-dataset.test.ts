import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ExportInputError, loadExportSource } from '../../../runners/export/load-results.ts';
import { FIXTURE } from '../../helpers/export-fixture.ts';

test('export refuses a result naming a dataset its suite version does not list, naming the file and field', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-export-unlisted-'));
  try {
    const res = join(dir, 'sim-qwen3.5-0.8b');
    cpSync(FIXTURE, res, { recursive: true });
    await loadExportSource(res);
    renameSync(join(res, 'samples', 'mt_bench.jsonl'), join(res, 'samples', 'chat_probe.jsonl'));
    await assert.rejects(loadExportSource(res), (e: Error) => e instanceof ExportInputError && e.message === `${join(res, 'samples', 'chat_probe.jsonl')}: (file): "chat_probe" is not a dataset of suite v1 (gsm8k, ifeval, ifbench, mt_bench, vicuna_bench, healthbench)`);
    const doc = JSON.parse(readFileSync(join(res, 'summary.json'), 'utf8'));
    doc.provenance.suite_version = 9;
    writeFileSync(join(res, 'summary.json'), JSON.stringify(doc));
    await assert.rejects(loadExportSource(res), /summary\.json: provenance\.suite_version: suite v9 is not one of the suites of benchmark\/suites\/ \(v1, v2\)/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
