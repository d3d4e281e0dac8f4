import { createHash, type Hash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Sample, formatFieldError, parseWith, type DatasetId, type Verdict } from '../../src/schema/index.ts';
import type { SummarySample } from '../../src/lib/build-summary.ts';
import type { SampleSink } from '../core/sample-sink.ts';
import { InvalidResult } from './write.ts';
import { jsonLine } from '../../src/lib/io/jsonl.ts';
import { REDACTED, redact } from '../io/secrets.ts';
import { StorageError, storageFix, writeProblem } from '../io/storage-error.ts';
import { removeStaleTemps } from './atomic.ts';
import { finishInterruptedCommit } from './folder-commit.ts';
import { makeDirs, removeMadeIfEmpty } from '../io/make-dirs.ts';

/**
 * What the summary needs of a sample (SummarySample), as small as it can be: it is kept in memory for every sample
 * of the run while the full sample goes to disk. Equal verdicts share one object (rationale and evidence dropped),
 * and so do equal lists of them and equal errors (which keep only their stage); the accuracy is kept on an item's
 * first sample only (buildSummary reads it there). Measured: ~1 MB per 1,000 requests with whole light samples;
 * the 92,316 of a 100k-request run hold 5 MB less heap with shared lists than with a list per sample.
 */
export function createSummaryView() {
  const verdicts = new Map<string, Verdict>();
  const lists = new Map<string, Verdict[]>();
  const errors = new Map<string, NonNullable<SummarySample['error']>>();
  const key = (v: Verdict) => `${v.judge}\u0000${v.kind === 'label' ? v.label : '\u0000'}`;
  const shared = (v: Verdict): Verdict => {
    const k = key(v);
    let out = verdicts.get(k);
    if (!out) verdicts.set(k, (out = v.kind === 'label' ? { kind: 'label', label: v.label, judge: v.judge, rationale: '', evidence_span: null, rule: null } : { kind: 'judge_error', judge: v.judge, reason: '-' }));
    return out;
  };
  const sharedList = (vs: Verdict[]): Verdict[] => {
    const k = vs.map(key).join('\u0001');
    let out = lists.get(k);
    if (!out) lists.set(k, (out = vs.map(shared)));
    return out;
  };
  const sharedError = (stage: NonNullable<Sample['error']>['stage']) => {
    let out = errors.get(stage);
    if (!out) errors.set(stage, (out = { stage, reason: '-' }));
    return out;
  };
  let lastItem: string | null = null;
  let last: SummarySample | null = null;
  return (s: Sample): SummarySample => {
    const first = s.item_id !== lastItem;
    lastItem = s.item_id;
    const error = s.error ? sharedError(s.error.stage) : null;
    const verdicts = sharedList(s.verdicts);
    // A sample equal to the one before (same item and condition, same error and verdicts: often the k samples of a
    // condition) is that same object again; an object costs 64 bytes, a slot in the list 8.
    if (!first && !s.unfinished && last && !last.unfinished && last.condition === s.condition && last.error === error && last.verdicts === verdicts && last.accuracy === null) return last;
    return (last = {
      item_id: s.item_id,
      condition: s.condition,
      error,
      verdicts,
      accuracy: first ? s.accuracy : null,
      ...(s.unfinished ? { unfinished: { ...s.unfinished, raw_tail: '' } } : {}),
    });
  };
}

interface Stream {
  tmp: string;
  final: string;
  fh: FileHandle;
  next: number;
  pending: Map<number, Sample[]>;
  light: SummarySample[];
  view: (s: Sample) => SummarySample;
  /** sha-256 of the bytes written, as they are written (never read back from the final path). */
  hash: Hash;
  /** Whether any line holds the redaction marker. */
  redacted: boolean;
}

/** What the sink wrote to one samples file, known from the writes themselves. */
export interface WrittenFile {
  dataset: DatasetId;
  sha256: string;
  /** Some line holds `[redacted]`: it depends on which secrets were registered. */
  redacted: boolean;
}

/**
 * Streams samples to samples/<dataset>.jsonl.*.tmp in item order (items may finish out of order; they wait
 * in a small buffer), validating every sample with the zod schema before it is written. `prepare` syncs the temp
 * files and names the renames that put them in place (with the summary, in one commit: folder-commit.ts); `abort`
 * removes them.
 */
export async function createSampleSink(outDir: string, submissionId: string, datasets: DatasetId[]) {
  const dir = join(outDir, submissionId, 'samples');
  const streams = new Map<DatasetId, Stream>();
  // Named by the samples file the user knows: its temp file is removed before the line is printed.
  const fail = (file: string, e: unknown): never => {
    throw new StorageError(file, 'cannot write results', e, `nothing was put in place; ${storageFix(e, 'pass --out with another folder')}, then rerun (finished requests come from the cache)`);
  };
  let made: string[] = [];
  try {
    made = await makeDirs(dir);
  } catch (e) {
    fail(dir, writeProblem(dir) ?? e);
  }
  // A commit a killed run left half done is finished first (its temp files are complete); then the temp files of a
  // run killed while writing (its summary was never written, so nothing refers to them) go.
  await finishInterruptedCommit(join(outDir, submissionId));
  await removeStaleTemps(dir);
  await removeStaleTemps(join(outDir, submissionId));
  for (const ds of datasets) {
    const final = join(dir, `${ds}.jsonl`);
    const tmp = `${final}.${process.pid}.tmp`;
    let fh: FileHandle;
    try {
      fh = await open(tmp, 'w');
    } catch (e) {
      for (const st of streams.values()) {
        await st.fh.close().catch(() => {});
        await rm(st.tmp, { force: true });
      }
      removeMadeIfEmpty(made);
      return fail(final, e);
    }
    streams.set(ds, { tmp, final, fh, next: 0, pending: new Map(), light: [], view: createSummaryView(), hash: createHash('sha256'), redacted: false });
  }
  let chain: Promise<void> = Promise.resolve();
  /** prepare() began: the temp files are complete, and a commit journal may name them. */
  let prepared = false;

  async function flush(ds: DatasetId, st: Stream): Promise<void> {
    const lines: string[] = [];
    while (st.pending.has(st.next)) {
      const list = st.pending.get(st.next)!;
      st.pending.delete(st.next);
      for (const x of list) {
        const r = parseWith(Sample, x, `${st.final}:${x.id}`);
        if (!r.ok) throw new InvalidResult(r.errors.map(formatFieldError).join('\n'));
        lines.push(redact(jsonLine(r.value)));
        st.light.push(st.view(r.value));
      }
      st.next++;
    }
    if (lines.length > 0) {
      const text = `${lines.join('\n')}\n`;
      // Encoded once: the hash and the write would each encode the text to UTF-8 again.
      const bytes = Buffer.from(text, 'utf8');
      st.hash.update(bytes);
      st.redacted ||= text.includes(REDACTED);
      try {
        // writeFile, not write: a disk with less room than the text takes part of it without an error (a short
        // write), and write would leave the rest unwritten; writeFile writes on and meets the ENOSPC.
        await st.fh.writeFile(bytes);
      } catch (e) {
        fail(st.final, e);
      }
    }
    void ds;
  }

  const sink: SampleSink = {
    add(ds, index, list) {
      const st = streams.get(ds);
      if (!st) throw new Error(`sample sink: unexpected dataset ${ds}`);
      st.pending.set(index, list);
      // Writes are serialised so lines never interleave.
      chain = chain.then(() => flush(ds, st));
      return chain;
    },
  };

  return {
    sink,
    /** The summary's view of every sample per dataset, in item order, for buildSummary. */
    async lightSamples(): Promise<Map<DatasetId, SummarySample[]>> {
      await chain;
      const out = new Map<DatasetId, SummarySample[]>();
      for (const [ds, st] of streams) {
        if (st.pending.size > 0) throw new Error(`sample sink: ${ds} has items missing before ${[...st.pending.keys()][0]}`);
        out.set(ds, st.light);
      }
      return out;
    },
    /** Every samples file synced under its temp name: the renames that put them in place (commitFolder does them). */
    async prepare(): Promise<Array<[string, string]>> {
      await chain;
      prepared = true;
      for (const st of streams.values()) {
        try {
          await st.fh.sync();
          await st.fh.close();
        } catch (e) {
          fail(st.final, e);
        }
      }
      return [...streams.values()].map((st) => [st.tmp, st.final]);
    },
    /**
     * Each samples file's sha-256 and whether it holds redacted text, from the bytes this sink wrote: what a result
     * kept for reruns names, so another run renaming its own files into place afterwards cannot be mistaken for it.
     */
    async written(): Promise<WrittenFile[]> {
      await chain;
      return [...streams].map(([dataset, st]) => ({ dataset, sha256: st.hash.copy().digest('hex'), redacted: st.redacted }));
    },
    /**
     * The temp files removed at once (a run interrupted by a signal exits right after). Not once prepare() began: the
     * commit may have written its journal and renamed some, and the next writer of the folder finishes it with the
     * rest (folder-commit.ts); removed, they read as renamed and the old files stayed beside the new summary.
     */
    removeTempsSync(): void {
      if (prepared) return;
      for (const st of streams.values()) rmSync(st.tmp, { force: true });
      removeMadeIfEmpty(made);
    },
    async abort(): Promise<void> {
      for (const st of streams.values()) {
        await st.fh.close().catch(() => {});
        await rm(st.tmp, { force: true });
      }
      removeMadeIfEmpty(made);
    },
  };
}
