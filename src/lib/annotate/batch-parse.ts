/**
 * Reading a batch file in the browser (the /annotate/ page). No zod here, to keep the island small: this checks
 * what the page relies on; `userturn calibrate --human` checks the batch and the labels strictly (src/schema/annotation.ts).
 */
import { LABELS } from '../../schema/ids.ts';

export interface PageItem {
  id: string;
  dataset: string;
  question: string;
  response: string;
  user_turn: string;
}

export interface PageBatch {
  batch_sha256: string;
  taxonomy_version: number;
  items: PageItem[];
}

export const PAGE_LABELS = [...LABELS, 'unsure'] as const;
export type PageLabel = (typeof PAGE_LABELS)[number];

const isStr = (x: unknown): x is string => typeof x === 'string';

/** Parse batch JSONL text; a problem gives a message naming the line and field. */
export function parseBatchText(text: string): { ok: true; batch: PageBatch } | { ok: false; error: string } {
  const lines = text.split('\n').map((l, i) => ({ l, n: i + 1 })).filter((x) => x.l.trim() !== '');
  if (lines.length === 0) return { ok: false, error: 'The file is empty.' };
  const parse = (x: { l: string; n: number }): Record<string, unknown> | string => {
    try {
      const v = JSON.parse(x.l) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : `line ${x.n}: not a JSON object`;
    } catch {
      return `line ${x.n}: not valid JSON`;
    }
  };
  const h = parse(lines[0]!);
  if (typeof h === 'string') return { ok: false, error: h };
  if (h.kind !== 'batch') return { ok: false, error: 'line 1: kind: this is not a userturn batch file (run `userturn annotate sample`).' };
  if (!isStr(h.batch_sha256) || !/^[0-9a-f]{64}$/.test(h.batch_sha256)) return { ok: false, error: 'line 1: batch_sha256: missing or not a sha-256 digest.' };
  if (typeof h.taxonomy_version !== 'number') return { ok: false, error: 'line 1: taxonomy_version: missing.' };
  const items: PageItem[] = [];
  const ids = new Set<string>();
  for (const x of lines.slice(1)) {
    const it = parse(x);
    if (typeof it === 'string') return { ok: false, error: it };
    for (const f of ['id', 'dataset', 'question', 'response', 'user_turn'] as const) {
      if (!isStr(it[f])) return { ok: false, error: `line ${x.n}: ${f}: missing or not text.` };
    }
    const id = it.id as string;
    if (ids.has(id)) return { ok: false, error: `line ${x.n}: id: duplicate item "${id}".` };
    ids.add(id);
    items.push({ id, dataset: it.dataset as string, question: it.question as string, response: it.response as string, user_turn: it.user_turn as string });
  }
  if (items.length === 0) return { ok: false, error: 'The batch has no items.' };
  return { ok: true, batch: { batch_sha256: h.batch_sha256, taxonomy_version: h.taxonomy_version, items } };
}

export interface Progress {
  labels: Record<string, PageLabel>;
  notes: Record<string, string>;
  position: number;
}

export const storageKey = (batchSha: string): string => `userturn-annotate:${batchSha}`;
export const BATCH_TEXT_KEY = 'userturn-annotate:last-batch';
export const ANNOTATOR_KEY = 'userturn-annotate:annotator';

/** Stored progress, tolerating anything a hand-edited localStorage might hold. */
export function readProgress(raw: string | null, batch: PageBatch): Progress {
  const empty: Progress = { labels: {}, notes: {}, position: 0 };
  if (!raw) return empty;
  try {
    const p = JSON.parse(raw) as Partial<Progress>;
    const ids = new Set(batch.items.map((i) => i.id));
    const labels: Progress['labels'] = {};
    for (const [id, v] of Object.entries(p.labels ?? {})) {
      if (ids.has(id) && (PAGE_LABELS as readonly string[]).includes(v)) labels[id] = v;
    }
    const notes: Progress['notes'] = {};
    for (const [id, v] of Object.entries(p.notes ?? {})) if (ids.has(id) && isStr(v)) notes[id] = v;
    const position = Number.isInteger(p.position) && p.position! >= 0 && p.position! < batch.items.length ? p.position! : 0;
    return { labels, notes, position };
  } catch {
    return empty;
  }
}

export const ANNOTATOR_RE = /^[A-Za-z0-9._-]{1,64}$/;

/** The labels JSONL an annotator exports: a header, then one line per labelled item, in batch order. */
export function exportLabels(batch: PageBatch, progress: Progress, annotator: string, exportedAt: string): string {
  const head = { kind: 'labels', format: 1, annotator, taxonomy_version: batch.taxonomy_version, batch_sha256: batch.batch_sha256, exported_at: exportedAt };
  const lines = [JSON.stringify(head)];
  for (const it of batch.items) {
    const l = progress.labels[it.id];
    if (l) lines.push(JSON.stringify({ kind: 'label', item: it.id, label: l, note: (progress.notes[it.id] ?? '').slice(0, 2000) }));
  }
  return lines.join('\n') + '\n';
}
