/**
 * Every internal link of the built site points at a page or file that the build wrote, under a base path.
 * Built from synthetic results, where some datasets have no `reference` condition (as in real runs).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { astroBuild } from '../../helpers/site-build.ts';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith('.html') ? [p] : [];
  });
}

test('every internal link of the built site resolves to a built file (base path /userturn/)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'ut-links-'));
  const results = join(tmp, 'results');
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '3', '--items', '3'], { stdio: 'ignore' });
  const b = astroBuild({ USERTURN_RESULTS_DIR: results, USERTURN_BASE_PATH: '/userturn/' });
  try {
    assert.equal(b.status, 0, b.text.slice(-2000));
    const broken: string[] = [];
    for (const file of htmlFiles(b.out)) {
      const html = readFileSync(file, 'utf8');
      for (const m of html.matchAll(/\shref="([^"]*)"/g)) {
        const href = m[1]!.replace(/&amp;/g, '&');
        if (/^(https?:|mailto:|#|data:)/.test(href)) continue;
        const where = `${relative(b.out, file)} → ${href}`;
        if (!href.startsWith('/userturn/')) { broken.push(`${where} (outside the base path)`); continue; }
        const path = decodeURIComponent(href.slice('/userturn/'.length).replace(/[?#].*$/, ''));
        const target = join(b.out, path);
        const ok = existsSync(target) && (statSync(target).isFile() || existsSync(join(target, 'index.html')));
        if (!ok) broken.push(where);
      }
    }
    assert.deepEqual([...new Set(broken)], []);
  } finally { rmSync(tmp, { recursive: true, force: true }); rmSync(b.tmp, { recursive: true, force: true }); }
});
