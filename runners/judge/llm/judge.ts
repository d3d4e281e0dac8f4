import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { registerSecret } from '../../io/secrets.ts';
import { ContentFilterFinishReasonError, LengthFinishReasonError } from 'openai/error';
import { zodResponseFormat } from 'openai/helpers/zod';
import { createHttpFetch } from '../../client/http-fetch.ts';
import { connectionCause } from '../../client/sdk-errors.ts';
import { oneLine } from '../../core/terminal-text.ts';
import { DEFAULT_HTTP_TIMEOUTS } from '../../client/http-transport.ts';
import { codeVersion } from '../../cache/code-version.ts';
import { requestKey } from '../../cache/key.ts';
import { contentKey } from '../../cache/stage-cache.ts';
import type { ResponseCache } from '../../cache/sqlite-cache.ts';
import { StorageError } from '../../io/storage-error.ts';
import { formatFieldIssues, issuesToErrors, type JudgeStamp, type Verdict } from '../../../src/schema/index.ts';
import type { z } from 'zod';
import type { Judge, JudgeInput } from '../../core/judge.ts';
import type { JudgeConfig } from './config.ts';
import { JudgeOutput, wireOutputFor } from './output.ts';
import { loadJudgePrompt, renderJudgeRequest } from './prompt.ts';
import { CONNECTION_ERROR } from './unreachable.ts';

export interface LlmJudgeDeps {
  /** Verdict cache (the run's request cache). Only validated answers are stored; errors never are. */
  cache?: ResponseCache | null;
  /** Environment to read the key from (tests pass their own). */
  env?: NodeJS.ProcessEnv;
  sleep?: (ms: number) => Promise<void>;
}

/** Counters for tests and reports. */
export interface LlmJudgeStats {
  requests: number;
  cacheHits: number;
  retries: number;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function judgeStampFor(config: JudgeConfig): JudgeStamp {
  const model = config.model.replace(/[^A-Za-z0-9._:\/-]/g, '-');
  return {
    id: config.id ?? `llm:${model}:${config.prompt_version}`.slice(0, 120),
    kind: 'llm',
    model: config.model,
    prompt_version: config.prompt_version,
    temperature: config.temperature,
    max_tokens: config.max_tokens,
  };
}

/** The wait a server asks for: `retry-after-ms`, else `retry-after` in seconds or as an HTTP date. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const ra = headers?.get('retry-after')?.trim();
  if (!ra) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(ra)) return Number(ra) * 1000;
  const at = Date.parse(ra);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/**
 * What broke a judge connection, appended to the SDK's bare "Connection error.": the cause's own words when they name
 * its code ("connect ECONNREFUSED 127.0.0.1:9", "getaddrinfo ENOTFOUND host"), else its code (a TLS one with a hint);
 * null when the cause has no code.
 */
function connectionDetail(e: unknown): string | null {
  const c = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof c?.code !== 'string') return null;
  if (typeof c.message === 'string' && c.message.includes(c.code) && !/^(ERR_SSL|ERR_TLS)|CERT/.test(c.code)) return oneLine(c.message).slice(0, 200);
  return connectionCause(e);
}

type Attempt = { ok: true; output: JudgeOutput; model: string } | { ok: false; reason: string; retry: boolean; waitMs?: number };

/** A judge answer's zod issues as validate shows a file's: each field, and the value when the answer is at hand. */
function describeIssues(e: z.ZodError, answer?: unknown): string {
  return formatFieldIssues(issuesToErrors('judge answer', e, answer === undefined ? undefined : { schema: JudgeOutput, data: answer, json: true }));
}

/**
 * An LLM judge on any OpenAI-compatible chat endpoint: structured output via chat.completions.parse +
 * zodResponseFormat, validated again on receipt. Timeouts, connection errors, 429/5xx, unparseable JSON and
 * out-of-taxonomy labels are retried `retries` times, then returned as judge_error with the last reason.
 * Refusals and other 4xx are not retried (they would repeat). It never throws, but for the verdict cache: a
 * StorageError (the answer cannot be stored) is the run's failure, not the judge's, and stops it.
 */
export function createLlmJudge(config: JudgeConfig, deps: LlmJudgeDeps = {}): Judge & { stats: LlmJudgeStats } {
  const stamp = judgeStampFor(config);
  const prompt = loadJudgePrompt(config.prompt_version);
  const env = deps.env ?? process.env;
  const sleep = deps.sleep ?? defaultSleep;
  const stats: LlmJudgeStats = { requests: 0, cacheHits: 0, retries: 0 };
  let client: OpenAI | null = null;
  const getClient = (): OpenAI => {
    client ??= new OpenAI({
      baseURL: config.base_url,
      apiKey: registered((config.api_key_env ? env[config.api_key_env] : undefined) || 'no-key'),
      maxRetries: 0,
      timeout: config.timeout_ms,
      // The run's transport: the global fetch refuses the ports browsers block (6000, 6665-6669, 10080…) with a bare
      // "Connection error.". Its first-byte and idle timers give way to the attempt's timeout, which the SDK keeps.
      fetch: createHttpFetch(1024, judgeTimeouts(config.timeout_ms)),
    });
    return client;
  };
  // Aborted by stop(): the attempts in flight are given up, and no attempt or retry starts after it.
  const halt = new AbortController();
  const halted = new Promise<void>((r) => halt.signal.addEventListener('abort', () => r(), { once: true }));
  const stopped = (): Verdict => ({ kind: 'judge_error', reason: `not judged: the run stopped (${oneLine((halt.signal.reason as Error).message).slice(0, 300)})`, judge: stamp.id });
  const pause = (ms: number) => Promise.race([sleep(ms), halted]);
  const wire = wireOutputFor(prompt.output_order);
  const responseFormat = zodResponseFormat(wire.schema, 'userturn_verdict');

  async function attempt(body: Parameters<OpenAI['chat']['completions']['parse']>[0]): Promise<Attempt> {
    stats.requests++;
    try {
      const completion = await getClient().chat.completions.parse(body, { timeout: config.timeout_ms, maxRetries: 0, signal: halt.signal });
      const choice = completion.choices[0];
      if (!choice) return { ok: false, reason: 'judge answer has no choices', retry: true };
      if (choice.message.refusal) return { ok: false, reason: `judge refused: ${choice.message.refusal.slice(0, 300)}`, retry: false };
      const v = JudgeOutput.safeParse(choice.message.parsed);
      if (!v.success) return { ok: false, reason: `judge answer failed validation: ${describeIssues(v.error, choice.message.parsed)}`, retry: true };
      return { ok: true, output: v.data, model: completion.model ?? config.model };
    } catch (e) {
      if (e instanceof APIConnectionTimeoutError) return { ok: false, reason: `judge request timed out after ${config.timeout_ms} ms`, retry: true };
      if (e instanceof APIError) {
        const status = e.status;
        if (status === undefined) {
          const detail = connectionDetail(e);
          return { ok: false, reason: `${CONNECTION_ERROR}${e.message}${detail ? ` (${detail})` : ''}`, retry: true };
        }
        const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
        return { ok: false, reason: `judge endpoint answered HTTP ${status}: ${e.message.slice(0, 300)}`, retry: retryable, waitMs: retryAfterMs(e.headers) };
      }
      if (e instanceof LengthFinishReasonError) return { ok: false, reason: 'judge answer cut at max_tokens (unparseable)', retry: true };
      if (e instanceof ContentFilterFinishReasonError) return { ok: false, reason: 'judge answer stopped by a content filter', retry: false };
      if (e instanceof SyntaxError) return { ok: false, reason: `judge answer is not valid JSON: ${e.message.slice(0, 200)}`, retry: true };
      if (e && typeof e === 'object' && 'issues' in e && Array.isArray((e as { issues: unknown }).issues)) {
        return { ok: false, reason: `judge answer does not match the schema: ${describeIssues(e as z.ZodError)}`, retry: true };
      }
      return { ok: false, reason: `judge request failed: ${(e as Error)?.message ?? String(e)}`.slice(0, 500), retry: true };
    }
  }

  async function judge(input: JudgeInput): Promise<Verdict> {
    try {
      const { messages, shortened } = renderJudgeRequest(prompt, {
        question: String(input.question ?? ''),
        response: String(input.response ?? ''),
        user_turn: String(input.user_turn ?? ''),
      });
      // What the judge did not see is part of the verdict, never silent; absent when every field was whole.
      const note = shortened.length > 0 ? { shortened } : {};
      const body = {
        model: config.model,
        messages,
        temperature: config.temperature,
        max_tokens: config.max_tokens,
        response_format: responseFormat,
      };
      // Content address of the judge request: model, prompt version, messages, params; never the key or the URL.
      const key = requestKey({ kind: 'userturn-judge', prompt_version: config.prompt_version, model: config.model, messages, temperature: config.temperature, max_tokens: config.max_tokens, schema: wire.cacheName });
      const cached = deps.cache?.get(key);
      if (cached) {
        const v = JudgeOutput.safeParse(JSON.parse(cached.text));
        if (v.success) {
          stats.cacheHits++;
          return { kind: 'label', label: v.data.label, rationale: v.data.rationale, evidence_span: v.data.evidence_span, rule: null, judge: stamp.id, ...note };
        }
      }
      let last = 'no attempt made';
      for (let i = 0; i <= config.retries; i++) {
        if (i > 0) {
          stats.retries++;
          await pause(Math.min(30_000, config.backoff_ms * 2 ** (i - 1)));
        }
        if (halt.signal.aborted) return { ...stopped(), ...note };
        const started = Date.now();
        const r = await attempt(body);
        if (halt.signal.aborted) return { ...stopped(), ...note };
        if (r.ok) {
          await deps.cache?.put(key, { text: JSON.stringify(r.output), finish_reason: 'stop', model: r.model, latency_ms: Date.now() - started });
          return { kind: 'label', label: r.output.label, rationale: r.output.rationale, evidence_span: r.output.evidence_span, rule: null, judge: stamp.id, ...note };
        }
        last = r.reason;
        if (!r.retry) break;
        if (r.waitMs !== undefined && Number.isFinite(r.waitMs)) await pause(Math.min(r.waitMs, 30_000));
      }
      return { kind: 'judge_error', reason: last.slice(0, 4000), judge: stamp.id, ...note };
    } catch (e) {
      if (e instanceof StorageError) throw e;
      return { kind: 'judge_error', reason: `judge failed: ${(e as Error)?.message ?? String(e)}`.slice(0, 4000), judge: stamp.id };
    }
  }

  // Not the URL, key or retry settings: they change how a verdict is fetched, not what it says.
  const fingerprint = contentKey(stamp, prompt, codeVersion(import.meta.url)).slice(0, 16);
  const stop = (reason: Error): void => void (halt.signal.aborted || halt.abort(reason));
  return { stamp, fingerprint, stats, judge, stop };
}

/** The transport's timers for a judge attempt of `ms`: never shorter than the attempt, connect no longer than it. */
const judgeTimeouts = (ms: number) => ({ connectMs: Math.min(DEFAULT_HTTP_TIMEOUTS.connectMs, ms), firstByteMs: ms, idleMs: ms });

/** A judge key is redacted from everything written, like the runner's own key. */
function registered(key: string): string {
  registerSecret(key);
  return key;
}
