import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { AnnotationFileError } from '../../../runners/annotate/batch-file.ts';
import { runCommand } from '../../../runners/cli/command.ts';
import { EndpointError } from '../../../runners/client/endpoints.ts';
import { TooManyFailures } from '../../../runners/client/fail-limit.ts';
import { UnsafeServeError } from '../../../runners/engines/serve-command.ts';
import { ConfigError, EXIT_CODES, failureOutcome, InputError, isFailure, UsageError } from '../../../runners/core/errors.ts';
import { parseCommandArgs } from '../../../runners/core/args.ts';
import { envWholeNumber } from '../../../runners/core/env-number.ts';
import { StorageError } from '../../../runners/io/storage-error.ts';
import { JudgeConfigError } from '../../../runners/judge/llm/config.ts';
import { ResultLoadError } from '../../../runners/judge/rejudge/load-result.ts';
import { SetupError } from '../../../runners/probe/setup.ts';
import { MergeError } from '../../../runners/results/merge.ts';
import { InvalidResult } from '../../../runners/results/write.ts';
import { TemplateRenderError } from '../../../runners/templates/render.ts';

/** Console output of `fn`, captured in-process. */
async function captured<T>(t: TestContext, fn: () => Promise<T>): Promise<{ value: T; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = t.mock.method(console, 'log', (...a: unknown[]) => void out.push(a.join(' ')));
  const error = t.mock.method(console, 'error', (...a: unknown[]) => void err.push(a.join(' ')));
  try {
    return { value: await fn(), stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    log.mock.restore();
    error.mock.restore();
  }
}

test('every error class of the runners is a Failure whose kind sets the exit code', () => {
  const field = [{ file: 'f.yaml', field: 'model', message: 'required' }];
  const cases: Array<[Error, string]> = [
    [new UsageError('--n is required'), 'usage'],
    [new SetupError('sub.yaml: hf.repo: required'), 'input'],
    [new ResultLoadError(field), 'input'],
    [new AnnotationFileError(field), 'input'],
    [new MergeError('a: b: c'), 'input'],
    [new InvalidResult('summary'), 'input'],
    [new TemplateRenderError('t: chat_template: loop'), 'input'],
    [new UnsafeServeError('serving.engine_args: refused'), 'input'],
    [new JudgeConfigError(field), 'config'],
    [new StorageError('c.sqlite', 'cannot write', Object.assign(new Error('x'), { code: 'ENOSPC' }), ''), 'storage'],
    [new EndpointError('no model listed'), 'server'],
    [new TooManyFailures('stopped'), 'server'],
  ];
  for (const [e, kind] of cases) {
    assert.ok(isFailure(e), e.constructor.name);
    assert.equal(e.kind, kind, e.constructor.name);
    const { code, message } = failureOutcome(e);
    assert.equal(code, kind === 'usage' ? 2 : 1, e.constructor.name);
    assert.equal(message, e.message, 'the message is the error\'s own, no stack');
  }
});

test('an error that is not a Failure is an internal error with its stack, exit 70', () => {
  const bug = new TypeError('x is undefined');
  const { code, message } = failureOutcome(bug);
  assert.equal(code, EXIT_CODES.internal);
  assert.match(message, /^internal error: TypeError: x is undefined\n\s+at /);
  assert.equal(failureOutcome('thrown string').message, 'internal error: thrown string');
});

test('runCommand: --help exits 0, a usage error prints the usage and exits 2, a failure prints one message and exits 1, a bug propagates', async (t) => {
  const spec = { usage: 'usage: userturn demo [--n N]', options: { n: { type: 'string' } } } as const;
  const help = await captured(t, () => runCommand(['--help'], spec, async () => 0));
  assert.deepEqual([help.value, help.stdout], [0, spec.usage]);
  const unknown = await captured(t, () => runCommand(['--frob'], spec, async () => 0));
  assert.equal(unknown.value, 2);
  assert.match(unknown.stderr, /frob[\s\S]*\n\nusage: userturn demo/);
  const bad = await captured(t, () => runCommand([], spec, async () => { throw new ConfigError('judge.yaml: model: required'); }));
  assert.deepEqual([bad.value, bad.stderr], [1, 'judge.yaml: model: required']);
  const input = await captured(t, () => runCommand([], spec, async () => { throw new InputError('a.jsonl: (file): no such file'); }));
  assert.deepEqual([input.value, input.stderr], [1, 'a.jsonl: (file): no such file'], 'no usage text after bad input');
  await assert.rejects(runCommand([], spec, async () => { throw new TypeError('bug'); }), TypeError);
});

test('validate on a folder with nothing to validate says so and exits 1 (it used to print "ok")', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-empty-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { run } = await import('../../../runners/cli/commands/validate.ts');
  const r = await captured(t, () => run([dir]));
  assert.equal(r.value, 1);
  assert.match(r.stderr, /nothing to validate/);
  assert.doesNotMatch(r.stdout, /ok/);
  const missing = await captured(t, () => run([join(dir, 'gone')]));
  assert.equal(missing.value, 1, 'a missing path is bad input, as in every command (it was 2)');
  assert.match(missing.stderr, /gone: \(file\): no such file or directory/);
});

test('a bad judge config exits 1 in judge, rejudge and calibrate alike (judge and rejudge used 2)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-judgecfg-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const cfg = join(dir, 'bad.yaml');
  writeFileSync(cfg, 'model: x\n');
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, `${JSON.stringify({ id: 'a', question: 'q', response: 'r', user_turn: 'u' })}\n`);
  mkdirSync(join(dir, 'results'));
  // calibrate without datasets: the judge controls are skipped and the config is the first thing to fail.
  const dataDir = process.env.USERTURN_DATA_DIR;
  delete process.env.USERTURN_DATA_DIR;
  t.after(() => dataDir !== undefined && (process.env.USERTURN_DATA_DIR = dataDir));
  const judge = await import('../../../runners/cli/commands/judge.ts');
  const rejudge = await import('../../../runners/cli/commands/rejudge.ts');
  const calibrate = await import('../../../runners/cli/commands/calibrate.ts');
  const runs = [
    await captured(t, () => judge.run(['--input', input, '--judge-config', cfg, '--no-cache'])),
    await captured(t, () => rejudge.run([join(dir, 'results'), '--judge-config', cfg, '--no-cache'])),
    await captured(t, () => calibrate.run(['--judge-config', cfg, '--no-cache'])),
  ];
  for (const r of runs) {
    assert.equal(r.value, 1, r.stderr);
    assert.match(r.stderr, /bad\.yaml: /);
    assert.doesNotMatch(r.stderr, /usage:/);
  }
});

test('score: an unreadable responses file exits 1, as its usage says (it was 2)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-score-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { run } = await import('../../../runners/cli/commands/score.ts');
  const r = await captured(t, () => run(['--dataset', 'gsm8k', '--responses', join(dir, 'nope.jsonl'), '--data-dir', dir]));
  assert.equal(r.value, 1);
  assert.match(r.stderr, /nope\.jsonl: cannot read: ENOENT/);
});

test('a number from the environment that is not one is a usage error naming the variable (it used to become NaN)', (t) => {
  const name = 'USERTURN_TEST_ENV_NUMBER';
  t.after(() => delete process.env[name]);
  delete process.env[name];
  assert.equal(envWholeNumber(name, 5000), 5000);
  process.env[name] = ' 250 ';
  assert.equal(envWholeNumber(name, 5000), 250);
  for (const bad of ['abc', '1e3', '-5', '2.5', '0']) {
    process.env[name] = bad;
    assert.throws(() => envWholeNumber(name, 5000), (e: unknown) => e instanceof UsageError && failureOutcome(e).code === EXIT_CODES.usage && e.message.includes(`${name} must be a whole number ≥ 1, got "${bad}"`), bad);
  }
  process.env[name] = '0';
  assert.equal(envWholeNumber(name, 500, 0), 0);
});

test('a flag that takes one value, given twice, is a usage error naming it; a repeatable one is not', () => {
  const options = { limit: { type: 'string' }, 'base-url': { type: 'string', multiple: true }, json: { type: 'boolean' } } as const;
  assert.throws(() => parseCommandArgs(['--limit', '1', '--limit', '2'], options), (e: unknown) => e instanceof UsageError && e.message === '--limit is given 2 times; give it once');
  assert.throws(() => parseCommandArgs(['--json', '--json'], options), /--json is given 2 times/);
  const ok = parseCommandArgs(['--base-url', 'http://a/v1', '--base-url', 'http://b/v1', '--limit', '3', 'sub.yaml'], options);
  assert.deepEqual(ok.values['base-url'], ['http://a/v1', 'http://b/v1']);
  assert.equal(ok.values.limit, '3');
  assert.deepEqual(ok.positionals, ['sub.yaml']);
});
