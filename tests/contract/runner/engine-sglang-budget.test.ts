import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';
import { probeOk as probe, sims, stopped, TEMPLATES } from '../../helpers/engine-probe.ts';

/**
 * SGLang checks max_new_tokens before the end-of-sequence token and the stop strings
 * (python/sglang/srt/managers/schedule_batch.py Req.check_finished, sgl-project/sglang at
 * fd3907ee4618e96b73ee94d9a836db78efb5d046) and trims only a finish that matched something
 * (detokenizer_manager.py trim_matched_stop at 000935bdda57675933def88a37dcd6786a2de0d1): a turn whose ending token is
 * the last one max_tokens allows says "length" and keeps that token, <|im_end|> included (skip_special_tokens: false).
 * `userturn sim --engine sglang --end-at-budget` makes every turn end so.
 */
after(async () => {
  for (const s of sims) await s.close();
});

const SPECIAL_AT_END = /<\|[^|<>\s]{1,40}\|>\s*$/;

describe('SGLang: a turn that ended on the last token its budget allowed', () => {
  for (const t of TEMPLATES) {
    it(`${t.name}: is read as stopped, its ending token removed as SGLang removes it otherwise; nothing cut, nothing unfinished`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
      const samples = await probe('sglang', t, { runPast: false, endAtBudget: true });
      assert.ok(stopped(samples).length >= 10, `${t.name}: ${samples.map((x) => x.finish_reason).join(' ')}`);
      for (const x of samples) {
        assert.ok(!x.unfinished, `${x.id}: ${JSON.stringify(x.unfinished)}`);
        assert.equal(x.assistant_finish_reason, 'stop', x.id);
        assert.equal(x.assistant_turn_cut, undefined, `${x.id}: ${JSON.stringify(x.assistant_turn_cut)}`);
        assert.equal(x.user_turn_cut, undefined, `${x.id}: ${JSON.stringify(x.user_turn_cut)}`);
        assert.ok(!SPECIAL_AT_END.test(x.user_turn) && !SPECIAL_AT_END.test(x.response), `${x.id}: ${JSON.stringify(x.user_turn)}`);
      }
    });
  }
  it('suite v1 (the runner cuts nothing): no end-of-sequence token is left in the turns', { skip: TEMPLATES[0]!.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    const samples = await probe('sglang', TEMPLATES[0]!, { runPast: false, endAtBudget: true, suite: 'v1.yaml' });
    assert.ok(stopped(samples).length >= 10);
    for (const x of samples) assert.ok(!x.user_turn.includes('<|im_end|>') && !x.response.includes('<|im_end|>'), `${x.id}: ${JSON.stringify(x.user_turn)}`);
  });
  it('the same probe with every turn inside its budget gives the same samples', { skip: TEMPLATES[0]!.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    const key = (xs: Awaited<ReturnType<typeof probe>>) => xs.map((x) => [x.id, x.response, x.user_turn, x.finish_reason, x.assistant_finish_reason]);
    assert.deepEqual(key(await probe('sglang', TEMPLATES[0]!, { runPast: false, endAtBudget: true })), key(await probe('sglang', TEMPLATES[0]!, { runPast: false })));
  });
});
