/**
 * A result's items as its run read them (runners/datasets/as-run.ts): only from a datasets folder that holds the run's
 * files byte for byte (the sha-256s its provenance records), never downloaded; otherwise a reason that names the file.
 * rejudge and validate read download-only prompts through it (tests/contract/judge/rejudge-download-only.test.ts).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { currentSuitePath } from '../../../runners/core/defaults.ts';
import { itemsAsRun, promptPlaceholder, promptsAsRun, runFileHint } from '../../../runners/datasets/as-run.ts';
import { sha256Hex } from '../../../runners/datasets/source.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'datasets');
const text = readFileSync(join(fixtures, 'healthbench', 'healthbench.jsonl'), 'utf8');
const ran = [{ name: 'healthbench.jsonl', sha256: sha256Hex(text) }];
const hb = (await loadSuite(currentSuitePath())).datasets.find((d) => d.id === 'healthbench')!;
const tmp = mkdtempSync(join(tmpdir(), 'ut-as-run-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('itemsAsRun / promptsAsRun', () => {
  it('the run\'s file: every item\'s prompt is the last user message, as the run gave it to the judge', async () => {
    assert.equal(hb.download_only, true);
    const r = await promptsAsRun(hb, ran, fixtures);
    assert.ok(r.ok);
    assert.equal(r.prompts.size, 5);
    assert.equal(r.prompts.get('hb-fx-02'), 'About three weeks, and yes, I work at a laptop all day. Could my screen be causing the headaches, and what can I change at my desk?');
  });

  it('anything else is refused with a reason that names the file: no folder, a missing file, another file, nothing recorded', async () => {
    const other = join(tmp, 'other');
    mkdirSync(join(other, 'healthbench'), { recursive: true });
    writeFileSync(join(other, 'healthbench', 'healthbench.jsonl'), text.replace('39.2 C', '38.5 C'));
    const why = async (dir: string | undefined, files = ran) => {
      const r = await itemsAsRun(hb, files, dir);
      assert.equal(r.ok, false);
      return r.ok ? '' : r.why;
    };
    assert.equal(await why(undefined), 'no --data-dir or USERTURN_DATA_DIR is set');
    assert.match(await why(tmp), new RegExp(`^${join(tmp, 'healthbench', 'healthbench.jsonl')}: not found`));
    assert.equal(await why(other), `${join(other, 'healthbench', 'healthbench.jsonl')} has sha256 ${sha256Hex(text.replace('39.2 C', '38.5 C')).slice(0, 12)}…, not the ${ran[0]!.sha256.slice(0, 12)}… the run read`);
    assert.match(await why(fixtures, []), /^the result records no healthbench files \(provenance\.datasets\)/);
  });
});

describe('runFileHint and the placeholder', () => {
  it('names DIR/<dataset>/<file> and the run\'s checksum, and the download cache when it holds a copy', () => {
    const saved = process.env.USERTURN_CACHE_DIR;
    try {
      process.env.USERTURN_CACHE_DIR = join(tmp, 'cache');
      assert.equal(runFileHint(hb, ran), `DIR/healthbench/healthbench.jsonl (sha256 ${ran[0]!.sha256.slice(0, 12)}…)`);
      mkdirSync(join(tmp, 'cache', 'datasets', 'healthbench'), { recursive: true });
      writeFileSync(join(tmp, 'cache', 'datasets', 'healthbench', 'healthbench.jsonl'), text);
      assert.match(runFileHint(hb, ran), new RegExp(`; this machine's download cache holds one: --data-dir ${join(tmp, 'cache', 'datasets')}$`));
    } finally {
      if (saved === undefined) delete process.env.USERTURN_CACHE_DIR;
      else process.env.USERTURN_CACHE_DIR = saved;
    }
  });

  it('the placeholder is the one runs write (tests/contract/runner/pipeline.test.ts checks a run\'s samples)', () => {
    assert.equal(promptPlaceholder('healthbench', 'hb-7'), '[healthbench item hb-7: prompt not redistributed]');
  });
});
