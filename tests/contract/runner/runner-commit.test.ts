import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { stringify } from 'yaml';
import { paperSubmission } from '../../helpers/community-fixtures.ts';
import { fixtureData, qwenTemplate, root as RUNNER_ROOT, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();

/** A project folder that is a git repository of its own (not the runner's clone), with a submission and a change in runners/. */
function otherRepo(): { dir: string; head: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ut-other-repo-'));
  for (const d of ['submissions/acme', 'templates', 'runners']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'templates/qwen3.jinja'), (JSON.parse(readFileSync(qwenTemplate, 'utf8')) as { chat_template: string }).chat_template);
  writeFileSync(join(dir, 'submissions/acme/m.yaml'), stringify({ ...paperSubmission(), id: 'm', chat_template: { source: 'file', path: 'templates/qwen3.jinja' } }));
  writeFileSync(join(dir, 'runners/tracked.ts'), '// the project\'s own\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'project');
  writeFileSync(join(dir, 'runners/tracked.ts'), '// changed, uncommitted\n');
  return { dir, head: git(dir, 'rev-parse', 'HEAD') };
}

let sim: SpawnedSim;
let project: { dir: string; head: string };
before(async () => {
  sim = await spawnSim(['--profile', 'restater', '--seed', '5', '--data-dir', fixtureData]);
  project = otherRepo();
});
after(() => {
  sim.stop();
  rmSync(project.dir, { recursive: true, force: true });
});

// The commit was read from the folder the run was started in: inside another git repository a result named that
// repository's HEAD (and its uncommitted runners/ file made it dirty) as the code that produced it.
test('run inside another git repository stamps the runner\'s own commit and dirty state, not the project\'s', async () => {
  const cache = join(project.dir, 'requests.sqlite');
  const r = await runCli(['run', 'submissions/acme/m.yaml', '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--cache', cache], { cwd: project.dir });
  assert.equal(r.code, 0, r.stderr);
  const { provenance } = JSON.parse(readFileSync(join(project.dir, 'results/m/summary.json'), 'utf8')) as { provenance: { runner_commit: string | null; runner_dirty: boolean | null; package_versions: Record<string, string> } };
  const runnerHead = git(RUNNER_ROOT, 'rev-parse', 'HEAD');
  assert.notEqual(provenance.runner_commit, project.head, 'not the project repository\'s HEAD');
  assert.equal(provenance.runner_commit, runnerHead);
  const runnerChanges = git(RUNNER_ROOT, 'status', '--porcelain', '--', 'runners', 'src/lib', 'src/schema', 'package-lock.json');
  assert.equal(provenance.runner_dirty, runnerChanges !== '', `the runner clone's own state:\n${runnerChanges}`);
  // The packages that ran are the runner's: the project folder has no node_modules (every version was "unknown").
  const zod = (JSON.parse(readFileSync(join(RUNNER_ROOT, 'node_modules/zod/package.json'), 'utf8')) as { version: string }).version;
  assert.equal(provenance.package_versions.zod, zod);
});
