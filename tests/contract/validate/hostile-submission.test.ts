import assert from 'node:assert/strict';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

/**
 * One submission with every kind of problem that later steps (serve-cmd, pr-report, run) refuse. It is schema
 * valid, so before the shared policy `validate` said ok. It lives in a scratch repository (cwd) because one of
 * its problems is a symbolic link out of the repository.
 */
const SUBMISSION = `id: nul
display_name: "Qwen\u202e9B-evil"
family: qwen3.5
hf:
  repo: Qwen/Qwen3.5-9B
  revision: main
params:
  total_b: 9
  active_b: 9
license: apache-2.0
chat_template:
  source: file
  path: templates/evil.jinja
serving:
  engine: vllm
  max_model_len: 8192
  engine_args:
    trust-remote-code: true
  base_urls:
    - http://user:hunter2@gpu-host:8000/v1
    - http://169.254.169.254/latest/v1
    - http://metadata.google.internal/v1
    - http://[fe80::1]:8000/v1
    - http://gpu-host:8000/v1#
    - http://[::ffff:169.254.169.254]/v1
    - http://metadata.google.internal./v1
    - http://[64:ff9b::169.254.169.254]/v1
    - http://[::1]:8000/v1
generation:
  template_kwargs:
    add_generation_prompt: false
    bos_token: "<evil>"
    enable_thinking: false
    shell_a: "x'; touch /tmp/pwned; echo '"
    shell_b: "$(touch /tmp/pwned)"
    effort: high
reasoning:
  mode: none
submitter:
  github: someone
`;

const EXPECTED: Array<[string, RegExp]> = [
  ['id', /Windows reserves/],
  ['display_name', /bidirectional control/],
  ['serving.engine_args.trust-remote-code', /not on the vllm allowlist.*run code/],
  ['generation.template_kwargs.add_generation_prompt', /runner sets "add_generation_prompt"/],
  ['generation.template_kwargs.bos_token', /runner sets "bos_token"/],
  ['serving.base_urls[0]', /credentials/],
  ['serving.base_urls[1]', /link-local/],
  ['serving.base_urls[2]', /metadata/],
  ['serving.base_urls[3]', /link-local/],
  // The runner appends API paths: validate refuses what `userturn run` would refuse, an empty fragment too.
  ['serving.base_urls[4]', /query string or fragment/],
  // The URL parser writes an IPv4-mapped address in hex ([::ffff:a9fe:a9fe]); a trailing dot names the same host.
  ['serving.base_urls[5]', /169\.254\.169\.254 is a link-local/],
  ['serving.base_urls[6]', /metadata service/],
  ['serving.base_urls[7]', /169\.254\.169\.254 is a link-local/],
  // serve-cmd refuses these on the engine's command line; validate names every one, not only the first.
  ['generation.template_kwargs.shell_a', /not allowed on a command line/],
  ['generation.template_kwargs.shell_b', /not allowed on a command line/],
  ['chat_template.path', /is a symbolic link: userturn reads no link/],
];

let repo: string;
const file = 'submissions/acme/nul.yaml';
before(async () => {
  repo = await mkdtemp(join(tmpdir(), 'ut-hostile-repo-'));
  await mkdir(join(repo, 'submissions', 'acme'), { recursive: true });
  await mkdir(join(repo, 'templates'));
  await writeFile(join(repo, file), SUBMISSION);
  await symlink('/etc/passwd', join(repo, 'templates', 'evil.jinja'));
});

describe('validate applies every rule later steps apply, and lists all of them', () => {
  it('validate: every reason, one line each, exit 1', () => {
    const r = runCli(['validate', file], { cwd: repo });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    for (const [field, message] of EXPECTED) {
      const line = r.stderr.split('\n').find((l) => l.startsWith(`${file}: ${field}: `));
      assert.ok(line, `no line for ${field} in:\n${r.stderr}`);
      assert.match(line, message);
    }
    assert.doesNotMatch(r.stderr, /hunter2/, 'the password in the URL is not repeated');
    for (const fine of ['serving.base_urls[8]', 'generation.template_kwargs.effort', 'generation.template_kwargs.enable_thinking']) assert.ok(!r.stderr.includes(`${file}: ${fine}: `), `${fine} is fine:\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
  });

  it('serve-cmd and run --dry-run refuse it with the same reasons', () => {
    for (const args of [['serve-cmd', file], ['run', file, '--dry-run', '--template', '/dev/null', '--suite', join(REPO_ROOT, 'benchmark/suites/v2.yaml')]]) {
      const r = runCli(args, { cwd: repo });
      assert.equal(r.code, 1, `${args[0]}: ${r.stdout}${r.stderr}`);
      for (const [field] of EXPECTED) assert.ok(r.stderr.includes(`${file}: ${field}: `), `${args[0]} does not name ${field}:\n${r.stderr}`);
    }
  });
});
