import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * The workflow token and secrets go to the steps that use them, never to a whole job: a job-level env reaches every
 * step, including those that parse a fork's YAML, a Hub template or a GPU job's artifacts and those that run npm or
 * third-party actions (GitHub's security hardening guide: give the GITHUB_TOKEN and secrets the least exposure they
 * need, docs.github.com/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions).
 */
const DIR = join(REPO_ROOT, '.github', 'workflows');
const CREDENTIAL = /\$\{\{[^}]*\b(github\.token|secrets\.)/;

test('no job-level env carries the workflow token or a secret', () => {
  for (const f of readdirSync(DIR).filter((x) => /\.ya?ml$/.test(x))) {
    const wf = parse(readFileSync(join(DIR, f), 'utf8')) as { env?: Record<string, string>; jobs: Record<string, { env?: Record<string, string> }> };
    for (const [k, v] of Object.entries(wf.env ?? {})) assert.doesNotMatch(String(v), CREDENTIAL, `${f}: workflow env ${k}`);
    for (const [name, job] of Object.entries(wf.jobs)) {
      for (const [k, v] of Object.entries(job.env ?? {})) assert.doesNotMatch(String(v), CREDENTIAL, `${f}: job ${name} env ${k} reaches every step`);
    }
  }
});
