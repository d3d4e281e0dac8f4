import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { LABELS, Label } from '../../../src/schema/index.ts';

/** A judge prompt file (runners/judge/prompts/<version>.yaml): the taxonomy definitions and examples as data. */
export const JudgePromptFile = z.strictObject({
  version: z.string().regex(/^judge-v\d+$/),
  taxonomy_version: z.int().positive(),
  system: z.string().min(1),
  user_template: z.string().includes('{{item_json}}'),
  labels: z.strictObject(Object.fromEntries(LABELS.map((l) => [l, z.string().min(1)])) as Record<Label, z.ZodString>),
  examples: z
    .array(
      z.strictObject({
        question: z.string(),
        response: z.string(),
        user_turn: z.string(),
        label: Label,
        rationale: z.string(),
      }),
    )
    .min(LABELS.length),
});
export type JudgePromptFile = z.infer<typeof JudgePromptFile>;

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** Inputs longer than this are cut (marked) so a runaway generation cannot blow the judge's context. */
export const MAX_FIELD_CHARS = 6000;

const promptsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'prompts');

export function loadJudgePrompt(version: string): JudgePromptFile {
  if (!/^judge-v\d+$/.test(version)) throw new Error(`unknown judge prompt version "${version}"`);
  const path = join(promptsDir, `${version}.yaml`);
  const r = JudgePromptFile.safeParse(parse(readFileSync(path, 'utf8')));
  if (!r.success) throw new Error(`${path}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  if (r.data.version !== version) throw new Error(`${path}: version: says "${r.data.version}", expected "${version}"`);
  return r.data;
}

function cut(s: string): string {
  return s.length <= MAX_FIELD_CHARS ? s : `${s.slice(0, MAX_FIELD_CHARS)} […truncated: ${s.length - MAX_FIELD_CHARS} more characters]`;
}

/** The two messages sent to the judge: the system prompt (definitions + examples) and the item as JSON data. */
export function buildJudgeMessages(p: JudgePromptFile, item: { question: string; response: string; user_turn: string }): ChatMessage[] {
  const labels = LABELS.map((l) => `- ${l}: ${p.labels[l]}`).join('\n');
  const examples = p.examples
    .map((e) => `${JSON.stringify({ question: e.question, assistant_answer: e.response, user_turn: e.user_turn })}\n→ ${JSON.stringify({ label: e.label, rationale: e.rationale })}`)
    .join('\n\n');
  // Function replacers: a replacement string would read `$$`, `$&`, `$'` and `` $` `` in the texts as patterns.
  const system = p.system.replace('{{labels}}', () => labels).replace('{{examples}}', () => examples);
  const itemJson = JSON.stringify({ question: cut(item.question), assistant_answer: cut(item.response), user_turn: cut(item.user_turn) }, null, 1);
  return [
    { role: 'system', content: system },
    { role: 'user', content: p.user_template.replace('{{item_json}}', () => itemJson) },
  ];
}
