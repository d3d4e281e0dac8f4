import { z } from 'zod';
import { HfRepo, Revision, Slug } from './common.ts';

/** Version of the submission file format. */
export const SUBMISSION_FORMAT = 1;

/** Safe scalar for values that may end up as command-line arguments (no shell metacharacters, no spaces). */
const SafeArgValue = z.union([
  z.string().regex(/^[A-Za-z0-9._:\/=,+@-]{1,200}$/, 'must contain only letters, digits and . _ : / = , + @ -'),
  z.number().finite(),
  z.boolean(),
]);

/** A path inside this repository, relative to its root; never absolute and never escaping the repository. */
export const RepoRelativePath = z
  .string()
  .min(1)
  .max(300)
  .regex(/^[A-Za-z0-9._\/-]+$/, 'must contain only letters, digits and . _ / -')
  .refine((p) => !p.startsWith('/'), 'must be relative to the repository root, not absolute')
  .refine((p) => !p.split('/').some((seg) => seg === '..' || seg === '.' || seg === ''), 'must not escape the repository (no "..", "." or empty segments)')
  // `.git/config`, `.env` or an installed package's file are no template a contributor wrote (a review's passed).
  .refine((p) => !p.split('/').some((seg) => (seg.startsWith('.') && seg !== '.' && seg !== '..') || seg === 'node_modules'), 'must not name a hidden file or folder (a segment starting with ".") or node_modules');

export const ChatTemplateSource = z
  .discriminatedUnion('source', [
    z.strictObject({
      source: z.literal('hub').describe("Use the model repo's own chat_template.jinja or tokenizer_config.json at the pinned revision."),
      file: z
        .enum(['tokenizer_config.json', 'chat_template.jinja', 'gguf'])
        .optional()
        .describe(
          'Which hub file holds the template; default: try chat_template.jinja, then tokenizer_config.json, then (llamacpp, ollama) the GGUF file of serving.gguf_quant. gguf: the template in that GGUF file\'s metadata, as llama.cpp and Ollama use it.',
        ),
    }),
    z.strictObject({
      source: z.literal('file').describe('Use a Jinja template committed to this repository.'),
      path: RepoRelativePath.describe('Path of the .jinja file relative to the repository root.'),
    }),
  ])
  .describe('Where the chat template comes from. The template is rendered in a sandbox (@huggingface/jinja); it never executes code.');

export const Submission = z
  .strictObject({
    $schema: z.string().optional().describe('Optional editor hint; ignored.'),
    format: z.literal(SUBMISSION_FORMAT).default(SUBMISSION_FORMAT).describe('Submission format version.'),
    id: Slug.describe('Submission id; must equal the file name: submissions/<org>/<id>.yaml.'),
    display_name: z.string().min(1).max(80).describe('Name shown on the site, e.g. "Qwen3.5 9B".'),
    family: Slug.describe('Model family used to group failure profiles, e.g. "qwen3.5", "gpt-oss", "glm".'),
    hf: z
      .strictObject({
        repo: HfRepo.describe('Publisher Hugging Face repo id.'),
        revision: Revision.describe('The full 40-character commit sha in lower case, as the Hub shows it (pinned), or a branch or tag name such as "main" or "refs/pr/1" (the site marks it unpinned).'),
      })
      .describe('The model weights that are evaluated.'),
    params: z
      .strictObject({
        total_b: z.number().positive().max(100_000).describe('Total parameters, in billions.'),
        active_b: z.number().positive().max(100_000).describe('Active parameters per token, in billions (equal to total for dense models).'),
      })
      .refine((p) => p.active_b <= p.total_b, { message: 'active_b must not exceed total_b', path: ['active_b'] })
      .describe('Parameter counts.'),
    license: z.string().min(1).max(60).describe('SPDX id or the publisher licence name.'),
    chat_template: ChatTemplateSource.default({ source: 'hub' }),
    serving: z
      .strictObject({
        engine: z
          .enum(['vllm', 'sglang', 'tgi', 'llamacpp', 'ollama'])
          .default('vllm')
          .describe('Engine used to serve the model (docs/runner.md has a section per engine); llamacpp and ollama serve GGUF files and need gguf_quant.'),
        tensor_parallel_size: z.int().min(1).max(64).default(1).describe('GPUs per model replica.'),
        max_model_len: z.int().min(512).max(10_000_000).describe('Maximum context length to serve with.'),
        engine_args: z
          .record(z.string().regex(/^[a-z][a-z0-9-]{0,60}$/, 'engine argument names must be lowercase flag names like "max-num-seqs"'), SafeArgValue)
          .default({})
          .describe('Extra engine flags (name without leading dashes → value). Passed as separate arguments, never through a shell.'),
        gguf_quant: z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/, 'a quantisation name like "Q4_K_M"')
          .optional()
          .describe('llamacpp and ollama: the quantisation to serve from the GGUF repository in hf.repo, e.g. "Q4_K_M" (llama-server --hf-repo <repo>:<quant>; ollama pull hf.co/<repo>:<quant>).'),
        base_urls: z.array(z.url({ protocol: /^https?$/ })).default([]).describe('Default OpenAI-compatible base URLs (…/v1); overridden by --base-url.'),
      })
      .describe('Serving hints for maintainers.'),
    generation: z
      .strictObject({
        assistant_max_tokens: z
          .int()
          .min(16)
          .max(131_072)
          .optional()
          .describe('Override of the suite assistant-turn budget; needs assistant_max_tokens_reason, which the site shows next to the result.'),
        assistant_max_tokens_reason: z
          .string()
          .trim()
          .min(10)
          .max(500)
          .optional()
          .describe('Why this model needs a budget other than the suite\'s (e.g. "reasons for up to 30k tokens on GSM8K"); required with assistant_max_tokens.'),
        template_kwargs: z
          .record(z.string().regex(/^[a-z_][a-z0-9_]{0,60}$/), z.union([z.string().max(200), z.number().finite(), z.boolean()]))
          .default({})
          .describe('Extra variables passed to the chat template, e.g. {enable_thinking: false}.'),
      })
      .superRefine((g, ctx) => {
        if (g.assistant_max_tokens !== undefined && g.assistant_max_tokens_reason === undefined)
          ctx.addIssue({ code: 'custom', message: 'assistant_max_tokens overrides the suite budget: say why in assistant_max_tokens_reason (shown on the site)', path: ['assistant_max_tokens_reason'] });
        if (g.assistant_max_tokens === undefined && g.assistant_max_tokens_reason !== undefined)
          ctx.addIssue({ code: 'custom', message: 'assistant_max_tokens_reason is given without assistant_max_tokens', path: ['assistant_max_tokens'] });
      })
      .default({ template_kwargs: {} })
      .describe('Generation limits and template variables.'),
    reasoning: z
      .strictObject({
        mode: z
          .enum(['none', 'think_tags', 'harmony'])
          .describe('How reasoning appears: none; <think>…</think> blocks (stripped); gpt-oss harmony channels (only `final` is kept).'),
      })
      .default({ mode: 'none' })
      .describe('Reasoning mode; reasoning content never enters the user-turn context.'),
    submitter: z
      .strictObject({
        github: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, 'must be a GitHub user name').describe('GitHub handle of the submitter.'),
        name: z.string().max(100).optional().describe('Display name.'),
      })
      .describe('Who submitted the config.'),
    notes: z.string().max(2000).optional().describe('Free text shown on the model page (rendered as text, never HTML).'),
  })
  .describe('A model submission for the userturn leaderboard: submissions/<org>/<id>.yaml');

export type Submission = z.infer<typeof Submission>;
export type SubmissionInput = z.input<typeof Submission>;
