import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { codeVersion } from '../cache/code-version.ts';
import { contentKey } from '../cache/stage-cache.ts';
import type { ReasoningMode } from './reasoning.ts';
import { renderTemplate, renderTemplateAsync, TemplateRenderError, type ChatMessage, type ChatTemplate } from './render.ts';
import { BAR_TOKEN } from './special-token.ts';

/** Matches one special marker at the start: <|eot_id|>, <｜Assistant｜>, <end_of_turn>, </s>, [/INST], … */
const SPECIAL = new RegExp(`^\\s*(${BAR_TOKEN}|<\\/?[A-Za-z_][A-Za-z0-9_]{0,40}>|\\[\\/?[A-Z_]{2,40}\\])`);

export interface PromptBuilder {
  template: ChatTemplate;
  /** Everything that shapes a prompt besides its messages (template, options, rendering code, jinja version). */
  fingerprint: string;
  /** Prompt for the assistant turn: [user q] with add_generation_prompt. */
  assistantPrompt(question: string): string;
  /** Prompt that opens the next user turn after [user q, assistant a] (sentinel method). */
  userTurnPrompt(question: string, answer: string): string;
  /** The same two prompts rendered without blocking the event loop (a run's hot path). */
  assistantPromptAsync(question: string): Promise<string>;
  userTurnPromptAsync(question: string, answer: string): Promise<string>;
  /** Stop sequences of the user turn: end-of-turn marker(s), and role headers when asked. */
  userTurnStops: string[];
  /** Stop sequences of the assistant turn. */
  assistantStops: string[];
  /**
   * Where the runner cuts a returned user turn itself (suite v2): the stops, plus each role header cut after its
   * role name, so `<|start|>assistant<|channel|>analysis…` is caught as well as the `…final…` the template renders.
   */
  userTurnCutMarkers: string[];
  /** The same for the assistant turn (for harmony still without <|end|> and the assistant header). */
  assistantCutMarkers: string[];
}

/** The stops a template's role markers give (the template rendered once, see stopsOf). */
export interface DerivedStops {
  user: string[];
  assistant: string[];
  /**
   * What the stop probe rendered between the assistant's message and the next user message (end of turn and user
   * header): every user-turn prompt must end with it. Absent in stops kept before it was derived.
   */
  userOpening?: string;
}

/** Where a run's builder gets its stops: derived (the default), or kept from an earlier run under its fingerprint. */
export type StopsSource = (fingerprint: string, derive: () => Promise<DerivedStops>) => Promise<DerivedStops>;

export interface PromptOptions {
  sentinel: string;
  stopAtRoleHeader: boolean;
  kwargs: Record<string, unknown>;
  /** Remove a leading BOS token: OpenAI-compatible servers add their own when they tokenize the prompt. */
  stripBos: boolean;
  /**
   * harmony (gpt-oss): one assistant turn holds several messages (analysis, then final), each closed by the
   * end-of-message marker and the next one opened by the assistant header, so neither may stop the assistant
   * turn; it ends at <|return|> (or a user header).
   */
  reasoning?: ReasoningMode;
}

/** `text` around the first `marker` (the stop probe's messages, each once in its rendering). */
function cutAt(text: string, marker: string, what: string): { before: string; after: string } {
  const i = text.indexOf(marker);
  if (i < 0) throw new Error(`chat template does not echo the ${what} verbatim; cannot apply the sentinel method`);
  return { before: text.slice(0, i), after: text.slice(i + marker.length) };
}

const leadingSpecial = (s: string): string | null => SPECIAL.exec(s)?.[1] ?? null;

function uniq(xs: Array<string | null>): string[] {
  const out: string[] = [];
  for (const x of xs) if (x && x.trim() !== '' && !out.includes(x)) out.push(x);
  return out;
}

/** The conversation whose rendering gives the role markers: [user S1, assistant S2, user S3]. */
const stopProbe = (opts: PromptOptions): ChatMessage[] =>
  [1, 2, 3].map((n) => ({ role: n === 2 ? 'assistant' : 'user', content: `${opts.sentinel}${n}` }));

/**
 * Derive the role markers from the rendered stop probe: the text between S1 and S2 is end-of-user + assistant
 * header, between S2 and S3 end-of-assistant + user header.
 */
function stopsOf(text: string, tpl: ChatTemplate, opts: PromptOptions): DerivedStops {
  const s = opts.sentinel;
  const [s1, s2, s3] = [`${s}1`, `${s}2`, `${s}3`];
  const mid12 = cutAt(cutAt(text, s1, 'user message').after, s2, 'assistant message').before;
  const mid23 = cutAt(cutAt(text, s2, 'assistant message').after, s3, 'user message').before;
  // Nothing between two messages: the roles cannot be told apart, so no user turn can be opened (a review's template
  // that only joined the contents passed every check, and every user turn was judged as the assistant speaking).
  if (mid12.trim() === '' || mid23.trim() === '') throw new Error('chat template renders nothing between a user message and the assistant\'s reply (or between the reply and the next user message): it marks no roles, so a user turn cannot be opened');
  const endUser = leadingSpecial(mid12);
  const endAssistant = leadingSpecial(mid23);
  const assistantHeader = endUser ? mid12.slice(mid12.indexOf(endUser) + endUser.length).trim() : mid12.trim();
  const userHeader = endAssistant ? mid23.slice(mid23.indexOf(endAssistant) + endAssistant.length).trim() : mid23.trim();
  const headers = opts.stopAtRoleHeader ? [assistantHeader, userHeader] : [];
  // A template without an end-of-turn token (GLM: <|user|>q<|assistant|>a<|user|>) ends a turn where the next opens:
  // the marker after the reply is then the user header alone, and it ends a user turn too (one opening another).
  const nextUser = endAssistant !== null && userHeader === '' ? endAssistant : null;
  return {
    userOpening: mid23,
    user: uniq([endUser, nextUser, ...headers]),
    assistant:
      opts.reasoning === 'harmony'
        ? uniq([tpl.eos_token, '<|return|>', ...(opts.stopAtRoleHeader ? [userHeader] : [])])
        : uniq([endAssistant, tpl.eos_token, ...headers]),
  };
}

/** The stops plus every role header shortened to end at its role name (`<|start|>user<|message|>` → `<|start|>user`). */
export function withShortHeaders(stops: readonly string[]): string[] {
  const out = [...stops];
  for (const s of stops) {
    for (const role of ['assistant', 'user']) {
      const i = s.indexOf(role);
      if (i <= 0) continue;
      const short = s.slice(0, i + role.length);
      if (short !== s && !out.includes(short)) out.push(short);
    }
  }
  return out;
}

/** The @huggingface/jinja version that renders (its package.json, next to the dist/ folder it resolves to). */
function jinjaVersion(): string {
  const main = createRequire(import.meta.url).resolve('@huggingface/jinja');
  return (JSON.parse(readFileSync(join(dirname(dirname(main)), 'package.json'), 'utf8')) as { version: string }).version;
}

const fingerprintOf = (tpl: ChatTemplate, opts: PromptOptions): string => contentKey(tpl, opts, codeVersion(import.meta.url), jinjaVersion()).slice(0, 16);

/**
 * A run's prompt builder: its stops kept from an earlier run or derived with an asynchronous render, so a run
 * never starts the synchronous renders' broker thread.
 */
export async function preparePromptBuilder(tpl: ChatTemplate, opts: PromptOptions, stopsFrom: StopsSource = (_, derive) => derive()): Promise<PromptBuilder> {
  const stops = await stopsFrom(fingerprintOf(tpl, opts), async () => stopsOf(await renderTemplateAsync(tpl, stopProbe(opts), false, opts.kwargs), tpl, opts));
  return createPromptBuilder(tpl, opts, stops);
}

/** A prompt builder; without `derived` stops it renders the stop probe synchronously to find them. */
export function createPromptBuilder(tpl: ChatTemplate, opts: PromptOptions, derived?: DerivedStops): PromptBuilder {
  const stripBos = (p: string): string => (opts.stripBos && tpl.bos_token && p.startsWith(tpl.bos_token) ? p.slice(tpl.bos_token.length) : p);
  const fingerprint = fingerprintOf(tpl, opts);
  const stops = derived ?? stopsOf(renderTemplate(tpl, stopProbe(opts), false, opts.kwargs), tpl, opts);
  const assistantMessages = (question: string): ChatMessage[] => [{ role: 'user', content: question }];
  const userTurnMessages = (question: string, answer: string): ChatMessage[] => [
    { role: 'user', content: question },
    { role: 'assistant', content: answer },
    { role: 'user', content: opts.sentinel },
  ];
  // At the last sentinel: the question or the answer may hold it too (it is public), and the turn opens after both.
  // A template that fails here fails on a given question or answer: the run stops on it as on a render error, one
  // line naming the template (it was an internal error with a stack).
  const openUserTurn = (rendered: string): string => {
    const refuse = (why: string) => new TemplateRenderError(`${tpl.source}: chat_template: ${why}`);
    const at = rendered.lastIndexOf(opts.sentinel);
    if (at < 0) throw refuse('does not echo the sentinel verbatim after this answer; cannot apply the sentinel method');
    const prompt = stripBos(rendered.slice(0, at));
    // A template may open the user turn for the probe and not for an answer (one that leaves the user header out
    // after an answer holding some text): the model would go on in the assistant's voice, judged as the user's.
    const opening = stops.userOpening;
    if (opening !== undefined && !prompt.endsWith(opening))
      throw refuse(`does not open the user turn after this answer as it did for the stop probe: the prompt ends ${JSON.stringify(prompt.slice(-40))}, not with ${JSON.stringify(opening)}`);
    return prompt;
  };
  return {
    template: tpl,
    fingerprint,
    assistantPrompt: (question) => stripBos(renderTemplate(tpl, assistantMessages(question), true, opts.kwargs)),
    userTurnPrompt: (question, answer) => openUserTurn(renderTemplate(tpl, userTurnMessages(question, answer), false, opts.kwargs)),
    assistantPromptAsync: async (question) => stripBos(await renderTemplateAsync(tpl, assistantMessages(question), true, opts.kwargs)),
    userTurnPromptAsync: async (question, answer) => openUserTurn(await renderTemplateAsync(tpl, userTurnMessages(question, answer), false, opts.kwargs)),
    userTurnStops: stops.user,
    assistantStops: stops.assistant,
    userTurnCutMarkers: withShortHeaders(stops.user),
    assistantCutMarkers: withShortHeaders(stops.assistant),
  };
}
