import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { astroBuild } from '../../helpers/site-build.ts';

// The committed report was written by `userturn calibrate --human` from two labels files on a 20-item batch of the
// demo pipeline's results (one exported by the annotation page, one written by a script); its labels are test
// input, not a real annotation round. The e2e test (tests/e2e/annotate.spec.ts) covers page → export → calibrate.
const FIXTURE = 'tests/fixtures/human-agreement/calibration/human-77aa5998db28.json';

test('the judges page shows judge–human agreement from results/calibration/, which is not taken for a model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-human-'));
  cpSync(FIXTURE, join(dir, 'calibration', 'human-77aa5998db28.json'));
  const b = astroBuild({ USERTURN_RESULTS_DIR: dir });
  try {
    assert.equal(b.status, 0, b.text.slice(-2000));
    const report = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    const judges = readFileSync(join(b.out, 'judges', 'index.html'), 'utf8');
    assert.match(judges, /data-testid="human-agreement" data-batch="77aa5998db28/);
    assert.match(judges, /Batch <code>77aa5998db28<\/code>, annotated 2026-11-23/);
    assert.match(judges, /2 annotators/);
    // Words on both sides of a line break in the template stay apart in the rendered text.
    const para = /<section data-testid="human-agreement"[^>]*>[\s\S]*?<p>([\s\S]*?)<\/p>/.exec(judges)![1]!.replace(/<[^>]+>/g, '');
    assert.match(para, /2 annotators \(/);
    assert.match(para, /labelled\. Intervals: bootstrap/);
    assert.match(judges, new RegExp(`data-testid="inter-annotator-kappa">${report.inter_annotator.fleiss.kappa.toFixed(2)}<`));
    for (const j of report.judges) {
      assert.match(judges, new RegExp(`<tr data-judge="${j.judge.id}"><th scope="row"><code>${j.judge.id}</code></th><td class="num">${j.n}</td><td class="num" data-testid="human-kappa">${j.kappa.kappa.toFixed(2)}</td><td>${j.kappa.lo.toFixed(2)} to ${j.kappa.hi.toFixed(2)}</td>`));
      assert.ok(judges.includes(`${j.judge.id} vs people, batch 77aa5998db28`), 'confusion matrix per judge');
    }
    // The folder is not a model: the leaderboard is empty and no model page is built for it.
    assert.match(readFileSync(join(b.out, 'index.html'), 'utf8'), /data-testid="empty-state"/);
    assert.equal(existsSync(join(b.out, 'models', 'calibration')), false);
    // The annotation page is built, and not in the public navigation.
    assert.ok(existsSync(join(b.out, 'annotate', 'index.html')));
    assert.match(readFileSync(join(b.out, 'annotate', 'index.html'), 'utf8'), /→ next, <kbd>P<\/kbd> or ← previous/, 'key help keeps its space');
    assert.ok(!readFileSync(join(b.out, 'index.html'), 'utf8').includes('/annotate/'), 'not linked from the navigation');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(b.tmp, { recursive: true, force: true });
  }
});

test('a broken human agreement report fails the build, naming the file and the field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-human-bad-'));
  const report = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  report.judges[0].kappa.kappa = 3;
  mkdirSync(join(dir, 'calibration'));
  writeFileSync(join(dir, 'calibration', 'human-x.json'), JSON.stringify(report));
  const b = astroBuild({ USERTURN_RESULTS_DIR: dir });
  try {
    assert.notEqual(b.status, 0);
    assert.match(b.text, /calibration\/human-x\.json: judges\[0\]\.kappa\.kappa: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(b.tmp, { recursive: true, force: true });
  }
});
