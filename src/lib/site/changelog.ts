/** Score changes from the git history of results/ (pure parsing; the page runs git). */
import type { ResultSummary } from '../../schema/index.ts';

export interface LogCommit { sha: string; date: string; subject: string; files: string[] }

/** Parse `git log --format=%x1e%H%x1f%aI%x1f%s --name-only`. */
export function parseGitLog(text: string): LogCommit[] {
  return text.split('\x1e').map((chunk) => chunk.trim()).filter(Boolean).map((chunk) => {
    const [head = '', ...rest] = chunk.split('\n');
    const [sha = '', date = '', subject = ''] = head.split('\x1f');
    return { sha, date, subject, files: rest.map((f) => f.trim()).filter(Boolean) };
  });
}

export interface ScoreChange { model: string; dataset: string; condition: string; before: number | null; after: number | null }

/** Follow-up rate changes between two versions of one summary (either may be missing: added or removed). */
export function summaryChanges(model: string, before: ResultSummary | null, after: ResultSummary | null): ScoreChange[] {
  const key = (s: ResultSummary | null) => {
    const m = new Map<string, number | null>();
    for (const d of s?.datasets ?? []) for (const c of d.conditions) m.set(`${d.dataset}\u0000${c.condition}`, c.followup?.value ?? null);
    return m;
  };
  const a = key(before); const b = key(after);
  const out: ScoreChange[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.has(k) ? a.get(k)! : null; const y = b.has(k) ? b.get(k)! : null;
    if (x === y && a.has(k) === b.has(k)) continue;
    const [dataset = '', condition = ''] = k.split('\u0000');
    out.push({ model, dataset, condition, before: x, after: y });
  }
  return out.sort((p, q) => p.dataset.localeCompare(q.dataset) || p.condition.localeCompare(q.condition));
}
