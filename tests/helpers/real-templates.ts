import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * The folder of real chat templates (../shared/templates, see its README): USERTURN_TEMPLATES_DIR, else next to
 * USERTURN_DATA_DIR, else ../shared/templates beside the project; null when none exists (tests then skip).
 */
export function realTemplatesDir(): string | null {
  const candidates = [
    process.env.USERTURN_TEMPLATES_DIR,
    process.env.USERTURN_DATA_DIR ? join(dirname(process.env.USERTURN_DATA_DIR), 'templates') : undefined,
    join(root, '..', 'shared', 'templates'),
  ];
  for (const c of candidates) if (c && existsSync(join(c, 'qwen3.5.jinja'))) return c;
  return null;
}

export const SKIP_REAL_TEMPLATES = 'the real chat templates (../shared/templates or USERTURN_TEMPLATES_DIR) are absent';

/** The GLM-4-style fixture written for the tests (no published GLM-4.5 template is available). */
export const glmFixture = join(root, 'tests', 'fixtures', 'templates', 'glm4-style.jinja');

/**
 * A template file the runner can load with its special tokens: a tokenizer_config.json written to a temp folder
 * from a real .jinja and the tokens its README gives (Qwen3.5: eos <|im_end|>; gpt-oss: gpt-oss.tokens.json).
 */
export function realTemplateConfig(name: 'qwen3.5' | 'gpt-oss'): string | null {
  const dir = realTemplatesDir();
  if (!dir) return null;
  const template = readFileSync(join(dir, `${name}.jinja`), 'utf8');
  const tokens = name === 'gpt-oss' ? (JSON.parse(readFileSync(join(dir, 'gpt-oss.tokens.json'), 'utf8')) as Record<string, string>) : { eos_token: '<|im_end|>' };
  const out = join(mkdtempSync(join(tmpdir(), 'ut-tpl-')), 'tokenizer_config.json');
  writeFileSync(out, JSON.stringify({ chat_template: template, ...tokens }));
  return out;
}
