import { oneLine } from '../core/terminal-text.ts';
import { completionTokensOf } from './budget-clips.ts';
import { isHtmlPage, pageText } from './page-text.ts';

/** A 200 whose content must not be kept: cut short by the server or produced by another model. Retried. */
export class RejectedAnswer extends Error {
  readonly kind: string;
  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The finish reasons of a complete /v1/completions answer: the model stopped (end of turn or a stop sequence)
 * or reached max_tokens. Anything else ("abort", "error", "cancelled", a missing reason) means the text was
 * cut by the server, not by the model.
 */
export const ACCEPTED_FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'length']);

/** A cached answer counts only when it would be accepted today (older caches may hold cut or foreign answers). */
export const usableCachedAnswer = (hit: { finish_reason: string; model: string }, model: string): boolean => ACCEPTED_FINISH_REASONS.has(hit.finish_reason) && hit.model === model;

/**
 * The answer with an engine's own name for a complete finish (TGI's "eos_token", "stop_sequence") replaced by the
 * OpenAI one it means; anything else is left for validateCompletion to judge.
 */
export function normaliseFinishReason(resp: unknown, aliases: Readonly<Record<string, 'stop' | 'length'>>): unknown {
  const c = (resp as { choices?: Array<{ finish_reason?: unknown }> } | null)?.choices?.[0];
  if (!c || typeof c.finish_reason !== 'string' || !Object.hasOwn(aliases, c.finish_reason)) return resp;
  const r = resp as { choices: unknown[] };
  return { ...r, choices: [{ ...c, finish_reason: aliases[c.finish_reason] }, ...r.choices.slice(1)] };
}

/**
 * Why a 200 holds no completion, in the server's words where it gave some: an error object (a gateway or an engine that
 * answers its errors with 200) or a body that is not JSON (a proxy's page). Both used to read "response has no
 * choices[0].text", the server's message lost. Retried either way.
 */
function notACompletion(resp: unknown): Error {
  const r = resp as { error?: { message?: unknown } | null; object?: unknown; message?: unknown } | null;
  const said = typeof r?.error?.message === 'string' ? r.error.message : r?.object === 'error' && typeof r.message === 'string' ? r.message : null;
  if (said !== null) return new RejectedAnswer('error_body', `a 200 answer carrying an error: ${oneLine(said).slice(0, 200)}`);
  if (typeof resp === 'string') return new SyntaxError(`response has no choices[0].text (${isHtmlPage(resp) ? pageText(resp) : `a body that is not JSON: ${JSON.stringify(resp.slice(0, 100))}`})`);
  return new SyntaxError('response has no choices[0].text');
}

/** Raw fields of a response kept (in the cache) to audit an answer later. */
const AUDIT_FIELDS = ['id', 'created', 'system_fingerprint', 'usage'] as const;

/**
 * Only a complete, well-formed completion from the model that was asked is accepted (and therefore cached).
 * An answer is tied to the served model by name: a replica serving other weights under a shared load balancer,
 * or a proxy answering for another model, is refused. An answer naming one of `aliases`, another name the endpoint
 * serves the same weights under (served-aliases.ts), is the asked model's and is kept under the asked name, so its
 * cached row is used again on a rerun (usableCachedAnswer); the name it carried is `answered_as`, for provenance. With
 * aliases it is set whatever the name, the asked one too: a cached row without it then is one whose name is unknown.
 */
export function validateCompletion(
  resp: unknown,
  expectedModel: string,
  aliases: ReadonlySet<string> = new Set(),
): { text: string; finish_reason: string; model: string; audit: string; answered_as?: string; completion_tokens?: number } {
  const r = resp as ({ choices?: Array<{ text?: unknown; finish_reason?: unknown }>; model?: unknown } & Record<string, unknown>) | null;
  const c = r?.choices?.[0];
  if (!c || typeof c.text !== 'string') throw notACompletion(resp);
  if (typeof c.finish_reason !== 'string' || c.finish_reason === '') throw new RejectedAnswer('incomplete', 'response has no finish_reason (incomplete)');
  if (!ACCEPTED_FINISH_REASONS.has(c.finish_reason)) throw new RejectedAnswer('incomplete', `finish_reason "${c.finish_reason.slice(0, 40)}" (the server cut the answer)`);
  const named = typeof r?.model === 'string' ? r.model : '';
  if (named !== expectedModel && !aliases.has(named)) throw new RejectedAnswer('wrong_model', `answered by model "${named.slice(0, 100)}", not the served "${expectedModel.slice(0, 100)}"`);
  const model = expectedModel;
  const kept: Record<string, unknown> = {};
  for (const k of AUDIT_FIELDS) if (r![k] !== undefined) kept[k] = r![k];
  const audit = JSON.stringify(kept);
  // Read for a `length` finish only: what tells an engine's clipped budget (budget-clips.ts).
  const tokens = c.finish_reason === 'length' ? completionTokensOf(r) : undefined;
  return { text: c.text, finish_reason: c.finish_reason, model, audit, ...(named !== expectedModel || aliases.size > 0 ? { answered_as: named } : {}), ...(tokens === undefined ? {} : { completion_tokens: tokens }) };
}
