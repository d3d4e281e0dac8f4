import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ENGINE_ARGS_FILE } from '../../src/lib/data-paths.ts';
import type { Submission } from '../../src/schema/index.ts';
import { benchmarkPath } from '../core/defaults.ts';
import { ADAPTERS, ENGINE_IDS } from './behaviour.ts';
import { assertSafeArg, SAFE_FLAG, UnsafeServeError } from './safe-arg.ts';
import type { EngineId } from './types.ts';

/**
 * The engine command that serves a submission, as an argv array (never a shell string). Every argument that
 * comes from the submission passes `assertSafeArg` here, even though the zod schema already restricts those
 * fields: defence in depth, so a value that somehow got past the schema still never reaches a command line.
 * What each engine's command looks like is its adapter's (runners/engines/<engine>.ts).
 */

export { assertSafeArg, SAFE_FLAG, UnsafeServeError } from './safe-arg.ts';
export type Engine = EngineId;
export const ENGINES: readonly Engine[] = ENGINE_IDS;

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
  /** Commands to run, in order, once the server answers (empty but for Ollama, which pulls the model then). */
  then: string[][];
  /** The OpenAI-compatible base URL the command will answer on. */
  base_url: string;
  /** The model name clients must send. */
  served_model_name: string;
}

let defaultAllowed: Record<Engine, string[]> | null = null;
/** The engine-args policy file, read from the checkout this code is in (not the working directory) or USERTURN_BENCHMARK_DIR. */
export function loadAllowedEngineArgs(): Record<Engine, string[]> {
  if (!defaultAllowed) {
    const file = benchmarkPath(ENGINE_ARGS_FILE);
    const data = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const list = (e: Engine): string[] => {
      const v = data[e] ?? [];
      if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && SAFE_FLAG.test(x))) throw new Error(`engine-args.yaml: "${e}" must be a list of flag names`);
      return v as string[];
    };
    defaultAllowed = Object.fromEntries(ENGINES.map((e) => [e, list(e)])) as Record<Engine, string[]>;
  }
  return defaultAllowed;
}

/** Flags serve-cmd sets itself; a submission may not set them again through engine_args. */
export const RESERVED_ENGINE_FLAGS: Readonly<Record<Engine, readonly string[]>> = Object.fromEntries(ENGINES.map((e) => [e, ADAPTERS[e].reservedFlags])) as Record<Engine, readonly string[]>;

function engineArgs(engine: Engine, args: Record<string, unknown>, allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of Object.keys(args).sort()) {
    const value = args[name];
    const field = `serving.engine_args.${name}`;
    if (!SAFE_FLAG.test(name)) throw new UnsafeServeError(`${field}: refused: flag names must be lowercase like "max-num-seqs"`);
    if (RESERVED_ENGINE_FLAGS[engine].includes(name)) throw new UnsafeServeError(`${field}: refused: serve-cmd sets --${name} itself from the submission`);
    if (!allowed.includes(name)) throw new UnsafeServeError(`${field}: refused: --${name} is not on the ${engine} allowlist (${ENGINE_ARGS_FILE})`);
    if (value === true) out.push(`--${name}`);
    else if (value === false) continue; // a false boolean flag is simply not passed
    else out.push(`--${name}`, assertSafeArg(field, value));
  }
  return out;
}

/**
 * Why one entry of generation.template_kwargs cannot go on an engine's command line (`field: refused: …`), or null.
 * validate applies it to every entry (submission-policy.ts), serve-cmd before it builds the argument.
 */
export function templateKwargProblem(key: string, value: unknown): string | null {
  const field = `generation.template_kwargs.${key}`;
  if (!/^[a-z_][a-z0-9_]{0,60}$/.test(key)) return `${field}: refused: key must be lowercase letters, digits and _`;
  if (typeof value === 'boolean') return null;
  try {
    assertSafeArg(field, value);
    return null;
  } catch (e) {
    if (e instanceof UnsafeServeError) return e.message;
    throw e;
  }
}

/** generation.template_kwargs as one JSON argument built from checked keys and values (null when empty). */
function templateKwargsJson(kwargs: Record<string, unknown>): string | null {
  const keys = Object.keys(kwargs).sort();
  if (keys.length === 0) return null;
  const safe: Record<string, string | number | boolean> = {};
  for (const k of keys) {
    const problem = templateKwargProblem(k, kwargs[k]);
    if (problem) throw new UnsafeServeError(problem);
    safe[k] = kwargs[k] as string | number | boolean;
  }
  return JSON.stringify(safe);
}

/**
 * The names serve-cmd's commands serve a submission's model under, whichever engine: the id (vLLM, SGLang,
 * llama.cpp), `<id>:latest` (Ollama, which lists every model pulled), the repository (TGI). What a run looks for on
 * an endpoint that lists several models (client/endpoints.ts, pickServedModel).
 */
export const servedNames = (sub: Pick<Submission, 'id' | 'hf'>): string[] => [sub.id, `${sub.id}:latest`, sub.hf.repo];

/** Why `host` cannot be the engine's --host (`--host: refused: …`), or null. serve-cmd checks its flag with it first. */
export const serveHostProblem = (host: string): string | null =>
  !/^[A-Za-z0-9.:-]{1,100}$/.test(host) || host.startsWith('-') ? `--host: refused: "${host}" is not a plain host name or address` : null;

/** Build the engine command for a validated submission. Throws UnsafeServeError when it must refuse. */
export function buildServeCommand(sub: Submission, opts: ServeOptions = {}): ServeCommand {
  const engine = opts.engine ?? sub.serving.engine;
  if (!ENGINES.includes(engine)) throw new UnsafeServeError(`serving.engine: serve-cmd builds commands for ${ENGINES.join(', ')} only`);
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 8000;
  const hostProblem = serveHostProblem(host);
  if (hostProblem) throw new UnsafeServeError(hostProblem);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UnsafeServeError(`--port: must be 1-65535`);
  const allowed = (opts.allowedArgs ?? loadAllowedEngineArgs())[engine] ?? [];
  const extra = engineArgs(engine, sub.serving.engine_args, allowed);
  const parts = ADAPTERS[engine].serve({
    repo: assertSafeArg('hf.repo', sub.hf.repo),
    revision: assertSafeArg('hf.revision', sub.hf.revision),
    id: assertSafeArg('id', sub.id),
    tp: assertSafeArg('serving.tensor_parallel_size', sub.serving.tensor_parallel_size),
    maxLen: assertSafeArg('serving.max_model_len', sub.serving.max_model_len),
    host,
    port,
    template: sub.chat_template.source === 'file' ? join(opts.root ?? '.', assertSafeArg('chat_template.path', sub.chat_template.path)) : null,
    // Checked for every engine (unsafe values are refused even where the engine has no flag for them).
    templateKwargs: templateKwargsJson(sub.generation.template_kwargs),
    ggufQuant: sub.serving.gguf_quant === undefined ? null : assertSafeArg('serving.gguf_quant', sub.serving.gguf_quant),
  });
  return { engine, argv: [...parts.argv, ...extra], then: parts.then, base_url: parts.base_url, served_model_name: parts.served_model_name };
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
