import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Judge } from '../../../runners/core/judge.ts';
import { resultKey, runtimeVersions, type ResultKeyInput } from '../../../runners/probe/result-key.ts';
import type { ProbeSetup } from '../../../runners/probe/types.ts';

/** A run's inputs as resultKey reads them (fields it does not read are left out). */
function input(): ResultKeyInput {
  const setup = {
    suite: { id: 'userturn', version: 2, bootstrap: { resamples: 1000 } },
    template: { sha256: 'template' },
    builder: { fingerprint: 'builder', userTurnStops: ['<|im_end|>'] },
    datasets: [{ spec: { id: 'gsm8k' }, files: [{ name: 'test.jsonl', sha256: 'data' }], items: [{ id: '0001' }, { id: '0002' }] }],
  } as unknown as ProbeSetup;
  const judge = { stamp: { id: 'heuristic@3', kind: 'heuristic', model: null, prompt_version: 'rules-3', temperature: null, max_tokens: null }, fingerprint: 'judge' } as unknown as Judge;
  return {
    scope: 'Qwen/Qwen3@abc',
    setup,
    options: { limit: 2, datasets: null, shard: null },
    judges: [judge],
    provenance: { submission_sha256: 'sub', runner_commit: 'c1', runner_dirty: false, endpoint_models: ['m'], package_versions: { node: '24.0.0' } } as unknown as ResultKeyInput['provenance'],
    window: 2048,
  };
}

describe('resultKey', () => {
  it('is stable for the same inputs and changes with every input that can change a result', () => {
    const base = resultKey(input());
    assert.equal(resultKey(input()), base);
    const changes: Record<string, (i: ResultKeyInput) => void> = {
      'the scope (model weights)': (i) => void (i.scope = 'Qwen/Qwen3@def'),
      'the suite': (i) => void ((i.setup.suite as unknown as { bootstrap: { resamples: number } }).bootstrap.resamples = 2000),
      'the submission': (i) => void ((i.provenance as { submission_sha256: string }).submission_sha256 = 'sub2'),
      'the served model': (i) => void (i.provenance.endpoint_models = ['other']),
      'the runner commit': (i) => void (i.provenance.runner_commit = 'c2'),
      'the package versions': (i) => void (i.provenance.package_versions = { node: '24.1.0' }),
      'the judge fingerprint': (i) => void (i.judges = [{ ...i.judges[0]!, fingerprint: 'judge2' } as Judge]),
      'another judge': (i) => void (i.judges = [...i.judges, { stamp: { ...i.judges[0]!.stamp, id: 'llm:x@v1', kind: 'llm' } } as Judge]),
      'the template': (i) => void (i.setup.template.sha256 = 'template2'),
      'the template options': (i) => void ((i.setup.builder as { fingerprint: string }).fingerprint = 'builder2'),
      '--limit': (i) => void (i.options.limit = 3),
      '--datasets': (i) => void (i.options.datasets = ['gsm8k']),
      '--shard': (i) => void (i.options.shard = { index: 1, count: 2 }),
      'a dataset file': (i) => void (i.setup.datasets[0]!.files[0]!.sha256 = 'data2'),
      'the items chosen': (i) => void (i.setup.datasets[0]!.items.pop()),
      // A clipped answer is asked again under another window (budget-clips.ts), so the kept result is stale.
      'the window the endpoints report': (i) => void (i.window = 4096),
      'no window reported': (i) => void (i.window = null),
    };
    for (const [what, change] of Object.entries(changes)) {
      const i = input();
      change(i);
      assert.notEqual(resultKey(i), base, what);
    }
  });

  it('names Node\'s ICU and Unicode data and every runtime dependency, resolved from the code wherever the command runs', () => {
    const deps = Object.keys((JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
    const here = runtimeVersions();
    assert.ok(here.icu && here.unicode && here.node, 'Node\'s own versions');
    for (const name of deps) assert.match(String(here[name]), /^\d+\.\d+\.\d+/, name);
    const cwd = process.cwd();
    try {
      process.chdir(tmpdir());
      assert.deepEqual(runtimeVersions(), here);
    } finally {
      process.chdir(cwd);
    }
  });
});
