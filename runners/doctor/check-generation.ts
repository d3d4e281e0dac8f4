import { RequestFailed } from '../client/types.ts';
import { assistantBody } from '../probe/requests.ts';
import { type Check, fail, pass } from './types.ts';

/** One token of the probe item's assistant turn, sent exactly as a run sends it (raw prompt, the engine's fields). */
export const generationCheck: Check = {
  id: 'generation',
  title: 'one-token generation',
  needsModel: true,
  async run(ctx) {
    const body = { ...assistantBody(ctx.setup, ctx.model!, ctx.probeItem), max_tokens: 1 };
    try {
      const r = await ctx.client.complete(body);
      return pass(`${JSON.stringify(r.text)} (finish_reason ${r.finish_reason}, ${r.latency_ms} ms)`);
    } catch (e) {
      if (!(e instanceof RequestFailed)) throw e;
      return fail(`/v1/completions: ${e.message}`);
    }
  },
};
