import type { DatasetItem } from '../core/items.ts';
import { type Check, type DoctorContext, fail, notAvailable, pass } from './types.ts';

/** Characters per token assumed when the engine cannot tokenize: low on purpose, so the estimate errs long. */
const CHARS_PER_TOKEN = 2;

/**
 * The items whose user-turn request can be the longest: the longest question (its answer may take the whole
 * assistant budget, which outweighs any reference) and the longest question plus reference (the reference condition).
 */
function longestItems(ctx: DoctorContext): DatasetItem[] {
  let q: DatasetItem | null = null;
  let qr: DatasetItem | null = null;
  const size = (i: DatasetItem) => i.question.length + (i.reference?.length ?? 0);
  for (const d of ctx.setup.datasets) {
    for (const i of d.items) {
      if (!q || i.question.length > q.question.length) q = i;
      if (!qr || size(i) > size(qr)) qr = i;
    }
  }
  return q === null ? [] : q === qr || qr === null ? [q] : [q, qr];
}

/**
 * Max context against the suite's longest request: the user-turn prompt of the longest items (their template and
 * question), plus the longer of the assistant budget (with what an append condition adds to the answer) and the
 * reference answer (the context the turn follows), plus the user turn's own max_tokens, must fit the engine's window.
 * Choosing the item by question + reference alone let a longer question with a full-budget answer pass unseen.
 */
export const contextCheck: Check = {
  id: 'context',
  title: 'max context vs longest prompt',
  needsModel: true,
  needsEngine: true,
  async run(ctx) {
    const { setup } = ctx;
    const window = await ctx.api.maxContext(ctx.http, ctx.model!);
    if (window === null) return notAvailable(`${setup.engine.id} does not report its context window (${ctx.api.routes.context}); serving.max_model_len is ${setup.submission.serving.max_model_len}`);
    const items = longestItems(ctx);
    if (items.length === 0) return notAvailable('the suite selects no item');
    let estimated = false;
    // A whole prompt is counted with the special tokens the engine adds to it (a BOS), a piece of one without.
    const count = async (text: string, whole = false): Promise<number> => {
      const ids = whole ? await ctx.api.promptTokens(ctx.http, ctx.model!, text) : await ctx.api.tokenize(ctx.http, ctx.model!, text);
      if (ids !== null) return ids.length;
      estimated = true;
      return Math.ceil(text.length / CHARS_PER_TOKEN);
    };
    // A condition that appends to the answer (generic_question) makes the context that much longer than the budget.
    let appended = 0;
    for (const c of setup.suite.conditions) if (c.perturbation.kind === 'append') appended = Math.max(appended, await count(c.perturbation.separator + c.perturbation.text));
    let worst: { need: number; sum: string } | null = null;
    for (const item of items) {
      const prompt = await count(setup.builder.userTurnPrompt(item.question, ''), true);
      const context = Math.max(setup.assistantMaxTokens + appended, item.reference ? await count(item.reference) : 0);
      const need = prompt + context + setup.suite.user_turn.max_tokens;
      if (!worst || need > worst.need) worst = { need, sum: `${prompt} prompt (${item.dataset}/${item.id}) + ${context} answer + ${setup.suite.user_turn.max_tokens} user turn = ${need}` };
    }
    const { need } = worst!;
    const sum = `${worst!.sum}${estimated ? ' (estimated: no tokenize route)' : ''}`;
    const reserve = ctx.api.windowReserve;
    const route = ctx.api.routes.context;
    if (!reserve) {
      if (need > window) return fail(`${sum} tokens > the engine's ${window} (${route}): serve a longer context (serving.max_model_len)`);
      return pass(`${sum} ≤ ${window} tokens (${route})`);
    }
    const limit = window - reserve.tokens;
    const of = `the engine's ${window} (${route}) less ${reserve.tokens} (${reserve.why})`;
    if (need > limit) return fail(`${sum} tokens > ${limit}, ${of}: serve a longer context (serving.max_model_len)`);
    return pass(`${sum} ≤ ${limit} tokens, ${of}`);
  },
};
