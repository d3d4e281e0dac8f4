import { expect, test } from '@playwright/test';

/**
 * The methodology page describes the ρ interval the site computes (src/lib/metrics/spearman-bootstrap.ts): a BCa
 * bootstrap over models with their rates as measured. It once said items were resampled inside each model too, the
 * two-stage bootstrap the code rejects because it double-counts item noise and pulls ρ towards 0.
 */
test('the methodology page describes the decoupling interval as computed: BCa over models, items not resampled again', async ({ page }) => {
  await page.goto('/methodology/');
  const item = page.locator('li', { hasText: 'Decoupling' }).first();
  await expect(item).toContainText('bias-corrected and accelerated (BCa) bootstrap interval over models');
  await expect(item).not.toContainText("then each model's items");
});
