import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { Submission } from '../../../src/schema/index.ts';
import { buildServeCommand, ENGINES, loadAllowedEngineArgs, RESERVED_ENGINE_FLAGS, UnsafeServeError, type Engine } from '../../../runners/engines/serve-command.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { paperSubmission } from '../../helpers/community-fixtures.ts';

/** Each engine's documented long options, read from its source at the commit the fixture names per file. */
interface Documented { repo: string; read_from: { path: string; commit: string }[]; flags: string[] }
const FIXTURE = parse(readFileSync(join(REPO_ROOT, 'tests/fixtures/engines/documented-flags.yaml'), 'utf8')) as Record<Engine, Documented>;
const DOCUMENTED = Object.fromEntries(Object.entries(FIXTURE).map(([e, d]) => [e, d.flags])) as Record<Engine, string[]>;
const SUBMISSIONS = readdirSync(join(REPO_ROOT, 'submissions'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).sort();
const GGUF: readonly Engine[] = ['llamacpp', 'ollama'];

/** Every `--name` in the commands (values that follow a flag are not flags). */
const longOptions = (cmds: string[][]): string[] => cmds.flat().filter((a) => a.startsWith('--')).map((a) => a.slice(2));

test('the documented options of every engine name the repository, files and commit they were read from', () => {
  assert.deepEqual(Object.keys(FIXTURE).sort(), [...ENGINES].sort());
  for (const e of ENGINES) {
    const d = FIXTURE[e];
    assert.match(d.repo, /^[\w.-]+\/[\w.-]+$/, `${e}: repo`);
    assert.ok(d.read_from.length > 0, `${e}: read_from`);
    for (const f of d.read_from) {
      assert.match(f.commit, /^[0-9a-f]{40}$/, `${e}: ${f.path} needs the full commit it was read at`);
      assert.match(f.path, /^[\w./-]+$/, `${e}: path`);
    }
    assert.equal(new Set(d.flags).size, d.flags.length, `${e}: a flag is listed twice`);
  }
});

test('the allowlist of every engine holds only options that engine documents', () => {
  const allowed = loadAllowedEngineArgs();
  assert.deepEqual(Object.keys(DOCUMENTED).sort(), [...ENGINES].sort());
  for (const e of ENGINES) for (const name of allowed[e]) assert.ok(DOCUMENTED[e].includes(name), `${e}: --${name} is allowlisted but not documented by ${e}`);
  assert.equal(allowed.sglang.includes('enable-prefix-caching'), false, 'SGLang has no --enable-prefix-caching');
  // Removed from vLLM's parser (arg_utils.py at the fixture's commit): a command using them would be rejected.
  for (const gone of ['swap-space', 'disable-log-requests']) assert.equal(allowed.vllm.includes(gone), false, `vLLM has no --${gone}`);
});

test('serve-cmd for every committed submission and every engine uses only options that engine documents', () => {
  assert.ok(SUBMISSIONS.length >= 11);
  for (const rel of SUBMISSIONS) {
    const sub = Submission.parse(paperSubmission(`submissions/${rel}`));
    for (const engine of ENGINES) {
      const label = `${rel} on ${engine}`;
      if (GGUF.includes(engine)) {
        // The committed repos hold safetensors: a GGUF engine needs the quantisation named, and says so.
        assert.throws(() => buildServeCommand(sub, { engine }), (e: unknown) => e instanceof UnsafeServeError && /^serving\.gguf_quant: /.test(e.message), label);
      }
      const target = GGUF.includes(engine) ? Submission.parse({ ...paperSubmission(`submissions/${rel}`), serving: { ...sub.serving, gguf_quant: 'Q4_K_M' } }) : sub;
      const cmd = buildServeCommand(target, { engine });
      for (const name of longOptions([cmd.argv, ...cmd.then])) assert.ok(DOCUMENTED[engine].includes(name), `${label}: --${name} is not documented by ${engine}`);
      for (const name of RESERVED_ENGINE_FLAGS[engine]) assert.ok(!loadAllowedEngineArgs()[engine].includes(name), `${engine}: --${name} is both reserved and allowlisted`);
    }
  }
});

test('TGI: text-generation-launcher at the pinned revision, answering under the model id', () => {
  const sub = Submission.parse(paperSubmission('submissions/zai-org/glm-4.5-air.yaml'));
  const cmd = buildServeCommand(sub, { engine: 'tgi', port: 8080 });
  assert.deepEqual(cmd.argv, ['text-generation-launcher', '--model-id', 'zai-org/GLM-4.5-Air', '--revision', sub.hf.revision, '--num-shard', '4', '--max-input-tokens', String(sub.serving.max_model_len - 1), '--max-total-tokens', String(sub.serving.max_model_len), '--hostname', '127.0.0.1', '--port', '8080']);
  assert.equal(cmd.served_model_name, 'zai-org/GLM-4.5-Air');
  assert.equal(cmd.base_url, 'http://127.0.0.1:8080/v1');
});

test('llama.cpp and Ollama: a GGUF submission names its quantisation; llama-server keeps special tokens; Ollama pulls and names the model', () => {
  const raw: Record<string, any> = { ...paperSubmission(), hf: { repo: 'unsloth/Qwen3.5-9B-GGUF', revision: 'main' } };
  const sub = Submission.parse({ ...raw, serving: { ...raw.serving, engine: 'llamacpp', gguf_quant: 'Q8_0' } });
  const l = buildServeCommand(sub);
  assert.deepEqual(l.argv, ['llama-server', '--hf-repo', 'unsloth/Qwen3.5-9B-GGUF:Q8_0', '--alias', 'qwen3.5-9b', '--ctx-size', String(sub.serving.max_model_len), '--host', '127.0.0.1', '--port', '8000', '--special']);
  assert.deepEqual([l.then, l.served_model_name], [[], 'qwen3.5-9b']);
  const o = buildServeCommand(sub, { engine: 'ollama', port: 11434 });
  const env = 'OLLAMA_HOST=127.0.0.1:11434';
  assert.deepEqual(o.argv, ['env', env, `OLLAMA_CONTEXT_LENGTH=${sub.serving.max_model_len}`, 'ollama', 'serve']);
  assert.deepEqual(o.then, [
    ['env', env, 'ollama', 'pull', 'hf.co/unsloth/Qwen3.5-9B-GGUF:Q8_0'],
    ['env', env, 'ollama', 'cp', 'hf.co/unsloth/Qwen3.5-9B-GGUF:Q8_0', 'qwen3.5-9b:latest'],
  ]);
  assert.equal(o.served_model_name, 'qwen3.5-9b:latest');
  assert.equal(o.base_url, 'http://127.0.0.1:11434/v1');
});

test('serve-cmd CLI: every engine is accepted; Ollama prints the follow-up commands after the server', () => {
  const file = 'submissions/openai/gpt-oss-20b.yaml';
  for (const engine of ['sglang', 'tgi']) {
    const r = runCli(['serve-cmd', file, '--engine', engine, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).includes('--enable-prefix-caching'), false);
  }
  const refused = runCli(['serve-cmd', file, '--engine', 'ollama']);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /gpt-oss-20b\.yaml: serving\.gguf_quant: Ollama pulls GGUF files/);
  const bad = runCli(['serve-cmd', file, '--engine', 'mlx']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--engine must be one of vllm, sglang, tgi, llamacpp, ollama/);
});
