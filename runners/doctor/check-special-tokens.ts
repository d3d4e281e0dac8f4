import { userTurnProbe } from './probe.ts';
import { occurrences, templateMarkers } from './special-tokens.ts';
import { type Check, fail, notAvailable, pass } from './types.ts';

/**
 * Template and tokenizer agree: every special token the template writes into the user-turn prompt is one id of
 * the served tokenizer. Two observations, both needed: each marker tokenized alone is exactly one id (a marker
 * the tokenizer does not know, or an engine that does not parse special tokens in prompt text, gives several),
 * and in the whole prompt that id occurs as often as the marker does (the marker is not merged with its
 * neighbours). Comparing counts, not pieces, works on every tokenize route, with or without pieces.
 */
export const specialTokensCheck: Check = {
  id: 'special-tokens',
  title: 'special tokens one id each',
  needsModel: true,
  needsEngine: true,
  async run(ctx) {
    const { prompt, contents } = userTurnProbe(ctx.setup, ctx.probeItem);
    const markers = templateMarkers(prompt, contents, ctx.setup.builder.userTurnStops);
    if (markers.length === 0) return notAvailable('the rendered prompt holds no special-token spelling to check');
    const model = ctx.model!;
    const whole = await ctx.api.tokenize(ctx.http, model, prompt);
    if (whole === null) return notAvailable(`${ctx.setup.engine.id} has no tokenize route (${ctx.api.routes.tokenize}): the tokenizer cannot be checked`);
    const problems: string[] = [];
    for (const m of markers) {
      const ids = (await ctx.api.tokenize(ctx.http, model, m))!;
      if (ids.length !== 1) {
        problems.push(`${m} is ${ids.length} ids [${ids.slice(0, 8).join(', ')}]`);
        continue;
      }
      const want = occurrences(prompt, m);
      const got = whole.filter((id) => id === ids[0]).length;
      if (got !== want) problems.push(`${m} (id ${ids[0]}) occurs ${want}× in the prompt but ${got}× in its tokens`);
    }
    if (problems.length > 0) return fail(`the tokenizer does not read the template's special tokens as special: ${problems.join('; ')}`);
    return pass(`${markers.length} special tokens, one id each: ${markers.join(' ')}`);
  },
};
