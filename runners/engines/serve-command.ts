import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ENGINE_ARGS_FILE } from '../../src/lib/data-paths.ts';
import type { Submission } from '../../src/schema/index.ts';

/**
 * The engine command that serves a submission, as an argv array (never a shell string). Every argument that
 * comes from the submission passes `assertSafeArg` here, even though the zod schema already restricts those
 * fields: defence in depth, so a value that somehow got past the schema still never reaches a command line.
 */

export type Engine = 'vllm' | 'sglang';
export const ENGINES: readonly Engine[] = ['vllm', 'sglang'];

export interface ServeOptions {
  /** Override the submission's engine. */
  engine?: Engine;
  host?: string;
  port?: number;
  /** Repository root, used to resolve a `chat_template.source: file` path. */
  root?: string;
  /** Allowed engine_args names per engine; defaults to the engine-args policy file (ENGINE_ARGS_FILE). */
  allowedArgs?: Readonly<Record<Engine, readonly string[]>>;
}

export interface ServeCommand {
  engine: Engine;
  argv: string[];
  /** The OpenAI-compatible base URL the command will answer on. */
  base_url: string;
  /** The model name clients must send (the submission id). */
  served_model_name: string;
}

/** A refusal: the submission cannot be turned into a command line safely. */
export class UnsafeServeError extends Error {}

/** Characters a value taken from a submission may contain on a command line (same set as the schema's). */
const SAFE_VALUE = /^[A-Za-z0-9._:\/=,+@-]{1,200}$/;
export const SAFE_FLAG = /^[a-z][a-z0-9-]{0,60}$/;

/**
 * Refuse a value taken from a submission unless it is plain: no shell metacharacters, no whitespace, no
 * leading dash (which an engine's argument parser would read as another option), no `..`.
 */
export function assertSafeArg(field: string, value: unknown): string {
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnsafeServeError(`${field}: must be a finite number`);
    s = String(value);
    if (!/^-?[0-9.e+]+$/.test(s)) throw new UnsafeServeError(`${field}: unexpected number format "${s}"`);
    return s;
  }
  if (typeof value !== 'string') throw new UnsafeServeError(`${field}: must be a string or a number, got ${typeof value}`);
  s = value;
  if (!SAFE_VALUE.test(s)) throw new UnsafeServeError(`${field}: refused: contains characters that are not allowed on a command line (only letters, digits and . _ : / = , + @ -)`);
  if (s.startsWith('-')) throw new UnsafeServeError(`${field}: refused: must not start with "-" (it would be read as another option)`);
  if (s.split('/').includes('..')) throw new UnsafeServeError(`${field}: refused: must not contain ".."`);
  return s;
}

let defaultAllowed: Record<Engine, string[]> | null = null;
/** The engine-args policy file, read from the checkout this code is in (not the working directory). */
export function loadAllowedEngineArgs(): Record<Engine, string[]> {
  if (!defaultAllowed) {
    const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', ENGINE_ARGS_FILE);
    const data = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const list = (e: Engine): string[] => {
      const v = data[e];
      if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && SAFE_FLAG.test(x))) throw new Error(`engine-args.yaml: "${e}" must be a list of flag names`);
      return v as string[];
    };
    defaultAllowed = { vllm: list('vllm'), sglang: list('sglang') };
  }
  return defaultAllowed;
}

/** Flags serve-cmd sets itself; a submission may not set them again through engine_args. */
export const RESERVED_ENGINE_FLAGS: Record<Engine, readonly string[]> = {
  vllm: ['model', 'revision', 'tensor-parallel-size', 'max-model-len', 'served-model-name', 'host', 'port', 'chat-template', 'generation-config', 'default-chat-template-kwargs'],
  sglang: ['model-path', 'revision', 'tp-size', 'tensor-parallel-size', 'context-length', 'served-model-name', 'host', 'port', 'chat-template'],
};

function engineArgs(engine: Engine, args: Record<string, unknown>, allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of Object.keys(args).sort()) {
    const value = args[name];
    const field = `serving.engine_args.${name}`;
    if (!SAFE_FLAG.test(name)) throw new UnsafeServeError(`${field}: refused: flag names must be lowercase like "enable-prefix-caching"`);
    if (RESERVED_ENGINE_FLAGS[engine].includes(name)) throw new UnsafeServeError(`${field}: refused: serve-cmd sets --${name} itself from the submission`);
    if (!allowed.includes(name)) throw new UnsafeServeError(`${field}: refused: --${name} is not on the ${engine} allowlist (${ENGINE_ARGS_FILE})`);
    if (value === true) out.push(`--${name}`);
    else if (value === false) continue; // a false boolean flag is simply not passed
    else out.push(`--${name}`, assertSafeArg(field, value));
  }
  return out;
}

/** vLLM's --default-chat-template-kwargs as one JSON argument built from checked keys and values. */
function templateKwargsJson(kwargs: Record<string, unknown>): string | null {
  const keys = Object.keys(kwargs).sort();
  if (keys.length === 0) return null;
  const safe: Record<string, string | number | boolean> = {};
  for (const k of keys) {
    const field = `generation.template_kwargs.${k}`;
    if (!/^[a-z_][a-z0-9_]{0,60}$/.test(k)) throw new UnsafeServeError(`${field}: refused: key must be lowercase letters, digits and _`);
    const v = kwargs[k];
    if (typeof v === 'boolean') safe[k] = v;
    else if (typeof v === 'number') safe[k] = Number(assertSafeArg(field, v));
    else safe[k] = assertSafeArg(field, v);
  }
  return JSON.stringify(safe);
}

/** Build the engine command for a validated submission. Throws UnsafeServeError when it must refuse. */
export function buildServeCommand(sub: Submission, opts: ServeOptions = {}): ServeCommand {
  const engine = opts.engine ?? sub.serving.engine;
  if (!ENGINES.includes(engine as Engine)) {
    throw new UnsafeServeError(`serving.engine: serve-cmd builds commands for ${ENGINES.join(' and ')} only; start "${engine}" by hand and pass its URL with --base-url`);
  }
  const e = engine as Engine;
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 8000;
  if (!/^[A-Za-z0-9.:-]{1,100}$/.test(host) || host.startsWith('-')) throw new UnsafeServeError(`--host: refused: "${host}" is not a plain host name or address`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UnsafeServeError(`--port: must be 1-65535`);
  const repo = assertSafeArg('hf.repo', sub.hf.repo);
  const revision = assertSafeArg('hf.revision', sub.hf.revision);
  const id = assertSafeArg('id', sub.id);
  const tp = assertSafeArg('serving.tensor_parallel_size', sub.serving.tensor_parallel_size);
  const maxLen = assertSafeArg('serving.max_model_len', sub.serving.max_model_len);
  const allowed = (opts.allowedArgs ?? loadAllowedEngineArgs())[e];
  const extra = engineArgs(e, sub.serving.engine_args, allowed);
  const template = sub.chat_template.source === 'file' ? join(opts.root ?? '.', assertSafeArg('chat_template.path', sub.chat_template.path)) : null;

  let argv: string[];
  if (e === 'vllm') {
    argv = ['vllm', 'serve', repo, '--revision', revision, '--tensor-parallel-size', tp, '--max-model-len', maxLen, '--served-model-name', id, '--host', host, '--port', String(port)];
    // Do not let the model repo's generation_config.json change sampling defaults behind the suite's back.
    argv.push('--generation-config', 'vllm');
    if (template) argv.push('--chat-template', template);
    const kwargs = templateKwargsJson(sub.generation.template_kwargs);
    if (kwargs) argv.push('--default-chat-template-kwargs', kwargs);
  } else {
    argv = ['python', '-m', 'sglang.launch_server', '--model-path', repo, '--revision', revision, '--tp-size', tp, '--context-length', maxLen, '--served-model-name', id, '--host', host, '--port', String(port)];
    if (template) argv.push('--chat-template', template);
    // SGLang has no server-wide template kwargs flag; the runner renders templates itself, so nothing is lost.
    templateKwargsJson(sub.generation.template_kwargs); // still refuse unsafe values
  }
  argv.push(...extra);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return { engine: e, argv, base_url: `http://${urlHost}:${port}/v1`, served_model_name: id };
}

/** POSIX shell quoting for display: plain words stay bare, anything else is single-quoted. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9._:\/=,+@%-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The argv as one line a person can paste into a POSIX shell. */
export function formatCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}
