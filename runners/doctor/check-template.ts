import { SIMULATOR_MODEL_PREFIX } from '../../src/lib/summary-provenance.ts';
import { renderTemplate } from '../templates/render.ts';
import { type Check, fail, notAvailable, pass } from './types.ts';

const firstDifference = <T>(a: readonly T[], b: readonly T[]): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};
const around = (s: string, i: number): string => JSON.stringify(s.slice(Math.max(0, i - 20), i + 30));

/** Against the simulator a real template (think blocks, template_kwargs) fails by design: say so, not only that it differs. */
const simulatorNote = (model: string | null): string =>
  model?.startsWith(SIMULATOR_MODEL_PREFIX)
    ? `; the served model is the userturn simulator, whose own template is plain ChatML without think blocks or template_kwargs (unless told to misbehave), so any other rendering fails this check against it (docs/runner.md, Preflight)`
    : '';

/**
 * The served model's chat template is the submission's: where the engine renders messages with its own
 * template on request (vLLM's chat /tokenize, llama.cpp's /apply-template), the assistant-turn prompt of the
 * probe item is rendered by both and compared, as token ids or as text. The probe sends raw prompts, so the
 * engine's template is not what is measured; a difference says the served weights came with another template
 * than the one the submission renders (a wrong repo, revision or GGUF conversion, or a --chat-template left out).
 */
export const templateCheck: Check = {
  id: 'template',
  title: 'served chat template',
  needsModel: true,
  needsEngine: true,
  async run(ctx) {
    const { setup } = ctx;
    const q = ctx.probeItem.question;
    const kwargs = setup.submission.generation.template_kwargs;
    const served = await ctx.api.servedRender(ctx.http, ctx.model!, [{ role: 'user', content: q }], kwargs);
    if (served === null) return notAvailable(`${setup.engine.id} does not render chat templates on request${ctx.api.routes.render ? ` (${ctx.api.routes.render} did not answer)` : ''}`);
    const ours = renderTemplate(setup.template.template, [{ role: 'user', content: q }], true, kwargs);
    const src = setup.template.template.source;
    if (served.kind === 'ids') {
      const mine = await ctx.api.tokenize(ctx.http, ctx.model!, ours);
      if (mine === null) return notAvailable('the engine rendered the messages but cannot tokenize the submission\'s prompt');
      const i = firstDifference(mine, served.ids);
      if (i === mine.length && i === served.ids.length) return pass(`${ctx.api.routes.render} gives the same ${mine.length} tokens as ${src}`);
      return fail(`the engine's own template renders the probe differently from ${src}: ${served.ids.length} tokens vs ${mine.length}, first difference at token ${i}${simulatorNote(ctx.model)}`);
    }
    const bos = setup.template.template.bos_token ?? '';
    const strip = (s: string) => (bos && s.startsWith(bos) ? s.slice(bos.length) : s);
    const [a, b] = [strip(ours), strip(served.text)];
    if (a === b) return pass(`${ctx.api.routes.render} gives the same text as ${src}`);
    const i = firstDifference([...a], [...b]);
    return fail(`the engine's own template renders the probe differently from ${src}: at character ${i} the engine has ${around(b, i)}, the submission ${around(a, i)}${simulatorNote(ctx.model)}`);
  },
};
