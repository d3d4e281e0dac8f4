import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { formatFieldError, LABELS, Label, parseWith, type ShortenedField } from '../../../src/schema/index.ts';
import { shownValue } from '../../../src/schema/shown-value.ts';
import { ConfigError } from '../../core/errors.ts';
import { labelDefinitions } from '../../../src/lib/taxonomy.ts';
import { taxonomyFile } from '../../../src/lib/data-paths.ts';
import { benchmarkPath } from '../../core/defaults.ts';
import { shortenField, type FieldLimit } from './shorten.ts';

/** judge-v1's limit and cut (its file predates `field_limit`): kept so judge-v1 requests do not change. */
const V1_FIELD_LIMIT: FieldLimit = { max_chars: 6000, mode: 'head', marker: '[…truncated: {n} more characters]' };

/** A judge prompt file (runners/judge/prompts/<version>.yaml): instructions, rules and examples as data. */
export const JudgePromptFile = z
  .strictObject({
    version: z.string().regex(/^judge-v\d+$/),
    taxonomy_version: z.int().positive(),
    system: z.string().min(1),
    user_template: z.string().includes('{{item_json}}'),
    output_order: z
      .enum(['label_first', 'rationale_first'])
      .default('label_first')
      .describe('Key order of the structured answer; rationale_first makes the judge reason before it labels.'),
    field_limit: z
      .strictObject({
        max_chars: z.int().min(200).max(200_000),
        mode: z.enum(['head', 'middle']),
        marker: z.string().includes('{n}'),
      })
      .default(V1_FIELD_LIMIT)
      .describe('How long fields are shortened before the judge sees them; recorded on the verdict.'),
    rules: z
      .array(z.strictObject({ id: z.string().regex(/^[a-z][a-z0-9_]*$/), text: z.string().min(1) }))
      .optional()
      .describe('Decision rules rendered at {{rules}}, one bullet each; ids let other judges cite the same rule.'),
    labels: z
      .strictObject(Object.fromEntries(LABELS.map((l) => [l, z.string().min(1)])) as Record<Label, z.ZodString>)
      .optional()
      .describe('Frozen definitions of a prompt older than the taxonomy file (judge-v1 only); absent: the taxonomy file of taxonomy_version.'),
    examples: z
      .array(
        z.strictObject({
          case: z.string().optional().describe('Which hard case the example covers (think_tags, harmony_channel, …).'),
          question: z.string(),
          response: z.string(),
          user_turn: z.string(),
          label: Label,
          rationale: z.string(),
        }),
      )
      .min(LABELS.length),
  })
  .superRefine((p, ctx) => {
    for (const ph of ['{{labels}}', '{{examples}}']) if (!p.system.includes(ph)) ctx.addIssue({ code: 'custom', path: ['system'], message: `must contain ${ph}` });
    if (p.rules && !p.system.includes('{{rules}}')) ctx.addIssue({ code: 'custom', path: ['system'], message: 'rules are given but the system text has no {{rules}}' });
    if (!p.rules && p.system.includes('{{rules}}')) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'the system text has {{rules}} but no rules are given' });
    const ids = new Set<string>();
    for (const [i, r] of (p.rules ?? []).entries()) {
      if (ids.has(r.id)) ctx.addIssue({ code: 'custom', path: ['rules', i, 'id'], message: `duplicate rule id "${r.id}"` });
      ids.add(r.id);
    }
  });
/** A loaded judge prompt: its file, with the label definitions always present. */
export type JudgePromptFile = z.infer<typeof JudgePromptFile> & { labels: Record<Label, string> };

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const promptsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'prompts');

/** The prompt versions there are files for, in order (judge-v1, judge-v2, …). */
export function judgePromptVersions(): string[] {
  return readdirSync(promptsDir)
    .map((f) => /^(judge-v(\d+))\.yaml$/.exec(f))
    .filter((m) => m !== null)
    .sort((a, b) => Number(a[2]) - Number(b[2]))
    .map((m) => m[1]!);
}

export function loadJudgePrompt(version: string): JudgePromptFile {
  if (!/^judge-v\d+$/.test(version)) throw new ConfigError(`unknown judge prompt version ${shownValue(version, [])}`);
  const path = join(promptsDir, `${version}.yaml`);
  if (!existsSync(path)) throw new ConfigError(`unknown judge prompt version "${version}": no file ${path}`);
  const r = parseWith(JudgePromptFile, parse(readFileSync(path, 'utf8')), path);
  if (!r.ok) throw new ConfigError(r.errors.map(formatFieldError).join('\n'));
  if (r.value.version !== version) throw new ConfigError(formatFieldError({ file: path, field: 'version', message: `says ${shownValue(r.value.version, ['version'])}, expected "${version}"` }));
  return { ...r.value, labels: r.value.labels ?? taxonomyDefinitions(r.value.taxonomy_version) };
}

/** The label definitions of a taxonomy version, from benchmark/taxonomy/ (or USERTURN_BENCHMARK_DIR). */
function taxonomyDefinitions(version: number): Record<Label, string> {
  const file = taxonomyFile(version);
  let data: unknown;
  try {
    data = parse(readFileSync(benchmarkPath(file), 'utf8'));
  } catch (e) {
    throw new Error(`${file}: (root): ${(e as Error).message.split('\n')[0]}`);
  }
  return labelDefinitions(data, file, version);
}

/** An example's answer in the prompt's output order, so the examples show the order the schema asks for. */
function exampleAnswer(p: JudgePromptFile, e: JudgePromptFile['examples'][number]): string {
  return p.output_order === 'rationale_first' ? JSON.stringify({ rationale: e.rationale, label: e.label }) : JSON.stringify({ label: e.label, rationale: e.rationale });
}

/** The system message: definitions, rules and examples; the same for every item. */
export function renderJudgeSystem(p: JudgePromptFile): string {
  const labels = LABELS.map((l) => `- ${l}: ${p.labels[l]}`).join('\n');
  const rules = (p.rules ?? []).map((r) => `- ${r.text.trim()}`).join('\n');
  const examples = p.examples
    .map((e) => `${JSON.stringify({ question: e.question, assistant_answer: e.response, user_turn: e.user_turn })}\n→ ${exampleAnswer(p, e)}`)
    .join('\n\n');
  // Function replacers: a replacement string would read `$$`, `$&`, `$'` and `` $` `` in the texts as patterns.
  return p.system.replace('{{labels}}', () => labels).replace('{{rules}}', () => rules).replace('{{examples}}', () => examples);
}

export interface RenderedJudgeRequest {
  messages: ChatMessage[];
  /** Fields shortened to the prompt's field_limit, in field order; empty when none was. */
  shortened: ShortenedField[];
}

/** The two messages sent to the judge (system prompt, then the item as JSON data) and what was shortened. */
export function renderJudgeRequest(p: JudgePromptFile, item: { question: string; response: string; user_turn: string }): RenderedJudgeRequest {
  const shortened: ShortenedField[] = [];
  const fit = (field: ShortenedField['field'], text: string): string => {
    const r = shortenField(field, text, p.field_limit);
    if (r.record) shortened.push(r.record);
    return r.text;
  };
  const itemJson = JSON.stringify({ question: fit('question', item.question), assistant_answer: fit('response', item.response), user_turn: fit('user_turn', item.user_turn) }, null, 1);
  return {
    messages: [
      { role: 'system', content: renderJudgeSystem(p) },
      { role: 'user', content: p.user_template.replace('{{item_json}}', () => itemJson) },
    ],
    shortened,
  };
}

/** The messages alone (see renderJudgeRequest). */
export function buildJudgeMessages(p: JudgePromptFile, item: { question: string; response: string; user_turn: string }): ChatMessage[] {
  return renderJudgeRequest(p, item).messages;
}
