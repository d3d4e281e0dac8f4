/** Every page that draws chart SVG, found by following links from the chart index and the home page. */
import type { Page } from '@playwright/test';
import { summaries } from './helpers.ts';

/** /charts/** (every dataset and condition variant, via the chart navigation), the home page, leaderboards and model pages. */
export async function chartPages(page: Page): Promise<string[]> {
  const seen = new Set<string>(['/', '/charts/']);
  const queue = ['/charts/'];
  while (queue.length) {
    const path = queue.shift()!;
    await page.goto(path);
    const hrefs = await page.locator('a[href^="/charts/"]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    for (const h of hrefs) if (!seen.has(h)) { seen.add(h); queue.push(h); }
  }
  const S = summaries();
  const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];
  for (const d of datasets) seen.add(`/leaderboard/${d}/`);
  for (const s of S.slice(0, 3)) seen.add(`/models/${s.submission.id}/`);
  return [...seen];
}
