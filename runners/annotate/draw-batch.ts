import { ANNOTATION_FORMAT, type BatchHeader, type BatchItem } from '../../src/schema/annotation.ts';
import { TAXONOMY_VERSION } from '../../src/schema/taxonomy.ts';
import type { Sample } from '../../src/schema/sample.ts';
import { loadStoredResult, type StoredResult } from '../judge/rejudge/load-result.ts';
import { batchSha256, sampleRef, sha256 } from './batch-file.ts';
import { stratifiedDraw, type Candidate } from './stratify.ts';

export interface DrawOptions {
  n: number;
  seed: number;
  floor: number;
}

/** Stored user turns that a human can label: the generation succeeded and the primary judge gave a verdict. */
function candidates(r: StoredResult): Array<Candidate<Sample>> {
  const out: Array<Candidate<Sample>> = [];
  for (const [dataset, samples] of r.samples) {
    for (const s of samples) {
      const primary = s.verdicts[0];
      if (s.error || !primary) continue;
      out.push({
        key: `${r.summary.submission.id}\u0000${dataset}\u0000${s.id}`,
        stratum: { dataset, condition: s.condition, label: primary.kind === 'label' ? primary.label : 'judge_error', family: r.summary.submission.family },
        value: s,
      });
    }
  }
  return out;
}

/**
 * Draw a blinded annotation batch from result folders (each validated with the zod schemas first: a broken result
 * throws ResultLoadError naming file, line and field). Returns the header and the items; writing is the caller's.
 */
export async function drawBatch(resultDirs: readonly string[], opts: DrawOptions): Promise<{ header: BatchHeader; items: BatchItem[] }> {
  const results: StoredResult[] = [];
  for (const dir of resultDirs) results.push(await loadStoredResult(dir));
  const seen = new Set<string>();
  for (const r of results) {
    if (seen.has(r.summary.submission.id)) throw new RangeError(`result "${r.summary.submission.id}" is given twice`);
    seen.add(r.summary.submission.id);
  }
  const pool = results.flatMap(candidates);
  const { drawn, strata, floorMet } = stratifiedDraw(pool, opts.n, opts.floor, opts.seed);
  const items: BatchItem[] = drawn.map((c, i) => ({
    kind: 'item',
    id: `i${String(i + 1).padStart(3, '0')}`,
    ref: sampleRef(c.key.split('\u0000')[0]!, c.value.dataset, c.value.id),
    dataset: c.value.dataset,
    question: c.value.question,
    response: c.value.response,
    user_turn: c.value.user_turn,
  }));
  const sources = [...results]
    .sort((a, b) => a.summary.submission.id.localeCompare(b.summary.submission.id))
    .map((r) => ({
      submission_id: r.summary.submission.id,
      summary_sha256: sha256(r.summaryText),
      samples_sha256: Object.fromEntries([...r.sha256s.entries()].sort(([a], [b]) => a.localeCompare(b))),
    }));
  const header: BatchHeader = {
    kind: 'batch',
    format: ANNOTATION_FORMAT,
    taxonomy_version: TAXONOMY_VERSION,
    batch_sha256: batchSha256(items),
    seed: opts.seed,
    n: items.length,
    floor: opts.floor,
    floor_met: floorMet,
    strata_keys: ['dataset', 'condition', 'label', 'family'],
    strata: strata.map((a) => ({ ...(a.stratum as BatchHeader['strata'][number]), size: a.size, drawn: a.drawn })),
    sources,
    primary_judge_ids: [...new Set(results.map((r) => r.summary.provenance.primary_judge))].sort(),
  };
  return { header, items };
}
