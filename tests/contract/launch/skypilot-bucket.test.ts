import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { bucketNameFor, defaultBucketName } from '../../../runners/launch/bucket-name.ts';
import { launchFiles } from '../../../runners/launch/launch.ts';
import { buildLaunchPlan } from '../../../runners/launch/plan.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

/**
 * Without --bucket the SkyPilot task names a bucket that SkyPilot creates. S3 and GCS bucket names are global, so the
 * fixed userturn-<id> of before was taken by the first user to launch that submission and failed for everyone else.
 */

/** The naming rules of both stores: S3 (docs.aws.amazon.com, "General purpose bucket naming rules") and GCS ("Bucket names"). */
function bucketNameProblems(name: string): string[] {
  const p: string[] = [];
  if (name.length < 3 || name.length > 63) p.push('3 to 63 characters');
  if (!/^[a-z0-9][a-z0-9-]*[a-z0-9]$/.test(name)) p.push('lowercase letters, digits and hyphens, a letter or digit at each end');
  if (/^(xn--|sthree-|amzn-s3-demo-|goog)/.test(name)) p.push('a reserved prefix');
  if (/(-s3alias|--ol-s3|--x-s3|--table-s3)$/.test(name)) p.push('a reserved suffix');
  if (/google|g00gle/.test(name)) p.push('"google"');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) p.push('an IP address');
  return p;
}

const SUB = join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml');
const mountOf = (text: string) => Object.values(parse(text).file_mounts as Record<string, Record<string, string>>)[0]!;

test('the default bucket name is valid for S3 and GCS, stable, and differs between projects and between users', () => {
  const a = bucketNameFor('https://github.com/acme/userturn', 'maya');
  assert.deepEqual(bucketNameProblems(a), [], a);
  assert.equal(bucketNameFor('https://github.com/acme/userturn', 'maya'), a, 'stable: a rerun finds its cache snapshots');
  assert.notEqual(bucketNameFor('https://github.com/other/userturn', 'maya'), a, 'another project');
  assert.notEqual(bucketNameFor('https://github.com/acme/userturn', 'tom'), a, 'another user');
  for (let i = 0; i < 200; i++) assert.deepEqual(bucketNameProblems(bucketNameFor(`p${i}`, `u${i}`)), []);
});

test('launch --target skypilot without --bucket: the task and the merge mount the project\'s and user\'s bucket, not a fixed name', async () => {
  const plan = await buildLaunchPlan(SUB, { shards: 2, root: REPO_ROOT });
  const [task, merge] = launchFiles(plan, 'skypilot');
  const name = defaultBucketName(REPO_ROOT);
  assert.deepEqual(mountOf(task!.text), { name, mode: 'MOUNT' });
  assert.deepEqual(mountOf(merge!.text), { name, mode: 'MOUNT' });
  assert.notEqual(name, `userturn-${plan.id.replace(/[^a-z0-9-]/g, '-')}`);
  assert.match(task!.text, new RegExp(`^# Bucket: ${name}, created by SkyPilot on first launch`, 'm'));
  // One bucket per project and user: another submission's files go under its own /<id>/ in the same bucket.
  const other = await buildLaunchPlan(join(REPO_ROOT, 'submissions/qwen/qwen3.5-27b.yaml'), { shards: 2, root: REPO_ROOT });
  assert.equal(mountOf(launchFiles(other, 'skypilot')[0]!.text).name, name);
  // --bucket replaces it.
  const own = await buildLaunchPlan(SUB, { shards: 2, root: REPO_ROOT, bucket: 's3://my-bucket/userturn' });
  assert.deepEqual(mountOf(launchFiles(own, 'skypilot')[0]!.text), { source: 's3://my-bucket/userturn', mode: 'MOUNT' });
});

test('the project is the git remote without credentials or .git (a rotated token keeps the bucket); no remote: the checkout folder', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-bucket-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  const user = userInfo().username;
  const noRemote = defaultBucketName(dir);
  assert.equal(noRemote, bucketNameFor(execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' }).trim(), user));
  git('remote', 'add', 'origin', 'https://x-access-token:ghs_abc@github.com/acme/userturn.git');
  assert.equal(defaultBucketName(dir), bucketNameFor('https://github.com/acme/userturn', user));
  git('remote', 'set-url', 'origin', 'https://github.com/acme/userturn');
  assert.equal(defaultBucketName(dir), bucketNameFor('https://github.com/acme/userturn', user));
  // The CLI writes the same name from a checkout of that project.
  cpSync(join(REPO_ROOT, 'submissions/qwen'), join(dir, 'submissions/qwen'), { recursive: true });
  const r = runCli(['launch', 'submissions/qwen/qwen3.5-9b.yaml', '--shards', '2', '--target', 'skypilot'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`\\n {4}name: ${bucketNameFor('https://github.com/acme/userturn', user)}\\n`));
});
