import { createHash } from 'node:crypto';

/**
 * Chat completions for simulated judge models (any model but the served one, see answer.ts). Scripted, never a model:
 * it labels by a few simple rules so the LLM-judge path can be exercised over real HTTP, and it misbehaves on
 * request. Behaviour is picked by markers in the model name (`judge-malformed`, `judge-flaky-slow`, …) or by a
 * `[[judge:<marker>]]` tag inside the judged user turn:
 *
 *   malformed   content is cut-off JSON                 badlabel  label outside taxonomy v1
 *   refuse      an assistant refusal (message.refusal)  prose     a plain-text answer, no JSON
 *   slow[N]     waits N ms (default 1500) first         flaky     only the first attempt of each distinct
 *                                                                 request misbehaves; retries get a valid answer
 *   coin        only about half of the distinct requests (chosen by a hash of the request) misbehave
 *   labelfirst / rationalefirst   write the answer's keys in that order whatever the schema says
 *
 * Otherwise the keys come in the order of the request's JSON schema, as constrained decoding writes them.
 */

const LABELS = ['genuine_followup', 'prompt_restatement', 'new_unrelated_query', 'identity_leakage', 'meta_planning', 'generic_closing', 'empty_or_degenerate'];
const MARKERS = ['malformed', 'badlabel', 'refuse', 'prose', 'slow', 'flaky', 'coin', 'labelfirst', 'rationalefirst'] as const;
type Marker = (typeof MARKERS)[number];

/** Attempts seen per distinct request (for `flaky`): the simulator is one process, so memory is enough. */
const seen = new Map<string, number>();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Item {
  question: string;
  assistant_answer: string;
  user_turn: string;
}

function lastUserContent(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: unknown; content?: unknown }>) : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'user' && typeof m.content === 'string') return m.content;
  }
  return '';
}

/** The item is the JSON object in the last user message (see runners/judge/llm/prompt.ts). */
function parseItem(content: string): Item {
  const start = content.indexOf('{');
  try {
    const o = JSON.parse(content.slice(start)) as Partial<Item>;
    return { question: String(o.question ?? ''), assistant_answer: String(o.assistant_answer ?? ''), user_turn: String(o.user_turn ?? '') };
  } catch {
    return { question: '', assistant_answer: '', user_turn: content };
  }
}

const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

/** The simple rules: first match wins. */
function label(item: Item): { label: string; rationale: string; evidence_span: string | null } {
  const u = item.user_turn.replace(/\[\[judge:[^\]]*\]\]/g, '').trim();
  const span = u.slice(0, 80) || null;
  if (u === '' || /^(?:<\|[^|]+\|>|\s)+$/.test(u)) return { label: 'empty_or_degenerate', rationale: 'sim rule: empty or only special tokens', evidence_span: null };
  if (/<think>|\bthe user (?:wants|asked|is asking)\b|\bi should\b/i.test(u)) return { label: 'meta_planning', rationale: 'sim rule: planning language', evidence_span: span };
  if (/^\s*assistant\s*:|\bhope this helps\b|\blet me know if\b/i.test(u)) return { label: 'identity_leakage', rationale: 'sim rule: assistant voice', evidence_span: span };
  if (/^(?:thanks|thank you|great|ok|okay|cool|perfect)[\s!.,]*(?:thanks|thank you)?[\s!.]*$/i.test(u)) return { label: 'generic_closing', rationale: 'sim rule: bare acknowledgement', evidence_span: span };
  const uw = words(u);
  const qw = words(item.question);
  const shared = [...uw].filter((w) => qw.has(w)).length;
  if (uw.size > 0 && shared / uw.size >= 0.8) return { label: 'prompt_restatement', rationale: 'sim rule: mostly the question words', evidence_span: span };
  if (u.includes('?')) return { label: 'genuine_followup', rationale: 'sim rule: asks something', evidence_span: span };
  return { label: 'new_unrelated_query', rationale: 'sim rule: no question, not a restatement', evidence_span: span };
}

function markersOf(model: string, userTurn: string): { set: Set<Marker>; slowMs: number } {
  const tags = [...userTurn.matchAll(/\[\[judge:([a-z0-9-]+)\]\]/g)].map((m) => m[1] as string);
  const parts = [...model.toLowerCase().split(/[-+_]/), ...tags.flatMap((t) => t.split('-'))];
  const set = new Set<Marker>();
  let slowMs = 1500;
  for (const p of parts) {
    const slow = /^slow(\d+)?$/.exec(p);
    if (slow) {
      set.add('slow');
      if (slow[1]) slowMs = Number(slow[1]);
    } else if ((MARKERS as readonly string[]).includes(p)) set.add(p as Marker);
  }
  return { set, slowMs };
}

/** The property order of the request's structured-output schema, when it sends one. */
function schemaOrder(body: Record<string, unknown>): string[] {
  const rf = body.response_format as { json_schema?: { schema?: { properties?: unknown } } } | undefined;
  const props = rf?.json_schema?.schema?.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

/** The verdict's keys in the order asked for (markers first, then the schema); unknown keys keep their place. */
function ordered(verdict: Record<string, unknown>, set: Set<Marker>, body: Record<string, unknown>): Record<string, unknown> {
  const order = set.has('labelfirst') ? ['label', 'rationale'] : set.has('rationalefirst') ? ['rationale', 'label'] : schemaOrder(body);
  const out: Record<string, unknown> = {};
  for (const k of order) if (k in verdict) out[k] = verdict[k];
  for (const [k, v] of Object.entries(verdict)) if (!(k in out)) out[k] = v;
  return out;
}

function completion(model: string, message: Record<string, unknown>): unknown {
  return {
    id: 'chatcmpl-sim-judge',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

export async function handleJudgeChat(body: unknown): Promise<unknown> {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const model = typeof b.model === 'string' ? b.model : 'judge';
  const item = parseItem(lastUserContent(b));
  const { set, slowMs } = markersOf(model, item.user_turn);

  let misbehave = true;
  const key = createHash('sha256').update(JSON.stringify(b)).digest('hex');
  if (set.has('coin')) misbehave = parseInt(key.slice(0, 2), 16) % 2 === 0;
  if (set.has('flaky')) {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    misbehave = misbehave && n === 1;
  }
  if (misbehave && set.has('slow')) await sleep(slowMs);
  const verdict = ordered(label(item), set, b) as ReturnType<typeof label>;
  if (misbehave && set.has('refuse')) return completion(model, { content: null, refusal: 'I cannot help with labelling this conversation.' });
  if (misbehave && set.has('prose')) return completion(model, { content: `I think this is a ${verdict.label.replace(/_/g, ' ')}.` });
  if (misbehave && set.has('malformed')) return completion(model, { content: JSON.stringify(verdict).slice(0, 25) });
  if (misbehave && set.has('badlabel')) return completion(model, { content: JSON.stringify({ ...verdict, label: 'followup_maybe' }) });
  if (!LABELS.includes(verdict.label)) throw new Error('sim judge produced an unknown label');
  return completion(model, { content: JSON.stringify(verdict) });
}
