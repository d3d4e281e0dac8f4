import type { ItemScore } from '../../src/schema/index.ts';
import { verify } from './index.ts';
import type { VerifierItem } from '../core/items.ts';

/** A dataset item as `userturn score` looks it up: its id, its question (the prompt) and what the verifier needs. */
export interface ScorableItem {
  id: string;
  question: string;
  verifier: VerifierItem | null;
}

export interface ScoredLine {
  line: number;
  itemId: string;
  prompt: string;
  score: ItemScore;
}

export interface ScoreResult {
  scored: ScoredLine[];
  /** Bad lines, as `file:line: message`. */
  errors: string[];
  /** Lines whose item was not found (reported, and errors unless skipping was asked for). */
  unmatched: string[];
}

function canonicalId(v: unknown): string | null {
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return null;
}

/**
 * Score a JSONL text of `{prompt, response}` lines (or `key` / `id` naming the item) against a dataset's items.
 * An item is found by `key`/`id` first (numerically equal ids match: 7 finds "0007"), then by its exact prompt,
 * then by the prompt with surrounding whitespace trimmed (as IFBench's evaluation_lib does).
 */
export function scoreResponses(text: string, file: string, items: readonly ScorableItem[]): ScoreResult {
  const byId = new Map<string, ScorableItem>();
  const byNumericId = new Map<number, ScorableItem>();
  const byPrompt = new Map<string, ScorableItem>();
  for (const it of items) {
    byId.set(it.id, it);
    if (/^\d+$/.test(it.id)) byNumericId.set(Number(it.id), it);
    if (!byPrompt.has(it.question)) byPrompt.set(it.question, it);
    const t = it.question.trim();
    if (!byPrompt.has(t)) byPrompt.set(t, it);
  }
  const scored: ScoredLine[] = [];
  const errors: string[] = [];
  const unmatched: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '') continue;
    const where = `${file}:${i + 1}`;
    let row: unknown;
    try {
      row = JSON.parse(raw);
    } catch (e) {
      errors.push(`${where}: invalid JSON: ${(e as Error).message}`);
      continue;
    }
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      errors.push(`${where}: expected a JSON object like {"prompt": …, "response": …}`);
      continue;
    }
    const r = row as Record<string, unknown>;
    if (typeof r.response !== 'string') {
      errors.push(`${where}: "response" must be a string`);
      continue;
    }
    const idValue = r.key ?? r.id;
    const id = idValue === undefined ? null : canonicalId(idValue);
    if (idValue !== undefined && id === null) {
      errors.push(`${where}: "${r.key !== undefined ? 'key' : 'id'}" must be a string or an integer`);
      continue;
    }
    if (id === null && typeof r.prompt !== 'string') {
      errors.push(`${where}: needs "prompt" (a string) or "key"/"id" to name the item`);
      continue;
    }
    let item: ScorableItem | undefined;
    if (id !== null) item = byId.get(id) ?? (/^\d+$/.test(id) ? byNumericId.get(Number(id)) : undefined);
    else item = byPrompt.get(r.prompt as string) ?? byPrompt.get((r.prompt as string).trim());
    if (!item || !item.verifier) {
      const what = id !== null ? `id ${JSON.stringify(id)}` : `prompt ${JSON.stringify((r.prompt as string).slice(0, 60))}${(r.prompt as string).length > 60 ? '…' : ''}`;
      unmatched.push(`${where}: no item of the dataset has this ${what}`);
      continue;
    }
    scored.push({ line: i + 1, itemId: item.id, prompt: item.question, score: verify(item.verifier, r.response) });
  }
  return { scored, errors, unmatched };
}
