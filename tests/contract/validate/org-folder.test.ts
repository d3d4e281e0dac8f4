import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkSubmissionPath } from '../../../runners/community/probe-plan.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

/**
 * validate takes the org folders the probe workflow takes (community/probe-plan.ts) and no others: "A B", "Acme" and
 * "-rf" validated ok, and the labelled pull request then found no submission to run.
 */
describe('a submission\'s org folder is a lowercase slug, for validate as for the probe workflow', () => {
  it('validate refuses each other folder with one line naming the file and the folder; the probe plan refuses the same paths', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'ut-org-'));
    const base = await readFile(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');
    const orgs = ['A B', 'Acme', '-rf', '_x'];
    for (const [i, org] of orgs.entries()) {
      await mkdir(join(repo, 'submissions', org), { recursive: true });
      await writeFile(join(repo, 'submissions', org, `m${i}.yaml`), base.replace('id: qwen3.5-9b', `id: m${i}`).replace('repo: Qwen/Qwen3.5-9B', `repo: acme/m${i}`));
    }
    const r = runCli(['validate', 'submissions'], { cwd: repo });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    for (const [i, org] of orgs.entries()) {
      const file = `submissions/${org}/m${i}.yaml`;
      assert.ok(r.stderr.split('\n').includes(`${file}: (path): the folder "${org}" must be lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (submissions/<org>/<id>.yaml)`), r.stderr);
      assert.throws(() => checkSubmissionPath(file), /not a submission path/);
    }
    assert.equal(checkSubmissionPath('submissions/acme.ai/m0.yaml'), 'submissions/acme.ai/m0.yaml');
  });
});
