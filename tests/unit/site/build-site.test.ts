import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { astroBuild } from './astro-build.ts';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const build = astroBuild;

test('with zero results the site builds, says how to submit and run, and USERTURN_SIMULATED=1 shows the banner', () => {
  const empty = mkdtempSync(join(tmpdir(), 'ut-empty-'));
  const b = build({ USERTURN_RESULTS_DIR: empty, USERTURN_SIMULATED: '1' });
  try {
    assert.equal(b.status, 0, b.text.slice(-2000));
    const home = readFileSync(join(b.out, 'index.html'), 'utf8');
    assert.match(home, /data-testid="empty-state"/);
    assert.match(home, /npm run demo/);
    assert.match(home, /submissions\/&lt;org&gt;\/&lt;id&gt;\.yaml/);
    assert.match(home, /data-testid="simulated-banner"/);
    for (const p of ['examples', 'charts/decoupling', 'charts/failure-profiles', 'judges', 'changelog', 'downloads', 'methodology', 'submit']) {
      assert.ok(existsSync(join(b.out, p, 'index.html')), `${p} is built`);
    }
    assert.equal(readFileSync(join(b.out, 'data', 'summaries.json'), 'utf8').trim(), '[]');
  } finally { rmSync(empty, { recursive: true, force: true }); rmSync(b.tmp, { recursive: true, force: true }); }
});

test('the changelog lists score changes from the git history of the results folder', () => {
  const repo = mkdtempSync(join(tmpdir(), 'ut-repo-'));
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { stdio: 'ignore' });
  try {
    git('init', '-q');
    const results = join(repo, 'results');
    mkdirSync(results);
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', results, '--models', '2', '--items', '3'], { stdio: 'ignore' });
    git('add', '.'); git('commit', '-qm', 'First results');
    const f = join(results, 'gpt-oss-20b', 'summary.json');
    const s = JSON.parse(readFileSync(f, 'utf8'));
    const c = s.datasets[0].conditions[0];
    c.followup = { value: 0.5, lo: 0.25, hi: 0.75, n: c.followup.n };
    writeFileSync(f, JSON.stringify(s));
    git('commit', '-qam', 'Rejudge gpt-oss-20b');
    const b = build({ USERTURN_RESULTS_DIR: results });
    try {
      assert.equal(b.status, 0, b.text.slice(-2000));
      const page = readFileSync(join(b.out, 'changelog', 'index.html'), 'utf8');
      assert.match(page, /Rejudge gpt-oss-20b/);
      assert.match(page, /First results/);
      assert.match(page, /50\.0%/);
      assert.doesNotMatch(page, /changelog-empty/);
    } finally { rmSync(b.tmp, { recursive: true, force: true }); }
  } finally { rmSync(repo, { recursive: true, force: true }); }
});
