import type { Submission, Suite } from '../../src/schema/index.ts';
import { currentSuite } from '../datasets/files.ts';
import { createPromptBuilder } from '../templates/prompts.ts';
import { renderTemplate, RENDER_LIMITS, TemplateRenderError, type ChatTemplate } from '../templates/render.ts';

/** The slowest trial render validate lets through: some 20 times a real template's on a loaded machine. */
const MAX_TRIAL_RENDER_MS = 1000;

/**
 * Characters of the question and of the answer in the long trial: a long answer (some 4k tokens). Qwen3.5's,
 * gpt-oss's and Llama 3.1's templates render two of 64,000 in under 10 ms; a template that loops over the
 * characters of a message within a loop over them took 3.2 s for two of 1,000.
 */
export const LONG_TRIAL_CHARS = 16_000;

/** How the current suite opens a user turn (its sentinel), or null when it cannot be read (validate names that file). */
function currentUserTurn(): Suite['user_turn'] | null {
  try {
    return currentSuite().suite.user_turn;
  } catch {
    return null;
  }
}

/** Text of about `n` characters, words and lines as an answer has them. */
function longText(n: number, seed: string): string {
  const words = `${seed} the answer is 42 because each step, as shown (x + 1) / 2, holds: first we check the value.`.split(' ');
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < n; i++) {
    const w = words[i % words.length]! + (i % 19 === 18 ? '\n' : ' ');
    out.push(w);
    length += w.length;
  }
  return out.join('');
}

const timed = (f: () => unknown): number => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

/**
 * Render a submission's template file as a run would before a run does: a short conversation (twice, timed the second
 * time: the first starts the render process), the run's stop probe (a template that marks no roles or does not echo
 * the messages cannot open a user turn) and a user-turn prompt after a long question and answer, timed, since a
 * template's cost can grow with the messages' length. Returns why it cannot be used, or null.
 */
export function templateTrialProblem(tpl: ChatTemplate, sub: Submission): string | null {
  const kwargs = sub.generation.template_kwargs;
  const short = () => renderTemplate(tpl, [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi.' }, { role: 'user', content: 'Thanks' }], false, kwargs);
  // Under the per-render limit a template can still cost a run hours: a review's took 1.5 s a render, some 10 s an
  // item, and passed validate.
  short();
  const ms = timed(short);
  if (ms > MAX_TRIAL_RENDER_MS) return `takes ${(ms / 1000).toFixed(1)} s to render a three-message conversation (real chat templates take well under 50 ms; a run renders thousands of prompts)`;
  const userTurn = currentUserTurn();
  if (userTurn === null) return null;
  let builder;
  try {
    builder = createPromptBuilder(tpl, { sentinel: userTurn.sentinel, stopAtRoleHeader: userTurn.stop_at_role_header, kwargs, stripBos: true, reasoning: sub.reasoning.mode });
  } catch (e) {
    if (e instanceof TemplateRenderError) throw e;
    return `cannot open a user turn: ${(e as Error).message}`;
  }
  const q = longText(LONG_TRIAL_CHARS, 'Why');
  const a = longText(LONG_TRIAL_CHARS, 'Because');
  const limits = `${RENDER_LIMITS.timeoutMs / 1000} s or ${RENDER_LIMITS.heapMb} MB`;
  const grows = `its cost grows with the messages' length (real chat templates take under 10 ms for this)`;
  let longMs: number;
  try {
    longMs = timed(() => builder.userTurnPrompt(q, a));
  } catch (e) {
    if (e instanceof TemplateRenderError && /rendering stopped after/.test(e.message))
      return `cannot render a question and an answer of ${LONG_TRIAL_CHARS.toLocaleString('en-US')} characters each within a render's limit (${limits}): ${grows}`;
    throw e;
  }
  if (longMs > MAX_TRIAL_RENDER_MS)
    return `takes ${(longMs / 1000).toFixed(1)} s to render a question and an answer of ${LONG_TRIAL_CHARS.toLocaleString('en-US')} characters each: ${grows}; a run renders thousands of prompts`;
  return null;
}
