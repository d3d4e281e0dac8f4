import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Submission } from '../../src/schema/index.ts';
import type { EndTokenRules } from '../engines/types.ts';
import { MAX_TEXT_FILE_BYTES } from '../hub/file-cap.ts';
import { NOT_UTF8, strictUtf8 } from '../io/utf8-text.ts';
import type { HubFileRead } from '../hub/hub-file.ts';
import { endTokensOf, tokenText } from './end-tokens.ts';
import type { ChatTemplate } from './render.ts';

export interface TemplateLoadOptions {
  /** Repository root: `source: file` paths are relative to it. */
  root: string;
  /** A .jinja or tokenizer_config.json file that overrides the submission's template (tests, demo). */
  overridePath?: string;
  /** The Hugging Face cache folder; default HF_HUB_CACHE, HF_HOME/hub or ~/.cache/huggingface/hub (runners/hub). */
  cacheDir?: string;
  /** Injected for tests; defaults to global fetch. */
  fetchImpl?: typeof fetch;
  /**
   * Also read the Hub's config.json and generation_config.json (at the template's commit; absent is fine) for the
   * end-of-sequence tokens they name, as the engine's rules take them: for an engine that checks the budget before
   * them (probe/read-reply.ts), none other. Absent: not read.
   */
  endTokens?: EndTokenRules;
}

export interface LoadedTemplate {
  template: ChatTemplate;
  /** Of the template, its special tokens and endTokens when there are any: provenance's template_sha256. */
  sha256: string;
  /** config.json's and generation_config.json's end-of-sequence tokens as text (end-tokens.ts); [] when not read, absent or unmapped. */
  endTokens: readonly string[];
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Parse a tokenizer_config.json (string template, or a list of named templates: "default" wins). */
export function templateFromTokenizerConfig(text: string, source: string, bare?: string): ChatTemplate {
  let cfg: Record<string, unknown>;
  try {
    cfg = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`${source}: not a tokenizer_config.json (invalid JSON: ${(e as Error).message})`);
  }
  if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg)) throw new Error(`${source}: not a tokenizer_config.json (not a JSON object)`);
  let tpl: unknown = bare ?? cfg.chat_template;
  if (Array.isArray(tpl)) tpl = (tpl.find((t: unknown) => !!t && typeof t === 'object' && (t as { name?: unknown }).name === 'default') as { template?: unknown } | undefined)?.template;
  if (typeof tpl !== 'string' || tpl === '') throw new Error(`${source}: no chat_template found`);
  return { source, template: tpl, bos_token: tokenText(cfg.bos_token), eos_token: tokenText(cfg.eos_token) };
}

/** A template file that cannot be read: `reason` without the path (validate names the file itself). */
export class TemplateFileError extends Error {
  readonly reason: string;
  constructor(what: string, reason: string) {
    super(`${what}: ${reason}`);
    this.reason = reason;
  }
}

/**
 * Read a local template: a tokenizer_config.json (template + tokens) or a bare .jinja file (no special tokens). A
 * regular file of at most `maxBytes` (for a run's --template the Hub's cap, file-cap.ts: any file the Hub may serve can
 * be given here; validate asks a submission's file for 1 MiB, its limit for every document). Throws `source: cannot
 * read path: reason` (or the config's own error).
 */
export function readTemplateFile(path: string, source: string, maxBytes = MAX_TEXT_FILE_BYTES): ChatTemplate {
  // A review's --template /tmp answered EISDIR without the path, and /dev/zero was read until V8's string limit.
  let bytes: Buffer;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error('not a regular file');
    if (st.size > maxBytes) throw new Error(`${st.size} bytes; a chat template file may have ${maxBytes} (${maxBytes / 2 ** 20} MiB)`);
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new TemplateFileError(`${source}: cannot read ${path}`, code === 'ENOENT' ? 'no such file' : code ?? (e as Error).message);
  }
  const text = strictUtf8(bytes);
  if (text === null) throw new TemplateFileError(`${source}: cannot read ${path}`, NOT_UTF8);
  if (path.endsWith('.json')) return templateFromTokenizerConfig(text, source);
  return { source, template: text, bos_token: null, eos_token: null };
}

/** readTemplateFile for the run's set-up. */
export const loadTemplateFile = async (path: string, source: string): Promise<ChatTemplate> => readTemplateFile(path, source);

/** What a template the Hub cannot give is answered with. */
const PASS_TEMPLATE = 'Pass --template FILE (a .jinja or tokenizer_config.json)';

/**
 * Loaded at the first Hub file: @huggingface/hub (with its hashing and WebAssembly chunker) is 20-25 ms of start-up
 * CPU and 2 MB of live heap, which a run with --template or a stored result never needs (issue 16).
 */
const hubFile = async (repo: string, revision: string, file: string, opts: TemplateLoadOptions, optional = false): Promise<HubFileRead> => {
  const { readHubFileAt } = await import('../hub/hub-file.ts');
  return readHubFileAt({ repo, revision, file, optional, alternative: PASS_TEMPLATE }, { cacheDir: opts.cacheDir, fetch: opts.fetchImpl });
};

/** The GGUF engines' own template: the one in the GGUF file's metadata (runners/hub/gguf-template.ts), loaded as hubFile is. */
const ggufTemplate = async (sub: Submission, quant: string, opts: TemplateLoadOptions, revision = sub.hf.revision): Promise<ChatTemplate> => {
  const { readGgufTemplate } = await import('../hub/gguf-template.ts');
  const { repo } = sub.hf;
  const t = await readGgufTemplate({ repo, revision, quant, alternative: PASS_TEMPLATE }, { cacheDir: opts.cacheDir, fetch: opts.fetchImpl });
  // The commit it was read at, as for the repository's files; the revision only when the Hub's answer named none.
  return { source: `hub:${repo}@${t.commit ?? revision}/${t.file}`, template: t.template, bos_token: t.bos_token, eos_token: t.eos_token };
};

/** serving.gguf_quant of a submission served from a GGUF file (llama.cpp, Ollama), else undefined. */
const ggufQuant = (sub: Submission): string | undefined => (sub.serving.engine === 'llamacpp' || sub.serving.engine === 'ollama' ? sub.serving.gguf_quant : undefined);

/**
 * The chat template of a submission: override file, repository file, or the hub at the pinned revision. For a GGUF
 * engine the hub's template is also the GGUF file's own (`file: gguf`, or when the repository has neither file).
 */
export async function loadSubmissionTemplate(sub: Submission, opts: TemplateLoadOptions): Promise<LoadedTemplate> {
  let template: ChatTemplate;
  let endTokens: string[] = [];
  if (opts.overridePath) {
    template = await loadTemplateFile(resolve(opts.overridePath), `override:${opts.overridePath.split('/').pop()}`);
  } else if (sub.chat_template.source === 'file') {
    template = await loadTemplateFile(join(opts.root, sub.chat_template.path), `file:${sub.chat_template.path}`);
  } else {
    const { repo, revision } = sub.hf;
    const want = sub.chat_template.file;
    const quant = ggufQuant(sub);
    if (want === 'gguf') {
      // validate refuses it without a GGUF engine and quantisation; a run checks again (the file may not be validated).
      if (quant === undefined) throw new Error(`chat_template.file: gguf reads the GGUF file of serving.gguf_quant, and ${sub.id} has no GGUF engine (llamacpp, ollama) with a gguf_quant`);
      template = await ggufTemplate(sub, quant, opts);
    } else {
      const first = await hubFile(repo, revision, 'tokenizer_config.json', opts);
      const config = first.text;
      // The branch is resolved once: the other files are read at the commit the first came from, so a branch moving
      // on between two requests cannot give a template and tokens that never were on the Hub together.
      const at = first.commit ?? revision;
      const jinja = want === 'tokenizer_config.json' ? null : (await hubFile(repo, at, 'chat_template.jinja', opts, config !== null)).text;
      const src = `hub:${repo}@${at}/${jinja !== null ? 'chat_template.jinja' : 'tokenizer_config.json'}`;
      if (config === null && jinja === null) {
        if (want !== undefined || quant === undefined) throw new Error(`hub:${repo}@${at}: neither chat_template.jinja nor tokenizer_config.json exists`);
        template = await ggufTemplate(sub, quant, opts, at);
      } else template = config !== null ? templateFromTokenizerConfig(config, src, jinja ?? undefined) : { source: src, template: jinja!, bos_token: null, eos_token: null };
      // Its ids are spelled through tokenizer_config.json's added tokens: without that file there is nothing to read.
      if (opts.endTokens && config !== null) {
        const read: { text: string; source: string }[] = [];
        for (const file of ['config.json', 'generation_config.json']) {
          const text = (await hubFile(repo, at, file, opts, true)).text;
          if (text !== null) read.push({ text, source: `hub:${repo}@${at}/${file}` });
        }
        endTokens = endTokensOf(read, config, opts.endTokens);
      }
    }
  }
  // As the eos_token, the end tokens count in the hash; a template without any keeps the hash it always had.
  const hashed = [template.template, template.bos_token, template.eos_token, ...(endTokens.length > 0 ? [endTokens] : [])];
  return { template, sha256: sha256(JSON.stringify(hashed)), endTokens };
}
