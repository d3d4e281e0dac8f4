import { createReadStream, existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { jsonlLines } from '../../src/lib/io/jsonl.ts';
import { formatPath, Sample, type FieldError, type ResultSummary, type Suite } from '../../src/schema/index.ts';
import type { DatasetItem } from '../core/items.ts';
import { itemsAsRun, runFilesOf, type DatasetReader } from '../datasets/as-run.ts';
import { selectItems } from '../datasets/load.ts';
import { verify } from '../verifiers/index.ts';

/**
 * What a result says of its dataset's items, read against the dataset itself where the run's files are at hand byte
 * for byte (`dataDir`, USERTURN_DATA_DIR: nothing is downloaded), for a whole result (a shard's own folder holds every
 * n-th item of the choice; its merge holds them all):
 * - its items are the suite's seeded choice for its `--limit` (or cap): a review deleted every sample of one wrongly
 *   answered item and rebuilt the summary, and GSM8K accuracy went from 0.8 to 1 with every figure agreeing;
 * - each item's accuracy is what the verifier gives its answer (the response of its unperturbed condition's samples,
 *   which is the assistant turn's answer) against the dataset's own reference: the samples' accuracy fields could be
 *   flipped and the summary rebuilt from them.
 */
export async function datasetErrors(display: string, dir: string, summary: ResultSummary, suite: Suite, dataDir: string | undefined, read: DatasetReader): Promise<FieldError[]> {
  if (!dataDir) return [];
  const shards = summary.provenance.shards;
  if (shards && shards.merged.length < shards.count) return [];
  const errors: FieldError[] = [];
  for (const [i, d] of summary.datasets.entries()) {
    const spec = suite.datasets.find((s) => s.id === d.dataset);
    const ran = runFilesOf(summary, d.dataset);
    const atHand = spec ? await itemsAsRun(spec, ran, dataDir, read) : null;
    if (!spec || !atHand?.ok) continue; // not at hand
    const { items } = atHand;
    const chosen = new Map(selectItems(spec, items, d.item_ids.length).map((it) => [it.id, it]));
    const extra = d.item_ids.find((id) => !chosen.has(id));
    if (extra !== undefined || chosen.size !== d.item_ids.length) {
      errors.push({ file: display, field: formatPath(['datasets', i, 'item_ids']), message: `are not the suite's seeded choice of ${d.item_ids.length} ${d.dataset} items${extra !== undefined ? ` ("${extra}" is not among them)` : ''}: a result holds every item its --limit chose` });
      continue;
    }
    const file = join(dir, 'samples', `${d.dataset}.jsonl`);
    const wrong = existsSync(file) ? await firstMisscored(file, chosen, suite) : null;
    if (wrong) errors.push({ file: display, field: formatPath(['datasets', i, 'accuracy']), message: `rests on samples/${d.dataset}.jsonl, whose item "${wrong}" carries an accuracy its answer does not get from the verifier` });
  }
  return errors;
}

/** The first item whose unperturbed samples carry an accuracy the verifier does not give their response. */
async function firstMisscored(file: string, items: ReadonlyMap<string, DatasetItem>, suite: Suite): Promise<string | null> {
  const plain = new Set(suite.conditions.filter((c) => c.perturbation.kind === 'none').map((c) => c.id));
  const checked = new Set<string>();
  for await (const { text } of jsonlLines(createReadStream(file))) {
    let s: Sample;
    try {
      const r = Sample.safeParse(JSON.parse(text));
      if (!r.success) continue; // the samples file's own error
      s = r.data;
    } catch {
      continue;
    }
    if (!plain.has(s.condition) || s.error !== null || s.unfinished || checked.has(s.item_id)) continue;
    const item = items.get(s.item_id);
    if (!item?.verifier) continue;
    checked.add(s.item_id);
    if (!isDeepStrictEqual(verify(item.verifier, s.response), s.accuracy)) return s.item_id;
  }
  return null;
}
