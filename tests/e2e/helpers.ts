/** Shared helpers for the site e2e tests: read the same results folder the site was built from. */
import { expect, type Page } from '@playwright/test';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const resultsDir = (): string => process.env.USERTURN_RESULTS_DIR ?? 'results';

export interface MiniSummary {
  submission: { id: string; display_name: string; family: string };
  datasets: Array<{ dataset: string; conditions: Array<{ condition: string }> }>;
  provenance: { simulated: boolean };
}
export interface MiniSample { id: string; submission_id: string; dataset: string; item_id: string; condition: string; user_turn: string; verdicts: Array<{ kind: string; label?: string }> }

export function summaries(): MiniSummary[] {
  const dir = resultsDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'summary.json')))
    .map((d) => JSON.parse(readFileSync(join(dir, d.name, 'summary.json'), 'utf8')) as MiniSummary)
    .sort((a, b) => a.submission.id.localeCompare(b.submission.id));
}

export function samples(model: string, dataset: string): MiniSample[] {
  const f = join(resultsDir(), model, 'samples', `${dataset}.jsonl`);
  if (!existsSync(f)) return [];
  return readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as MiniSample);
}

/** Every sample file of the results, lazily. */
export function* allSamples(): Generator<MiniSample> {
  for (const s of summaries()) for (const d of s.datasets) yield* samples(s.submission.id, d.dataset);
}

/** Collect console errors, page errors and CSP violations of a page. */
export function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
  return problems;
}

export const permalink = (s: MiniSample): string => `/examples/?model=${encodeURIComponent(s.submission_id)}&dataset=${s.dataset}&sample=${encodeURIComponent(s.id)}`;

export async function expectNoProblems(problems: string[]): Promise<void> {
  expect(problems, problems.join('\n')).toEqual([]);
}
