import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentSuitePath } from '../../../runners/cli/defaults.ts';
import { runCli } from '../runner/helpers/processes.ts';

// Errors a user meets on the command line, found by trying the CLI on a fresh clone (review of issues 10, 11, 13).
describe('CLI errors name the real problem', () => {
  it('run on a submission file that does not exist names the file (exit 1), not a missing endpoint', async () => {
    const r = await runCli(['run', 'no/such/submission.yaml'], { env: { USERTURN_BASE_URL: '' } });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^no\/such\/submission\.yaml: \(file\): cannot read file: ENOENT$/m);
    assert.doesNotMatch(r.stderr, /no endpoint/);
  });

  it('the command list names the current suite for run', async () => {
    const r = await runCli(['--help']);
    assert.equal(r.code, 0);
    const line = r.stdout.split('\n').find((l) => /^\s+run\s/.test(l)) ?? '';
    assert.ok(line.includes(currentSuitePath('')), line);
  });
});
