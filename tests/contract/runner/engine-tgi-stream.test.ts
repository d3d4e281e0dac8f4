import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli } from '../../helpers/processes.ts';
import { SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';
import { MORE, probeOk as probe, sims, stopped, TEMPLATES } from '../../helpers/engine-probe.ts';

/**
 * TGI streamed, as the runner asks by default: router/src/server.rs completions() streams each token's own text,
 * decoded with special tokens (huggingface/text-generation-inference at db931fcf42da018a3657580c64bf2720f167f9ab),
 * so a turn ends with the token TGI stopped on: its end-of-sequence token (<|im_end|>, named "eos_token") or the
 * stop string it matched, whole. The simulator imitates it; non-streamed TGI is in engine-stops.test.ts.
 */
after(async () => {
  for (const s of sims) await s.close();
});

const SPECIAL_AT_END = /<\|[^|<>\s]{1,40}\|>\s*$/;

describe('TGI streamed', () => {
  for (const t of TEMPLATES) {
    it(`${t.name}: a turn TGI ended at its end of sequence or end-of-turn stop is not cut, and keeps no special token at its end`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
      const samples = await probe('tgi', t, { runPast: false });
      assert.ok(stopped(samples).length >= 10);
      for (const x of samples) {
        assert.equal(x.user_turn_cut, undefined, `${x.id}: ${JSON.stringify(x.user_turn_cut)}`);
        assert.equal(x.assistant_turn_cut, undefined, `${x.id}: ${JSON.stringify(x.assistant_turn_cut)}`);
        assert.ok(!x.user_turn.includes('<|im_end|>') && !SPECIAL_AT_END.test(x.user_turn), `${x.id}: ${JSON.stringify(x.user_turn)}`);
        assert.ok(!x.response.includes('<|im_end|>') && !SPECIAL_AT_END.test(x.response), `${x.id}: ${JSON.stringify(x.response)}`);
      }
    });
    it(`${t.name}: a user turn that runs on past ${t.marker} (stops not applied) is still cut there and marked`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
      const runOn = stopped(await probe('tgi', t, { ignoreStops: true }));
      assert.ok(runOn.length >= 10);
      for (const x of runOn) {
        assert.ok(!x.user_turn.includes(MORE), `${x.id}: ${JSON.stringify(x.user_turn)}`);
        assert.deepEqual([x.user_turn_cut?.kind, x.user_turn_cut?.marker], ['marker', t.marker], x.id);
        assert.ok(x.user_turn_cut!.removed.includes(MORE) && !x.user_turn_cut!.removed.endsWith('<|im_end|>'), x.user_turn_cut!.removed);
      }
    });
  }
  it('a turn whose end-of-sequence token or stop was the last token its budget allowed (TGI says "length") is read as stopped', async () => {
    // server/text_generation_server/utils/tokens.py StoppingCriteria.__call__ checks max_new_tokens before the end of
    // sequence and the stops: such a turn used to be recorded as length with a cut at its own <|im_end|>.
    for (const t of TEMPLATES) {
      if (!t.path) continue;
      const samples = await probe('tgi', t, { runPast: false, endAtBudget: true });
      assert.ok(stopped(samples).length >= 10, `${t.name}: ${samples.map((x) => x.finish_reason).join(' ')}`);
      for (const x of samples) {
        assert.ok(!x.unfinished, `${t.name} ${x.id}: ${JSON.stringify(x.unfinished)}`);
        assert.equal(x.assistant_finish_reason, 'stop', `${t.name} ${x.id}`);
        assert.equal(x.assistant_turn_cut, undefined, `${t.name} ${x.id}: ${JSON.stringify(x.assistant_turn_cut)}`);
        assert.equal(x.user_turn_cut, undefined, `${t.name} ${x.id}: ${JSON.stringify(x.user_turn_cut)}`);
        assert.ok(!SPECIAL_AT_END.test(x.user_turn) && !SPECIAL_AT_END.test(x.response), `${t.name} ${x.id}: ${JSON.stringify(x.user_turn)}`);
      }
    }
  });
  it('suite v1 (no cut): a user turn that ended on its last allowed token keeps no end-of-sequence token and says stop', { skip: TEMPLATES[0]!.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    const samples = await probe('tgi', TEMPLATES[0]!, { runPast: false, endAtBudget: true, suite: 'v1.yaml' });
    assert.ok(stopped(samples).length >= 10);
    for (const x of samples) assert.ok(!x.user_turn.includes('<|im_end|>') && !x.response.includes('<|im_end|>'), `${x.id}: ${JSON.stringify(x.user_turn)}`);
  });
  it('Qwen3.5: TGI stops at <|im_start|>assistant and keeps it whole; the runner cuts the header and records it', { skip: TEMPLATES[0]!.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    const cuts = (await probe('tgi', TEMPLATES[0]!, {})).filter((x) => x.user_turn_cut);
    assert.ok(cuts.length >= 5, `run-on turns are cut (${cuts.length})`);
    for (const x of cuts) assert.deepEqual([x.user_turn_cut!.kind, x.user_turn_cut!.marker, x.user_turn_cut!.removed], ['marker', '<|im_start|>assistant', '<|im_start|>assistant']);
  });
  it('suite v1 (the runner cuts nothing): the end-of-sequence token is not left in the turns either', { skip: TEMPLATES[0]!.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    const samples = await probe('tgi', TEMPLATES[0]!, { runPast: false, suite: 'v1.yaml' });
    for (const x of samples) assert.ok(!x.user_turn.includes('<|im_end|>') && !x.response.includes('<|im_end|>'), `${x.id}: ${JSON.stringify(x.user_turn)}`);
  });
  it('`userturn run` warns that gpt-oss loses its channel markers on TGI only when it does not stream (USERTURN_STREAM=0)', async () => {
    const sub = join(mkdtempSync(join(tmpdir(), 'ut-tgi-')), 'tgi-harmony.yaml');
    writeFileSync(sub, ['id: tgi-harmony', 'display_name: T', 'family: test', 'hf:', '  repo: example/model', '  revision: main', 'params:', '  total_b: 1', '  active_b: 1', 'license: mit',
      'serving:', '  engine: tgi', '  max_model_len: 32768', 'reasoning:', '  mode: harmony', 'submitter:', '  github: userturn-tests', ''].join('\n'));
    const dry = (stream: string) => runCli(['run', sub, '--dry-run', '--template', qwenTemplate, '--data-dir', fixtureData, '--limit', '1', '--datasets', 'gsm8k'], { env: { USERTURN_STREAM: stream } });
    const [plain, streamed] = [await dry('0'), await dry('1')];
    assert.equal(streamed.code, 0, streamed.stderr);
    assert.doesNotMatch(streamed.stderr, /channel markers are lost/);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stderr, /TGI returns text without special tokens when not streamed \(USERTURN_STREAM=0\): gpt-oss channel markers are lost/);
  });
});
