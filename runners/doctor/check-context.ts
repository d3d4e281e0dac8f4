import type { DatasetItem } from '../core/items.ts';
import { type Check, type DoctorContext, fail, notAvailable, pass } from './types.ts';

/** Characters per token assumed when the engine cannot tokenize: low on purpose, so the estimate errs long. */
const CHARS_PER_TOKEN = 2;

/** The item whose user-turn request is longest: question plus reference (the reference condition's context). */
function longestItem(ctx: DoctorContext): DatasetItem | null {
  let best: DatasetItem | null = null;
  const size = (i: DatasetItem) => i.question.length + (i.reference?.length ?? 0);
  for (const d of ctx.setup.datasets) for (const i of d.items) if (!best || size(i) > size(best)) best = i;
  return best;
}

/**
 * Max context against the suite's longest request: the user-turn prompt of the longest item (its template and
 * question), plus the longer of the assistant budget and its reference answer (the context the turn follows),
 * plus the user turn's own max_tokens, must fit the engine's window.
 */
export const contextCheck: Check = {
  id: 'context',
  title: 'max context vs longest prompt',
  needsModel: true,
  async run(ctx) {
    const { setup } = ctx;
    const window = await ctx.api.maxContext(ctx.http, ctx.model!);
    if (window === null) return notAvailable(`${setup.engine.id} does not report its context window (${ctx.api.routes.context}); serving.max_model_len is ${setup.submission.serving.max_model_len}`);
    const item = longestItem(ctx);
    if (!item) return notAvailable('the suite selects no item');
    let estimated = false;
    const count = async (text: string): Promise<number> => {
      const ids = await ctx.api.tokenize(ctx.http, ctx.model!, text);
      if (ids !== null) return ids.length;
      estimated = true;
      return Math.ceil(text.length / CHARS_PER_TOKEN);
    };
    const prompt = await count(setup.builder.userTurnPrompt(item.question, ''));
    const context = Math.max(setup.assistantMaxTokens, item.reference ? await count(item.reference) : 0);
    const need = prompt + context + setup.suite.user_turn.max_tokens;
    const sum = `${prompt} prompt (${item.dataset}/${item.id}) + ${context} answer + ${setup.suite.user_turn.max_tokens} user turn = ${need}${estimated ? ' (estimated: no tokenize route)' : ''}`;
    if (need > window) return fail(`${sum} tokens > the engine's ${window} (${ctx.api.routes.context}): serve a longer context (serving.max_model_len)`);
    return pass(`${sum} ≤ ${window} tokens (${ctx.api.routes.context})`);
  },
};
