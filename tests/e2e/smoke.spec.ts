import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Every submission committed under submissions/<org>/<id>.yaml. */
function committedSubmissions(): Array<{ id: string; display_name: string }> {
  const out: Array<{ id: string; display_name: string }> = [];
  for (const org of readdirSync('submissions', { withFileTypes: true })) {
    if (!org.isDirectory()) continue;
    for (const f of readdirSync(join('submissions', org.name))) {
      if (f.endsWith('.yaml')) out.push(parse(readFileSync(join('submissions', org.name, f), 'utf8')));
    }
  }
  return out;
}

test('home page lists every submitted model and logs no console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/userturn/);
  const subs = committedSubmissions();
  expect(subs.length).toBeGreaterThan(0);
  for (const s of subs) {
    await expect(page.locator(`[data-model="${s.id}"]`).first()).toContainText(s.display_name);
  }
  expect(problems).toEqual([]);
});
