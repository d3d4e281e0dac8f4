import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * A labelled pull request has no workflow_dispatch inputs (`inputs.engine` is empty), so the GPU job must serve the
 * submission with the engine its `serving.engine` names: `--engine` overrides it (serve-command.ts), and a forced
 * `--engine vllm` serves an SGLang, TGI or llama.cpp submission with vLLM, or refuses its engine_args against vLLM's
 * allowlist. A maintainer's dispatch still chooses the engine.
 */
// probe-run.yml's inputs carry probe.yml's dispatch inputs under the same names (probe.yml's run job).
const probe = (parse(readFileSync(join(REPO_ROOT, '.github/workflows/probe-run.yml'), 'utf8')) as { jobs: Record<string, any> }).jobs.probe as {
  env: Record<string, string>;
  steps: Array<Record<string, any>>;
};

/** The few expression forms the job's env uses: `inputs.x`, literals, `a || b`. */
function evaluate(expr: string, inputs: Record<string, string>): string {
  const m = /^\$\{\{\s*(.+?)\s*\}\}$/.exec(expr);
  if (!m) return expr;
  for (const term of m[1]!.split('||').map((t) => t.trim())) {
    const lit = /^'(.*)'$/.exec(term);
    const input = /^inputs\.([\w-]+)$/.exec(term);
    assert.ok(lit || input, `cannot evaluate ${term}`);
    const v = lit ? lit[1]! : (inputs[input![1]!] ?? '');
    if (v !== '') return v;
  }
  return '';
}

/** Every npx command line the job's run: steps give, with a stand-in npx that records its argv. */
function npxCalls(inputs: Record<string, string>): string[][] {
  const tmp = mkdtempSync(join(tmpdir(), 'userturn-probe-engine-'));
  const log = join(tmp, 'calls');
  writeFileSync(join(tmp, 'npx'), `#!/bin/bash\nprintf '%s\\037' "$@" >> "${log}"\necho >> "${log}"\n`);
  chmodSync(join(tmp, 'npx'), 0o755);
  writeFileSync(log, '');
  const env = { PATH: `${tmp}:${process.env.PATH}`, RUNNER_TEMP: tmp, SUBMISSION: 'submissions/acme/m.yaml', SHARD: '1/1', LIMIT: '' };
  for (const [k, v] of Object.entries(probe.env)) if (!(k in env)) (env as Record<string, string>)[k] = evaluate(v, inputs);
  for (const s of probe.steps) {
    if (typeof s.run !== 'string' || !/\$ENGINE/.test(s.run)) continue;
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run], { env, encoding: 'utf8' });
    assert.equal(r.status, 0, `${s.name}: ${r.stderr}`);
  }
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\x1f').filter((a) => a !== ''));
}

const engineArg = (argv: string[]) => (argv.includes('--engine') ? argv[argv.indexOf('--engine') + 1] : null);

test('probe.yml, labelled pull request: serve-cmd and probe-job get no --engine, so the submission\'s engine serves it', () => {
  const calls = npxCalls({});
  assert.ok(calls.some((a) => a.includes('serve-cmd')) && calls.some((a) => a.some((x) => x.endsWith('probe-job.ts'))), JSON.stringify(calls));
  for (const argv of calls) assert.equal(engineArg(argv), null, `an engine was forced: ${argv.join(' ')}`);
});

test('probe.yml, dispatch: the engine the maintainer chose goes to serve-cmd and probe-job', () => {
  const calls = npxCalls({ engine: 'sglang' });
  assert.equal(calls.length, 2, JSON.stringify(calls));
  for (const argv of calls) assert.equal(engineArg(argv), 'sglang', argv.join(' '));
});
