import { createHash } from 'node:crypto';
import { TemplateRenderError } from '../templates/render.ts';
import { readFile } from 'node:fs/promises';
import { DatasetId, Submission, Suite, formatFieldError, parseWith, type DatasetSpec } from '../../src/schema/index.ts';
import { loadDataset, selectItems } from '../datasets/load.ts';
import { shardOf } from '../datasets/subset.ts';
import { ADAPTERS, ENGINES } from '../engines/behaviour.ts';
import { textSpecialTokens } from '../engines/special-tokens.ts';
import { streamsAnswers } from '../client/stream-mode.ts';
import { loadDocument } from '../io/load-document.ts';
import { loadSubmissionTemplate } from '../templates/load.ts';
import { preparePromptBuilder, type StopsSource } from '../templates/prompts.ts';
import type { PlannedDataset } from '../core/plan.ts';
import type { ProbeSetup } from './types.ts';
import { InputError, UsageError } from '../core/errors.ts';

/** Bad input (submission, suite, template, data): reported with its file, exit code 1 (2 for usage). */
export class SetupError extends InputError {}

export interface SetupOptions {
  root: string;
  submissionPath: string;
  suitePath: string;
  dataDir?: string;
  cacheDir: string;
  templateOverride?: string;
  limit: number | null;
  datasets: DatasetId[] | null;
  shard: { index: number; count: number } | null;
  /** Whether answers are asked for streamed (default: where the engine streams, unless USERTURN_STREAM=0). */
  stream?: boolean;
  /** The template's stops when an earlier run kept them (templates/cached-stops.ts); default: derived. */
  stopsFrom?: StopsSource;
  warn(message: string): void;
}

async function parseFile<S extends typeof Submission | typeof Suite>(schema: S, path: string): Promise<{ value: S['_output']; text: string }> {
  const loaded = await loadDocument(path);
  if (!loaded.ok) throw new SetupError(`${path}: (file): ${loaded.message}`);
  const r = parseWith(schema, loaded.data, path);
  if (!r.ok) throw new SetupError(r.errors.map(formatFieldError).join('\n'));
  return { value: r.value as S['_output'], text: loaded.text };
}

/** Which datasets a run covers: --datasets, else the suite's enabled ones. */
function chosenSpecs(suite: Suite, wanted: DatasetId[] | null): DatasetSpec[] {
  if (!wanted) return suite.datasets.filter((d) => d.enabled);
  return wanted.map((id) => {
    const spec = suite.datasets.find((d) => d.id === id);
    // A flag's value that cannot be right: a usage error (exit 2), as `--datasets ,` is, though only the suite knows.
    if (!spec) throw new UsageError(`--datasets: "${id}" is not a dataset of suite ${suite.id} v${suite.version} (it has ${suite.datasets.map((d) => d.id).join(', ')})`);
    return spec;
  });
}

/** Resolve everything a run needs before the first request: suite, submission, template, items. */
export async function prepareSetup(opts: SetupOptions): Promise<ProbeSetup> {
  const suite = (await parseFile(Suite, opts.suitePath)).value;
  const sub = await parseFile(Submission, opts.submissionPath);
  const submission = sub.value;
  const submissionSha256 = createHash('sha256').update(await readFile(opts.submissionPath)).digest('hex');
  const engine = ENGINES[submission.serving.engine];
  // What the text holds of special tokens is decided per mode, from the mode the client will ask in: TGI streams
  // them whole and drops them from a non-streamed answer (runners/engines/tgi.ts). One fact per engine
  // ('never') was right for TGI's non-streamed answers only, while the runner streams by default.
  const streamed = opts.stream ?? streamsAnswers(engine.streams);
  const special = textSpecialTokens(engine, streamed);
  const endedAtBudget = special === 'kept' && engine.budgetBeforeStop;
  // Before the template: a --datasets the suite lacks is told at once, not after a Hub fetch (or its failure).
  const specs = chosenSpecs(suite, opts.datasets);
  let template;
  try {
    // Hub files: the HF cache. The at-budget reading alone needs config.json's and generation_config.json's end tokens.
    template = await loadSubmissionTemplate(submission, { root: opts.root, overridePath: opts.templateOverride, endTokens: endedAtBudget ? engine.endTokenRules : undefined });
  } catch (e) {
    throw new SetupError(`chat template: ${(e as Error).message}`);
  }
  let builder;
  try {
    builder = await preparePromptBuilder(template.template, {
      sentinel: suite.user_turn.sentinel,
      stopAtRoleHeader: suite.user_turn.stop_at_role_header,
      kwargs: submission.generation.template_kwargs,
      stripBos: true,
      reasoning: submission.reasoning.mode,
    }, opts.stopsFrom);
  } catch (e) {
    // A template that renders but cannot be used (no sentinel echo) is bad input, not a bug.
    if (e instanceof TemplateRenderError) throw e;
    throw new SetupError(`${template.template.source}: chat_template: ${(e as Error).message}`);
  }
  const datasets: PlannedDataset[] = [];
  const differs: string[] = [];
  for (const spec of specs) {
    let loaded;
    try {
      loaded = await loadDataset(spec, { dataDir: opts.dataDir, cacheDir: opts.cacheDir });
    } catch (e) {
      throw new SetupError(`dataset ${spec.id}: ${(e as Error).message}`);
    }
    const items = shardOf(selectItems(spec, loaded.items, opts.limit), opts.shard);
    datasets.push({ spec, items, files: loaded.files });
    differs.push(...loaded.differs);
  }
  // One line for them all: the project's fixtures (a few items of each dataset) differ in every file.
  if (differs.length > 0)
    opts.warn(`${opts.dataDir}: ${differs.length} dataset file(s) differ from the suite's pinned checksums (${differs.join(', ')}): the local copies are used, and provenance records their own checksums`);
  const mode = submission.reasoning.mode;
  const override = submission.generation.assistant_max_tokens;
  const byMode = suite.assistant_turn.max_tokens_by_reasoning?.[mode];
  const assistantBudget =
    override !== undefined
      ? { max_tokens: override, source: 'submission' as const, reasoning_mode: mode, reason: submission.generation.assistant_max_tokens_reason ?? null }
      : byMode !== undefined
        ? { max_tokens: byMode, source: 'suite_reasoning_mode' as const, reasoning_mode: mode, reason: null }
        : { max_tokens: suite.assistant_turn.max_tokens, source: 'suite' as const, reasoning_mode: mode, reason: null };
  const cutAtStops = suite.user_turn.cut_at_stops === true;
  // What no request field can fix (docs/runner.md, "Stops per engine").
  if (special === 'server_flag')
    opts.warn('llama.cpp returns special tokens only when the server runs with --special: without it, stops on special tokens (e.g. GLM\'s <|assistant|>) can neither match nor be cut by the runner');
  if (special === 'dropped' && engine.stopsMatch === 'returned_text')
    opts.warn(`${ADAPTERS[engine.id].label} returns text without special tokens and matches stops on that text: stops on special tokens (e.g. GLM's <|assistant|>) can neither match nor be cut by the runner`);
  if (special === 'dropped' && mode === 'harmony' && !engine.alwaysRendered.includes('<|channel|>'))
    opts.warn(`${ADAPTERS[engine.id].label} returns text without special tokens${engine.specialTokensInText === 'when_streamed' ? ' when not streamed (USERTURN_STREAM=0)' : ''}: gpt-oss channel markers are lost, so the analysis channel cannot be told from the final answer`);
  return {
    suite,
    submission,
    submissionSha256,
    template,
    builder,
    datasets,
    extraBody: engine.extraBody,
    engine,
    assistantMaxTokens: assistantBudget.max_tokens,
    assistantBudget,
    cutAtStops,
    streamed,
    stopRemnants: cutAtStops && special === 'dropped' && !engine.trimsStop,
    stopTokenKept: special === 'kept' && !engine.trimsStop,
    endedAtBudget,
    shard: opts.shard,
  };
}
