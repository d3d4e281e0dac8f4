import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { astroBuild, leaderboardTable } from '../../helpers/site-build.ts';
import { HOME_CHART_MODELS, HOME_TABLE_ALL_MAX, HOME_TABLE_TOP } from '../../../src/lib/site/home-scale.ts';

// One more model than the home page's table shows in full, two items per dataset: a real build of a many-model site.
const MODELS = HOME_TABLE_ALL_MAX + 1;
const tmp = mkdtempSync(join(tmpdir(), 'ut-home-many-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', join(tmp, 'results'), '--models', String(MODELS), '--items', '2'], { stdio: 'ignore' });
const build = astroBuild({ USERTURN_RESULTS_DIR: join(tmp, 'results') }, tmp);
const page = (path: string) => readFileSync(join(build.out, path, 'index.html'), 'utf8');
const count = (html: string, re: RegExp) => [...html.matchAll(re)].length;
/** Every href of `html` matching `re`, as a built file. */
const targets = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => join(build.out, m[1]!.replace(/^\//, ''), 'index.html'));

test('many models: the home page table shows the top rows and links to the complete, sortable leaderboard', () => {
  assert.equal(build.status, 0, build.text.slice(-3000));
  const home = page('');
  const table = leaderboardTable(home);
  assert.equal(count(table, /<tr data-model=/g), HOME_TABLE_TOP);
  assert.match(home, new RegExp(`The top ${HOME_TABLE_TOP} of ${MODELS} models by rank`));
  assert.ok(!home.includes('id="lb-controls"'), 'no sort or filter controls over a partial table');
  const full = targets(home, /href="([^"]+)" data-testid="full-leaderboard-link"/g);
  assert.equal(full.length, 1);
  const lb = readFileSync(full[0]!, 'utf8');
  assert.equal(count(leaderboardTable(lb), /<tr data-model=/g), MODELS);
  assert.ok(lb.includes('id="lb-controls"'), 'the full leaderboard keeps its controls');
});

test('many models: each findings chart draws the extremes and says so, with a working link to all models; sentences count all', () => {
  const home = page('');
  const findings = home.slice(home.indexOf('data-testid="findings"'), home.indexOf('<table id="leaderboard"'));
  assert.ok(count(findings, /data-testid="drawn-note"/g) >= 3, 'scatter views, slope and perturbations each say what they draw');
  assert.match(findings, new RegExp(`Drawn: ${HOME_CHART_MODELS} of ${MODELS} models`));
  const links = targets(findings, /href="([^"]+)" data-testid="all-models-link"/g);
  assert.ok(links.length >= 3);
  for (const l of links) assert.ok(existsSync(l), `${l} is built`);
  assert.match(findings, new RegExp(`across ${MODELS} models`), 'the decoupling sentence counts every model');
  // Compact charts draw only their narrow variant: one mark group per drawn model (the chart page draws all of them).
  const pd = findings.slice(findings.indexOf('data-finding="perturbations"'), findings.indexOf('data-finding="failures"'));
  assert.equal(count(pd, /<g data-model=/g), HOME_CHART_MODELS);
});
