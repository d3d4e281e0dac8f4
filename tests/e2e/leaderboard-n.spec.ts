import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir, summaries } from './helpers.ts';

/**
 * A rate is quoted with its n and its judge: the leaderboard says how many items each model's rates rest on and whose
 * labels they count, as summary.json has them.
 */
const S = summaries();
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];
test.skip(S.length < 2, 'needs results for at least two models');

type Est = { n: number } | null;
type Full = { provenance: { primary_judge: string }; datasets: Array<{ dataset: string; conditions: Array<{ condition: string; followup: Est }> }> };
const full = (id: string) => JSON.parse(readFileSync(join(resultsDir(), id, 'summary.json'), 'utf8')) as Full;

for (const dataset of datasets) {
  test(`${dataset}: the table says on how many items its rates rest`, async ({ page }) => {
    await page.goto(`/leaderboard/${dataset}/`);
    const sampled = (await page.locator('#leaderboard').getAttribute('data-condition')) ?? '';
    const ns = S.flatMap((s) => {
      const d = full(s.submission.id).datasets.find((x) => x.dataset === dataset);
      return (d?.conditions ?? []).filter((c) => c.condition === 'greedy' || c.condition === sampled).flatMap((c) => (c.followup ? [c.followup.n] : []));
    });
    const lo = Math.min(...ns).toLocaleString('en-US'); const hi = Math.max(...ns).toLocaleString('en-US');
    const n = lo === hi ? `n = ${lo} items` : `n = ${lo}–${hi} items`;
    await expect(page.locator('#leaderboard-cap')).toContainText(n);
    await expect(page.locator('#leaderboard caption')).toContainText(n);
  });
}

test('the home page\'s table names the judge whose labels its rates count', async ({ page }) => {
  await page.goto('/');
  const judges = [...new Set(S.map((s) => full(s.submission.id).provenance.primary_judge))];
  for (const j of judges) {
    await expect(page.locator('#leaderboard-cap')).toContainText(j);
    await expect(page.locator('#leaderboard caption')).toContainText(j);
  }
  await expect(page.locator('#leaderboard-cap')).toContainText('accuracy: the dataset\'s verifier, strict');
});

test('accuracy is shown with its 95% interval, as the methodology page says, in the table and on the model page', async ({ page }) => {
  test.skip(!datasets.includes('gsm8k'), 'no GSM8K results');
  await page.goto('/leaderboard/gsm8k/');
  const cells = page.locator('#leaderboard td[data-metric="accuracy"] > a');
  expect(await cells.count()).toBeGreaterThan(0);
  for (const t of await cells.allTextContents()) expect(t).toMatch(/^[<>]?\d+\.\d% \[\d+\.\d–\d+\.\d\]$/);
  await page.locator('#leaderboard th[scope="row"] a').first().click();
  await expect(page.locator('table', { hasText: 'accuracy (strict), each with its 95% CI' }).first()).toBeVisible();
});
