import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderReport } from '../../../runners/community/pr-report.ts';
import { buildReportInput } from '../../../runners/community/report-input.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { tempRepo } from '../../helpers/community-fixtures.ts';

/**
 * A pull request that adds a broken suite file next to a result: validate reports the suite as file: field:
 * message; pr-report must still render (the verified policy reads every suite file and used to throw on the
 * YAML syntax error, so no comment was posted at all).
 */
test('pr-report: a suite file with a YAML syntax error is reported, the result section still renders', async () => {
  const gen = mkdtempSync(join(tmpdir(), 'userturn-synth-'));
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/synthetic/generate.ts'), '--out', gen, '--models', '1', '--items', '2'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const id = readdirSync(gen)[0]!;
  const root = tempRepo({
    'benchmark/suites/v1.yaml': readFileSync(join(REPO_ROOT, 'benchmark/suites/v1.yaml'), 'utf8'),
    'benchmark/suites/broken.yaml': 'id: [unclosed\n  version: 2\n',
    'benchmark/policy/approved-judges.yaml': readFileSync(join(REPO_ROOT, 'benchmark/policy/approved-judges.yaml'), 'utf8'),
    [`results/${id}/summary.json`]: readFileSync(join(gen, id, 'summary.json'), 'utf8'),
  });
  const input = await buildReportInput([`results/${id}/summary.json`, 'benchmark/suites/broken.yaml'], root, { plan: false });
  assert.ok(input.errors.some((e) => e.file === 'benchmark/suites/broken.yaml'), JSON.stringify(input.errors));
  assert.equal(input.results?.length, 1);
  assert.match(renderReport(input), /Not verified/);
});
