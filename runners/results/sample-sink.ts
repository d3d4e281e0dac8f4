import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Sample, formatFieldError, parseWith, type DatasetId } from '../../src/schema/index.ts';
import type { SampleSink } from '../core/sample-sink.ts';
import { InvalidResult } from './write.ts';
import { jsonLine } from '../../src/lib/io/jsonl.ts';
import { redact } from '../io/secrets.ts';
import { StorageError, writeProblem } from '../io/storage-error.ts';
import { removeStaleTemps } from './atomic.ts';

/**
 * What the summary needs of a sample, without its long texts: kept in memory for buildSummary while the full
 * sample goes to disk. buildSummary reads only ids, condition, error, verdict labels and accuracy.
 */
export function lightSample(s: Sample): Sample {
  return {
    ...s,
    question: '',
    response: '',
    user_turn: '',
    verdicts: s.verdicts.map((v) => (v.kind === 'label' ? { ...v, rationale: '', evidence_span: null } : { ...v, reason: '-' })),
    ...(s.unfinished ? { unfinished: { ...s.unfinished, raw_tail: '' } } : {}),
    ...(s.user_turn_cut ? { user_turn_cut: { ...s.user_turn_cut, removed: '' } } : {}),
    ...(s.assistant_turn_cut ? { assistant_turn_cut: { ...s.assistant_turn_cut, removed: '' } } : {}),
  };
}

interface Stream {
  tmp: string;
  final: string;
  fh: FileHandle;
  next: number;
  pending: Map<number, Sample[]>;
  light: Sample[];
}

/**
 * Streams samples to samples/<dataset>.jsonl.*.tmp in item order (items may finish out of order; they wait
 * in a small buffer), validating every sample with the zod schema before it is written. `commit` renames
 * the temp files into place (atomic per file); `abort` removes them.
 */
export async function createSampleSink(outDir: string, submissionId: string, datasets: DatasetId[]) {
  const dir = join(outDir, submissionId, 'samples');
  const streams = new Map<DatasetId, Stream>();
  const fail = (file: string, e: unknown): never => {
    throw new StorageError(file, 'cannot write results', e, 'nothing was put in place; free space or pass --out with a writable folder, then rerun (finished requests come from the cache)');
  };
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    fail(dir, writeProblem(dir) ?? e);
  }
  // Temp files of a run killed while writing (its summary was never written, so nothing refers to them).
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
      return fail(tmp, e);
    }
    streams.set(ds, { tmp, final, fh, next: 0, pending: new Map(), light: [] });
  }
  let chain: Promise<void> = Promise.resolve();

  async function flush(ds: DatasetId, st: Stream): Promise<void> {
    const lines: string[] = [];
    while (st.pending.has(st.next)) {
      const list = st.pending.get(st.next)!;
      st.pending.delete(st.next);
      for (const x of list) {
        const r = parseWith(Sample, x, `${st.final}:${x.id}`);
        if (!r.ok) throw new InvalidResult(r.errors.map(formatFieldError).join('\n'));
        lines.push(redact(jsonLine(r.value)));
        st.light.push(lightSample(r.value));
      }
      st.next++;
    }
    if (lines.length > 0) {
      try {
        await st.fh.write(`${lines.join('\n')}\n`);
      } catch (e) {
        fail(st.tmp, e);
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
    /** Light samples per dataset in item order, for buildSummary. */
    async lightSamples(): Promise<Map<DatasetId, Sample[]>> {
      await chain;
      const out = new Map<DatasetId, Sample[]>();
      for (const [ds, st] of streams) {
        if (st.pending.size > 0) throw new Error(`sample sink: ${ds} has items missing before ${[...st.pending.keys()][0]}`);
        out.set(ds, st.light);
      }
      return out;
    },
    async commit(): Promise<void> {
      await chain;
      for (const st of streams.values()) {
        try {
          await st.fh.sync();
          await st.fh.close();
        } catch (e) {
          fail(st.tmp, e);
        }
      }
      for (const st of streams.values()) {
        try {
          await rename(st.tmp, st.final);
        } catch (e) {
          fail(st.final, e);
        }
      }
    },
    async abort(): Promise<void> {
      for (const st of streams.values()) {
        await st.fh.close().catch(() => {});
        await rm(st.tmp, { force: true });
      }
    },
  };
}
