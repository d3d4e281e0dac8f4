import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * GitHub Pages serves a project repository under /<repo>/ (or at / with a custom domain): the site must be built
 * with the base path and origin the repository's Pages site really has. actions/configure-pages reads them from the
 * Pages API (outputs `origin` and `base_path`, "/my-repo" or ""), as GitHub's Astro starter workflow
 * (actions/starter-workflows pages/astro.yml) passes them to `astro build --site … --base …`.
 */
const site = parse(readFileSync(join(REPO_ROOT, '.github/workflows/site.yml'), 'utf8')) as Record<string, any>;
const build = site.jobs.build as { permissions: Record<string, string>; steps: Array<Record<string, any>> };

test('site.yml builds with the Pages site origin and base path from actions/configure-pages', () => {
  const i = build.steps.findIndex((s) => String(s.uses).startsWith('actions/configure-pages@'));
  assert.ok(i >= 0, 'no actions/configure-pages step in the build job');
  const id = build.steps[i]!.id as string;
  assert.ok(id, 'the configure-pages step needs an id to read its outputs');
  const b = build.steps.findIndex((s) => s.run === 'npm run build');
  assert.ok(b > i, 'npm run build must come after configure-pages');
  assert.deepEqual(build.steps[b]!.env, {
    USERTURN_SITE_URL: `\${{ steps.${id}.outputs.origin }}`,
    // "/my-repo" → "/my-repo/", "" (user site or custom domain) → "/".
    USERTURN_BASE_PATH: `\${{ steps.${id}.outputs.base_path }}/`,
  });
  // GET /repos/{owner}/{repo}/pages needs "Pages" read (docs.github.com/rest/pages/pages); nothing more.
  assert.deepEqual(build.permissions, { contents: 'read', pages: 'read' });
});
