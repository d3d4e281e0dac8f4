import { z } from 'zod';
import { formatFieldError, parseWith, type FieldError } from '../../../src/schema/index.ts';
import { loadDocument } from '../../io/load-document.ts';
import { ConfigError } from '../../core/errors.ts';

/**
 * An LLM judge config file (YAML). The API key never goes into the file: `api_key_env` names the environment
 * variable that holds it (null for local servers that need no key).
 */
export const JudgeConfig = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9._:\/-]{1,120}$/)
    .optional()
    .describe('Judge id stamped on verdicts; default "llm:<model>:<prompt_version>".'),
  base_url: z.url({ protocol: /^https?$/ }).describe('OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1.'),
  model: z.string().min(1).max(200).describe('Judge model name as the endpoint knows it.'),
  api_key_env: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be the NAME of an environment variable (e.g. OPENAI_API_KEY), not a key')
    .nullable()
    .default(null)
    .describe('Name of the environment variable holding the API key; null for servers without auth.'),
  prompt_version: z.string().regex(/^judge-v\d+$/).default('judge-v2').describe('Judge prompt file runners/judge/prompts/<version>.yaml (judge-v1 stays selectable).'),
  temperature: z.number().min(0).max(2).default(0),
  max_tokens: z.int().min(16).max(8192).default(400),
  timeout_ms: z.int().min(100).max(600_000).default(60_000).describe('Per-attempt timeout.'),
  retries: z.int().min(0).max(10).default(2).describe('Extra attempts after a failed one (timeouts, 429/5xx, unparseable or out-of-taxonomy output).'),
  backoff_ms: z.int().min(0).max(60_000).default(500).describe('Base of the exponential backoff between attempts.'),
});
export type JudgeConfig = z.infer<typeof JudgeConfig>;

const KEYLIKE = new Set(['api_key', 'apikey', 'key', 'token', 'secret', 'authorization', 'password']);

export type ConfigResult = { ok: true; config: JudgeConfig } | { ok: false; errors: FieldError[] };

/** Validate parsed config data; a key written into the file gets its own message (it must never be stored). */
export function parseJudgeConfig(data: unknown, file: string): ConfigResult {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const secrets = Object.keys(data).filter((k) => KEYLIKE.has(k.toLowerCase()));
    if (secrets.length > 0) {
      return {
        ok: false,
        errors: secrets.map((k) => ({ file, field: k, message: 'secrets are not allowed in judge configs: put the key in an environment variable and name it in api_key_env' })),
      };
    }
  }
  const r = parseWith(JudgeConfig, data, file);
  return r.ok ? { ok: true, config: r.value } : { ok: false, errors: r.errors };
}

export async function loadJudgeConfig(path: string): Promise<ConfigResult> {
  const doc = await loadDocument(path);
  if (!doc.ok) return { ok: false, errors: [{ file: path, field: '(file)', message: doc.message }] };
  return parseJudgeConfig(doc.data, path);
}

/** Thrown by createJudgePanel for an invalid config: the message lists every `file: field: message`. */
export class JudgeConfigError extends ConfigError {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(errors.map(formatFieldError).join('\n'));
    this.errors = errors;
  }
}
