import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir, summaries } from './helpers.ts';

/** A rate is quoted with its n: the leaderboard says how many items each model's rates rest on, as summary.json has it. */
const S = summaries();
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];
test.skip(S.length < 2, 'needs results for at least two models');

type Est = { n: number } | null;
type Full = { datasets: Array<{ dataset: string; conditions: Array<{ condition: string; followup: Est }> }> };

for (const dataset of datasets) {
  test(`${dataset}: the table says on how many items its rates rest`, async ({ page }) => {
    await page.goto(`/leaderboard/${dataset}/`);
    const sampled = (await page.locator('#leaderboard').getAttribute('data-condition')) ?? '';
    const ns = S.flatMap((s) => {
      const full = JSON.parse(readFileSync(join(resultsDir(), s.submission.id, 'summary.json'), 'utf8')) as Full;
      const d = full.datasets.find((x) => x.dataset === dataset);
      return (d?.conditions ?? []).filter((c) => c.condition === 'greedy' || c.condition === sampled).flatMap((c) => (c.followup ? [c.followup.n] : []));
    });
    const lo = Math.min(...ns).toLocaleString('en-US'); const hi = Math.max(...ns).toLocaleString('en-US');
    const n = lo === hi ? `n = ${lo} items` : `n = ${lo}–${hi} items`;
    await expect(page.locator('#leaderboard-cap')).toContainText(n);
    await expect(page.locator('#leaderboard caption')).toContainText(n);
  });
}
