import { realpathSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, relative, isAbsolute } from 'node:path';
import { ENGINE_ARGS_FILE } from '../../src/lib/data-paths.ts';
import { secretKind } from '../../src/schema/secret-like.ts';
import { appendPath, formatPath, WINDOWS_RESERVED_NAME, type FieldError, type Submission } from '../../src/schema/index.ts';
import { textProblem } from '../../src/schema/text.ts';
import { MAX_DOCUMENT_BYTES } from '../../src/lib/io/parse-document.ts';
import { linkProblem } from '../io/links.ts';
import { readTemplateFile, TemplateFileError } from '../templates/load.ts';
import { TemplateRenderError } from '../templates/render.ts';
import { templateTrialProblem } from './template-trial.ts';
import { assertSafeArg, buildServeCommand, ENGINES, loadAllowedEngineArgs, RESERVED_ENGINE_FLAGS, SAFE_FLAG, templateKwargProblem, UnsafeServeError, type Engine } from '../engines/serve-command.ts';

/**
 * The one policy for submissions beyond their schema: every rule that serve-cmd, pr-report and run apply, as a
 * list of every problem (never only the first). `validate` reports them all; the other commands refuse a
 * submission with any of them.
 */

/** Variables the runner sets itself when it renders the chat template; a submission must not replace them. */
export const RESERVED_TEMPLATE_VARIABLES = ['messages', 'add_generation_prompt', 'bos_token', 'eos_token', 'tools', 'documents', 'date_string', 'strftime_now', 'raise_exception'];

/**
 * Names the template language itself defines (Jinja's globals, and @huggingface/jinja's true, false and none): a
 * template kwarg of that name broke every render of a run ("Variable already declared: range") that validate had
 * passed, and in Python's Jinja it hides range() or namespace() from the template.
 */
export const JINJA_GLOBALS = ['range', 'namespace', 'dict', 'cycler', 'joiner', 'lipsum', 'true', 'false', 'none'];

/**
 * Booleans of YAML 1.1 (PyYAML), text in YAML 1.2: `enable_thinking: no` reached the template as "no", which Jinja
 * takes as true, so thinking stayed on.
 */
const YAML11_BOOLEAN = /^(yes|no|on|off)$/i;

/** Host names of cloud metadata services (credentials for the machine that runs the probe live there). */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

function ipv4Parts(host: string): number[] | null {
  return isIP(host) === 4 ? host.split('.').map(Number) : null;
}

/** Why a base URL from a submission must not be used, or null. */
/**
 * The IPv4 address an IPv6 one carries in its last 32 bits and reaches: IPv4-mapped (::ffff:0:0/96), NAT64's
 * well-known prefix (64:ff9b::/96) or IPv4-compatible (::/96, but not ::1). The URL parser writes them in hex
 * (`[::ffff:a9fe:a9fe]` for 169.254.169.254), which a dotted pattern alone misses.
 */
function embeddedIpv4(v6: string): string | null {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(v6);
  const text = dotted ? v6.slice(0, dotted.index) + [0, 2].map((i) => ((Number(dotted[i + 1]) << 8) | Number(dotted[i + 2])).toString(16)).join(':') : v6;
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parts = (x: string | undefined) => (x ? x.split(':') : []);
  const groups = tail === undefined ? parts(head) : [...parts(head), ...Array(8 - parts(head).length - parts(tail).length).fill('0'), ...parts(tail)];
  if (groups.length !== 8) return null;
  const n = groups.map((g) => parseInt(g, 16));
  const prefix = n.slice(0, 6).join(':');
  // ::/96 also holds the loopback ::1 and the unspecified ::, which are no IPv4 address.
  const compatible = prefix === '0:0:0:0:0:0' && n[6] !== 0;
  if (prefix !== '0:0:0:0:0:65535' && prefix !== '100:65435:0:0:0:0' && !compatible) return null;
  return [n[6]! >> 8, n[6]! & 255, n[7]! >> 8, n[7]! & 255].join('.');
}

export function baseUrlProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (u.username || u.password) return 'must not contain credentials (user:password@): keys come from the operator\'s environment only';
  if (/[?#]/.test(raw)) return 'must not contain a query string or fragment';
  // A trailing dot names the same host (`metadata.google.internal.`).
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.+$/, '');
  if (METADATA_HOSTS.has(host)) return `"${host}" is a cloud metadata service, not a model endpoint`;
  const v4 = ipv4Parts(host);
  if (v4) {
    if (v4[0] === 169 && v4[1] === 254) return `${host} is a link-local address (cloud metadata services live there)`;
    if (v4[0] === 100 && v4[1] === 100 && v4[2] === 100 && v4[3] === 200) return `${host} is a cloud metadata address`;
    if (v4[0] === 0) return `${host} is not a routable address`;
  }
  if (isIP(host) === 6) {
    if (/^fe[89ab][0-9a-f]:/i.test(host)) return `${host} is a link-local address`;
    if (/^fd00:ec2::/i.test(host)) return `${host} is a cloud metadata address`;
    const v4inside = embeddedIpv4(host);
    if (v4inside) return baseUrlProblem(`http://${v4inside}/`);
  }
  return null;
}

/** Every string field of the submission with its path (`serving.base_urls[0]`). */
function* strings(v: unknown, path: string): Generator<[string, string]> {
  if (typeof v === 'string') yield [path, v];
  else if (Array.isArray(v)) for (let i = 0; i < v.length; i++) yield* strings(v[i], appendPath(path, i));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = appendPath(path, k);
      if (textProblem(k)) yield [p, k];
      yield* strings(x, p);
    }
  }
}

function engineArgErrors(sub: Submission, file: string): FieldError[] {
  const errors: FieldError[] = [];
  const engine = sub.serving.engine;
  if (!(ENGINES as readonly string[]).includes(engine)) return errors; // serve-cmd refuses other engines with its own message
  const allowed = loadAllowedEngineArgs()[engine as Engine];
  for (const [name, value] of Object.entries(sub.serving.engine_args)) {
    const field = `serving.engine_args.${name}`;
    if (!SAFE_FLAG.test(name)) errors.push({ file, field, message: 'refused: flag names must be lowercase like "max-num-seqs"' });
    else if (RESERVED_ENGINE_FLAGS[engine as Engine].includes(name)) errors.push({ file, field, message: `refused: serve-cmd sets --${name} itself from the submission` });
    else if (!allowed.includes(name)) errors.push({ file, field, message: `refused: --${name} is not on the ${engine} allowlist (${ENGINE_ARGS_FILE})${/trust-remote-code|plugin|middleware|worker-cls/.test(name) ? '; it would run code from the model repository or the submission' : ''}` });
    else if (typeof value !== 'boolean') {
      try {
        assertSafeArg(field, value);
      } catch (e) {
        if (!(e instanceof UnsafeServeError)) throw e;
        errors.push({ file, field, message: e.message.replace(`${field}: `, '') });
      }
    }
  }
  return errors;
}

function templatePathErrors(sub: Submission, file: string, root: string): FieldError[] {
  if (sub.chat_template.source !== 'file') return [];
  const field = 'chat_template.path';
  // Not even inside the repository: what a link points at can change under the check.
  const link = linkProblem(join(root, sub.chat_template.path), root);
  if (link) return [{ file, field, message: `"${sub.chat_template.path}"${link.startsWith('is ') ? ' ' : ': '}${link}` }];
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(join(root, sub.chat_template.path));
  } catch {
    // Here, not only in validate: serve-cmd printed --chat-template for a file that was not there, and exited 0. (A
    // link was refused above; anything else that is no file, a folder, the reader refuses below.)
    return [{ file, field, message: `"${sub.chat_template.path}" does not exist in the repository` }];
  }
  const rel = relative(realRoot, real);
  if (rel.startsWith('..') || isAbsolute(rel)) return [{ file, field, message: `"${sub.chat_template.path}" leads outside the repository (a symbolic link to ${real}); the template must be a file in the repository` }];
  return templateRenderErrors(sub, file, real);
}

/**
 * A template file from the submission is rendered as a run renders it, under the runner's limits (template-trial.ts):
 * a template that loops or recurses without bound, fails, marks no roles or slows down with the messages' length is
 * refused here, not first on the GPU runner.
 */
function templateRenderErrors(sub: Submission, file: string, real: string): FieldError[] {
  const field = 'chat_template.path';
  try {
    const source = `file:${sub.chat_template.source === 'file' ? sub.chat_template.path : ''}`;
    const tpl = readTemplateFile(real, source, MAX_DOCUMENT_BYTES);
    const problem = templateTrialProblem(tpl, sub);
    if (problem) return [{ file, field, message: problem }];
    return [];
  } catch (e) {
    if (e instanceof TemplateFileError) return [{ file, field, message: `the template file cannot be read: ${e.reason}` }];
    const msg = (e as Error).message;
    return [{ file, field, message: `cannot be rendered: ${e instanceof TemplateRenderError ? msg.replace(/^.*?: chat_template: /, '') : msg.split('\n')[0]}` }];
  }
}

/**
 * What serve-cmd refuses beyond the checks above (an engine adapter's own rules, e.g. llama.cpp and Ollama need
 * serving.gguf_quant): the command is built with the engine args and template kwargs, listed above, left out, so
 * each problem is named once. validate passed a GGUF engine without a quantisation that serve-cmd then refused.
 */
function serveCommandErrors(sub: Submission, file: string, root: string): FieldError[] {
  if (!(ENGINES as readonly string[]).includes(sub.serving.engine)) return [];
  try {
    buildServeCommand({ ...sub, serving: { ...sub.serving, engine_args: {} }, generation: { ...sub.generation, template_kwargs: {} } }, { root });
    return [];
  } catch (e) {
    if (!(e instanceof UnsafeServeError)) throw e;
    const m = /^([^:\s]+): (.*)$/s.exec(e.message);
    return [{ file, field: m ? m[1]! : 'serving', message: m ? m[2]! : e.message }];
  }
}

/** Every policy problem of a schema-valid submission. `root` is the repository root (template paths). */
export function submissionPolicyErrors(sub: Submission, file: string, root: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, s] of strings(sub, '')) {
    const problem = textProblem(s);
    if (problem) errors.push({ file, field, message: problem });
    // The message names the kind, never the value: it is printed and posted on the pull request.
    const secret = secretKind(s);
    if (secret) errors.push({ file, field, message: `looks like ${secret}: remove it from the submission (it would be published on the site and the pull request) and revoke the key if it is real` });
  }
  for (const [field, name] of [['id', sub.id], ['family', sub.family]] as const) {
    const stem = name.split('.')[0]!;
    if (WINDOWS_RESERVED_NAME.test(stem)) errors.push({ file, field, message: `"${name}" is a name Windows reserves for a device (${stem.toUpperCase()}); files named after it cannot be checked out there` });
  }
  errors.push(...engineArgErrors(sub, file));
  for (const [k, v] of Object.entries(sub.generation.template_kwargs)) {
    const field = `generation.template_kwargs.${k}`;
    // What serve-cmd would refuse on the engine's command line, every entry at once.
    const problem = templateKwargProblem(k, v);
    if (RESERVED_TEMPLATE_VARIABLES.includes(k)) errors.push({ file, field, message: `refused: the runner sets "${k}" itself when it renders the template` });
    else if (JINJA_GLOBALS.includes(k)) errors.push({ file, field, message: `refused: "${k}" is a name of the template language itself; a variable of that name would hide it from the template (or stop every render)` });
    else if (problem) errors.push({ file, field, message: problem.replace(`${field}: `, '') });
    else if (typeof v === 'string' && YAML11_BOOLEAN.test(v)) errors.push({ file, field, message: `is the text "${v}", not a boolean: YAML 1.2 (what userturn reads) takes yes/no/on/off as text, and a chat template takes such text as true; write ${/^(no|off)$/i.test(v) ? 'false' : 'true'}` });
  }
  sub.serving.base_urls.forEach((u, i) => {
    const why = baseUrlProblem(u);
    if (why) errors.push({ file, field: formatPath(['serving', 'base_urls', i]), message: why });
  });
  errors.push(...templatePathErrors(sub, file, root));
  if (sub.chat_template.source === 'hub' && sub.chat_template.file === 'gguf' && sub.serving.engine !== 'llamacpp' && sub.serving.engine !== 'ollama')
    errors.push({ file, field: 'chat_template.file', message: `gguf reads the template of the GGUF file llama.cpp or Ollama serve (serving.gguf_quant); ${sub.serving.engine} serves no GGUF file: leave file out, or set serving.engine to llamacpp or ollama` });
  // A field already named above is not named again for the first refusal serve-cmd meets on it.
  errors.push(...serveCommandErrors(sub, file, root).filter((e) => !errors.some((x) => x.field === e.field)));
  return errors;
}
