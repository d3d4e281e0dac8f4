import { SIMULATOR_MODEL_PREFIX } from '../../src/lib/summary-provenance.ts';
import { RequestFailed } from '../client/types.ts';
import { oneLine } from '../core/terminal-text.ts';
import { assistantBody } from '../probe/requests.ts';
import { type Check, fail, pass, warn } from './types.ts';

/** One token of the probe item's assistant turn, sent exactly as a run sends it (raw prompt, the engine's fields). */
export const generationCheck: Check = {
  id: 'generation',
  title: 'one-token generation',
  needsModel: true,
  async run(ctx) {
    const body = { ...assistantBody(ctx.setup, ctx.model!, ctx.probeItem), max_tokens: 1 };
    try {
      const r = await ctx.client.complete(body);
      const seen = `${JSON.stringify(r.text)} (finish_reason ${r.finish_reason}, ${r.latency_ms} ms)`;
      // `userturn sim --alias` serves the submission's name and answers under its own: nothing else shows it.
      const simulator = r.answered_as !== undefined && r.answered_as !== r.model && r.answered_as.startsWith(SIMULATOR_MODEL_PREFIX);
      if (!simulator) return pass(seen);
      return warn(`${seen}; answered as "${oneLine(r.answered_as!)}", the userturn simulator's name, not "${oneLine(r.model)}": a run's result will be stamped simulated (provenance.simulated), not a model's`);
    } catch (e) {
      if (!(e instanceof RequestFailed)) throw e;
      return fail(`/v1/completions: ${e.message}`);
    }
  },
};
