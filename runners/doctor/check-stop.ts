import { RequestFailed } from '../client/types.ts';
import { readReply } from '../probe/read-reply.ts';
import { userTurnBody } from '../probe/requests.ts';
import { PROBE_ANSWER, userTurnProbe } from './probe.ts';
import { dropStopToken } from '../templates/cut.ts';
import { runOnAt } from './run-on.ts';
import { type Check, fail, pass } from './types.ts';

/**
 * The user turn ends where the template ends it: the probe's user-turn prompt, sent as a run sends it (greedy,
 * the suite's stops and budget, the engine's fields), must come back without running on into the next turn
 * (run-on.ts). A turn that ends by max_tokens
 * passes: a long user turn is a result, not a fault, and no run-on was seen.
 */
export const stopCheck: Check = {
  id: 'stop',
  title: 'user turn ends at the template\'s end of turn',
  needsModel: true,
  async run(ctx) {
    const { setup } = ctx;
    const cond = setup.suite.conditions.find((c) => c.temperature === 0) ?? setup.suite.conditions[0]!;
    const { prompt } = userTurnProbe(setup, ctx.probeItem);
    const body = userTurnBody(setup, ctx.model!, ctx.probeItem, PROBE_ANSWER, cond, 0, prompt);
    let r;
    try {
      r = readReply(setup, body, await ctx.client.complete(body));
    } catch (e) {
      if (!(e instanceof RequestFailed)) throw e;
      return fail(`/v1/completions: ${e.message}`);
    }
    // TGI streamed ends a stopped turn with the token it stopped on (<|im_end|>): that is the stop, not a run-on.
    const text = dropStopToken(r.text, r.finish_reason, setup.stopTokenKept);
    const runOn = runOnAt(text, setup.builder.userTurnCutMarkers, r.finish_reason, setup.stopRemnants);
    if (runOn) {
      return fail(`the user turn ran past its end: ${JSON.stringify(runOn.marker)} at character ${runOn.at} of the returned text (stops sent: ${body.stop.map((s) => JSON.stringify(s)).join(', ')}); the engine did not apply them`);
    }
    const how = r.finish_reason === 'stop' ? 'ended by a stop or end of sequence' : `ended by max_tokens (${body.max_tokens})`;
    return pass(`${how}, ${r.text.length} characters, no marker of a next turn in it`);
  },
};
