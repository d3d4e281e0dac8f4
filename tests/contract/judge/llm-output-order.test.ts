import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { JudgeConfig } from '../../../runners/judge/llm/config.ts';
import { createLlmJudge } from '../../../runners/judge/llm/judge.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';

/**
 * judge-v2 asks for the rationale before the label. What matters is the JSON schema the server receives
 * (constrained decoding writes keys in schema order), so these tests read the request bodies the simulator got.
 */
let sim: RunningSim;
before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 });
});
after(async () => {
  await sim.close();
});

interface SentBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format: { type: string; json_schema: { name: string; strict?: boolean; schema: { properties: Record<string, unknown>; required: string[] } } };
}

async function judgeRequests(): Promise<SentBody[]> {
  return ((await (await fetch(`${sim.url}/sim/judge-requests`)).json()) as { requests: SentBody[] }).requests;
}

/** The raw answer content the simulator gives for a body, read without the SDK (so key order is visible). */
async function rawAnswer(body: SentBody): Promise<string> {
  const r = (await (await fetch(`${sim.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
    choices: Array<{ message: { content: string } }>;
  };
  return r.choices[0]!.message.content;
}

const config = (extra: Record<string, unknown> = {}) => JudgeConfig.parse({ base_url: `${sim.url}/v1`, model: 'judge', retries: 0, backoff_ms: 0, timeout_ms: 5000, ...extra });
const item = { id: 'o', question: 'A train travels 210 km at 70 km/h. How long is the trip?', response: '210 ÷ 70 = 3, so 3 hours.', user_turn: 'Why divide 210 by 70?' };

test('judge-v2 (the default) sends a JSON schema with rationale before label; judge-v1 sends label first', async () => {
  const v2 = await createLlmJudge(config()).judge(item);
  assert.equal(v2.kind, 'label');
  const [sent2] = (await judgeRequests()).slice(-1);
  assert.equal(sent2!.response_format.type, 'json_schema');
  assert.deepEqual(Object.keys(sent2!.response_format.json_schema.schema.properties), ['rationale', 'label', 'evidence_span']);
  assert.deepEqual(sent2!.response_format.json_schema.schema.required, ['rationale', 'label', 'evidence_span']);
  assert.match(sent2!.messages[0]!.content, /Reply with JSON only, the rationale first/);

  const v1 = await createLlmJudge(config({ prompt_version: 'judge-v1' })).judge(item);
  assert.equal(v1.kind, 'label');
  if (v1.kind === 'label') assert.equal(v1.judge, 'llm:judge:judge-v1');
  const [sent1] = (await judgeRequests()).slice(-1);
  assert.deepEqual(Object.keys(sent1!.response_format.json_schema.schema.properties), ['label', 'rationale', 'evidence_span']);
  assert.doesNotMatch(sent1!.messages[0]!.content, /rationale first/);

  // The simulator answers in the schema's order, as constrained decoding would.
  assert.match(await rawAnswer(sent2!), /^\{"rationale":/);
  assert.match(await rawAnswer(sent1!), /^\{"label":/);
});

test('a structured answer parses whichever order its keys come in', async () => {
  // Label first against judge-v2's rationale-first schema, and rationale first against judge-v1's.
  const cases = [
    { model: 'judge-labelfirst', prompt_version: 'judge-v2', starts: /^\{"label":/ },
    { model: 'judge-rationalefirst', prompt_version: 'judge-v1', starts: /^\{"rationale":/ },
  ];
  for (const c of cases) {
    const j = createLlmJudge(config({ model: c.model, prompt_version: c.prompt_version }));
    const v = await j.judge(item);
    const [sent] = (await judgeRequests()).slice(-1);
    assert.match(await rawAnswer(sent!), c.starts, `${c.model} answers in the forced order`);
    assert.equal(v.kind, 'label', `${c.model} with ${c.prompt_version}: ${JSON.stringify(v)}`);
    if (v.kind === 'label') {
      assert.equal(v.label, 'genuine_followup');
      assert.match(v.rationale, /sim rule/);
    }
    assert.equal(j.stats.retries, 0, 'parsed on the first attempt');
  }
});
