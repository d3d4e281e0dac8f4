import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ENGINES as TABLE, type EngineId } from '../../../runners/engines/behaviour.ts';
import { SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';
import { MORE, probe as probeRaw, probeOk as probe, sims, stopped, TEMPLATES } from '../../helpers/engine-probe.ts';

/**
 * Engine-independent stops over real HTTP: the simulator emulates each engine's special-token and stop-string
 * handling (runners/engines/<engine>.ts) and scripts user turns that run on past a role header into an
 * assistant reply; the runner sends each engine its own settings and cuts what comes back itself.
 * Ollama's own contract (raw prompts on /api/generate) is tests/contract/runner/engine-ollama.test.ts.
 */
const ENGINES: EngineId[] = ['vllm', 'sglang', 'tgi', 'llamacpp'];

after(async () => {
  for (const s of sims) await s.close();
});

describe('a user turn that runs past a role header is cut there and marked, for every engine setting', () => {
  for (const t of TEMPLATES) {
    for (const engine of ['vllm', 'sglang', 'llamacpp'] as const) {
      it(`${engine}, ${t.name}: the engine returns the run-on text; the runner cuts at ${t.marker} and records it`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
        const samples = await probe(engine, t, { ignoreStops: true, serverSpecial: engine === 'llamacpp' });
        for (const x of samples) assert.ok(!x.user_turn.includes(MORE), `${x.id}: the assistant's reply never stays in the user turn: ${JSON.stringify(x.user_turn)}`);
        const runOn = stopped(samples);
        assert.ok(runOn.length >= 10);
        for (const x of runOn) {
          assert.equal(x.user_turn_cut?.kind, 'marker', `${x.id} is marked as cut`);
          assert.equal(x.user_turn_cut!.marker, t.marker);
          assert.ok(x.user_turn_cut!.removed.startsWith(t.marker) && x.user_turn_cut!.removed.includes(MORE), x.user_turn_cut!.removed);
          assert.equal(x.user_turn_cut!.raw_chars, x.user_turn.length + x.user_turn_cut!.removed.length);
        }
      });
    }
    it(`tgi not streamed (USERTURN_STREAM=0), ${t.name}: TGI applies stops on text with special tokens but returns it without them and keeps the stop text; the runner cuts what is left`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
      const samples = await probe('tgi', t, { stream: false });
      for (const x of samples) assert.ok(!x.user_turn.includes(MORE), `${x.id}: ${JSON.stringify(x.user_turn)}`);
      const cuts = samples.filter((x) => x.user_turn_cut);
      if (t.name === 'Qwen3.5') {
        // "<|im_start|>assistant" matched, "<|im_start|>" dropped from the text, "assistant" left at the end.
        assert.ok(cuts.length >= 5, `run-on turns are cut (${cuts.length})`);
        for (const x of cuts) assert.deepEqual([x.user_turn_cut!.kind, x.user_turn_cut!.marker, x.user_turn_cut!.removed], ['stop_remnant', 'assistant', 'assistant']);
        for (const x of cuts) assert.ok(!/assistant\s*$/.test(x.user_turn));
      } else {
        // <|end|> and <|assistant|> leave nothing visible once dropped: TGI's own stop is the whole story.
        assert.equal(cuts.length, 0);
      }
    });
  }
});

describe('with each engine behaving as its source says, no assistant reply reaches a user turn', () => {
  for (const t of TEMPLATES) {
    for (const engine of ENGINES) {
      it(`${engine}${engine === 'llamacpp' ? ' --special' : ''}, ${t.name}`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
        const samples = await probe(engine, t, { serverSpecial: true });
        for (const x of samples) assert.ok(!x.user_turn.includes(MORE) && !x.user_turn.includes(t.marker), `${x.id}: ${JSON.stringify(x.user_turn)}`);
        // Where the engine stopped (vLLM, SGLang with skip_special_tokens false, llama.cpp --special) nothing is cut.
        if (engine !== 'tgi') assert.equal(samples.filter((x) => x.user_turn_cut).length, 0);
      });
    }
  }
  it('llama.cpp without --special drops the GLM role header from its text, so neither it nor the runner can stop there (why docs/runner.md asks for --special)', async () => {
    const samples = await probe('llamacpp', TEMPLATES[2]!, { serverSpecial: false });
    const leaked = stopped(samples).filter((x) => x.user_turn.includes(MORE));
    assert.ok(leaked.length >= 10, `run-on turns come back whole (${leaked.length})`);
    assert.ok(leaked.every((x) => !x.user_turn_cut));
  });
});

it('TGI names a stop match "stop_sequence" (router/src/lib.rs FinishReason): a client that does not map it back loses those answers', { skip: TEMPLATES[0]!.path ? false : SKIP_REAL_TEMPLATES }, async () => {
  const { requestErrors } = await probeRaw('tgi', TEMPLATES[0]!, { client: { ...TABLE.tgi, finishAliases: {} } });
  assert.ok(requestErrors > 0, 'stop-matched answers are refused as incomplete without the mapping');
});
