import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Sample, Verdict } from '../../../src/schema/index.ts';
import { toOutputLine } from '../../../runners/judge/batch/output.ts';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { JudgeConfig } from '../../../runners/judge/llm/config.ts';
import { createLlmJudge } from '../../../runners/judge/llm/judge.ts';
import { loadJudgePrompt, renderJudgeRequest } from '../../../runners/judge/llm/prompt.ts';
import { shortenField, type FieldLimit } from '../../../runners/judge/llm/shorten.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';

const middle: FieldLimit = { max_chars: 10, mode: 'middle', marker: '[… {n} characters omitted …]' };

test('shortenField: a field at or under the limit is untouched and not recorded', () => {
  for (const text of ['', 'short', '0123456789']) assert.deepEqual(shortenField('user_turn', text, middle), { text, record: null });
});

test('shortenField: a long field keeps its head and tail, shows the omitted count, and says what it kept', () => {
  const text = `HEAD-${'x'.repeat(12_345)}-TAIL`;
  const r = shortenField('response', text, middle);
  assert.equal(r.text, `HEAD-\n[… 12,345 characters omitted …]\n-TAIL`);
  assert.deepEqual(r.record, { field: 'response', original_chars: text.length, kept_chars: 10 });
  // Odd limits: the head gets the extra character.
  const odd = shortenField('question', 'abcdefghijklmnop', { ...middle, max_chars: 5 });
  assert.equal(odd.text, 'abc\n[… 11 characters omitted …]\nop');
  assert.equal(odd.record?.kept_chars, 5);
});

test('shortenField: a cut never splits a surrogate pair (the emoji is left out whole)', () => {
  // 'ab' + 😀 (2 code units) + 'cdefgh' + 😀 + 'ij': the natural head cut (3) and tail start would split both.
  const text = 'ab😀cdefgh😀ij';
  const r = shortenField('user_turn', text, { ...middle, max_chars: 6 });
  assert.equal(r.text, 'ab\n[… 10 characters omitted …]\nij');
  assert.equal(r.record?.kept_chars, 4);
  assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(r.text), 'no lone surrogate');
});

test('judge-v2 request: only the long field is shortened, in the middle, and the record names it', () => {
  const p = loadJudgePrompt('judge-v2');
  const limit = p.field_limit.max_chars;
  const response = `ANSWER-HEAD ${'a'.repeat(limit)} ANSWER-MIDDLE ${'b'.repeat(limit)} ANSWER-TAIL`;
  const { messages, shortened } = renderJudgeRequest(p, { question: 'q?', response, user_turn: 'Why?' });
  const sent = JSON.parse(messages[1]!.content.slice(messages[1]!.content.indexOf('{'))) as Record<string, string>;
  assert.equal(sent.question, 'q?');
  assert.equal(sent.user_turn, 'Why?');
  assert.ok(sent.assistant_answer!.startsWith('ANSWER-HEAD '));
  assert.ok(sent.assistant_answer!.endsWith(' ANSWER-TAIL'));
  assert.ok(!sent.assistant_answer!.includes('ANSWER-MIDDLE'));
  assert.match(sent.assistant_answer!, new RegExp(`\\n\\[… ${(response.length - limit).toLocaleString('en-US')} characters omitted …\\]\\n`));
  assert.deepEqual(shortened, [{ field: 'response', original_chars: response.length, kept_chars: limit }]);
});

let sim: RunningSim;
before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 });
});
after(async () => {
  await sim.close();
});

async function lastJudgeRequest(): Promise<{ messages: Array<{ role: string; content: string }> }> {
  const r = (await (await fetch(`${sim.url}/sim/judge-requests`)).json()) as { requests: Array<{ messages: Array<{ role: string; content: string }> }> };
  return r.requests.at(-1)!;
}

const config = (extra: Record<string, unknown> = {}) => JudgeConfig.parse({ base_url: `${sim.url}/v1`, model: 'judge', retries: 0, backoff_ms: 0, timeout_ms: 5000, ...extra });

test('over HTTP: a shortened field is recorded on the verdict (also when it comes from the cache); short items carry no record', async () => {
  const cache = memoryCache();
  const j = createLlmJudge(config(), { cache });
  const userTurn = `Why did you divide? ${'really '.repeat(3000)}I still do not see it?`;
  const v = await j.judge({ id: 'long', question: 'What is 210 / 70?', response: '210 / 70 = 3.', user_turn: userTurn });
  assert.equal(v.kind, 'label');
  assert.deepEqual(v.shortened, [{ field: 'user_turn', original_chars: userTurn.length, kept_chars: 8000 }]);
  assert.equal(Verdict.safeParse(v).success, true);
  const body = await lastJudgeRequest();
  const user = body.messages.at(-1)!.content;
  assert.ok(user.includes('Why did you divide?') && user.includes('I still do not see it?'), 'head and tail reach the judge');
  assert.ok(user.includes(`[… ${(userTurn.length - 8000).toLocaleString('en-US')} characters omitted …]`), 'the marker is visible to the judge');
  assert.ok(user.length < userTurn.length, 'the request is shorter than the raw turn');

  const again = await j.judge({ id: 'long', question: 'What is 210 / 70?', response: '210 / 70 = 3.', user_turn: userTurn });
  assert.equal(j.stats.cacheHits, 1);
  assert.deepEqual(again, v);

  const short = await j.judge({ id: 'short', question: 'What is 210 / 70?', response: '210 / 70 = 3.', user_turn: 'Why divide?' });
  assert.equal(short.kind, 'label');
  assert.equal('shortened' in short, false);
  assert.equal('shortened' in toOutputLine('short', short), false);
  assert.deepEqual(toOutputLine('long', v).shortened, v.shortened);
});

test('over HTTP: judge-v1 records its head cut too, and a judge_error still says what was shortened', async () => {
  const v1 = createLlmJudge(config({ prompt_version: 'judge-v1' }));
  const response = 'z'.repeat(6500);
  const v = await v1.judge({ id: 'v1', question: 'q', response, user_turn: 'Why so many z?' });
  assert.equal(v.kind, 'label');
  assert.deepEqual(v.shortened, [{ field: 'response', original_chars: 6500, kept_chars: 6000 }]);
  assert.match((await lastJudgeRequest()).messages.at(-1)!.content, /\[…truncated: 500 more characters\]/);

  const failing = createLlmJudge(config({ model: 'judge-badlabel' }));
  const e = await failing.judge({ id: 'e', question: 'q', response: 'y'.repeat(9000), user_turn: 'Why?' });
  assert.equal(e.kind, 'judge_error');
  assert.deepEqual(e.shortened, [{ field: 'response', original_chars: 9000, kept_chars: 8000 }]);
  assert.equal(Verdict.safeParse(e).success, true);
});

test('verdicts and samples written before the field existed still validate; a malformed record does not', () => {
  const label = { kind: 'label', label: 'genuine_followup', rationale: 'r', evidence_span: null, rule: null, judge: 'llm:m:judge-v1' };
  const error = { kind: 'judge_error', reason: 'timed out', judge: 'llm:m:judge-v1' };
  assert.equal(Verdict.safeParse(label).success, true);
  assert.equal(Verdict.safeParse(error).success, true);
  assert.equal(Verdict.safeParse({ ...label, shortened: [{ field: 'answer', original_chars: 1, kept_chars: 1 }] }).success, false);
  assert.equal(Verdict.safeParse({ ...label, shortened: [{ field: 'response', original_chars: -1, kept_chars: 1 }] }).success, false);
  // A Sample's verdicts use the same schema: the optional field is accepted there too.
  const verdictsSchema = Sample.shape.verdicts;
  assert.equal(verdictsSchema.safeParse([label, { ...label, shortened: [{ field: 'user_turn', original_chars: 9000, kept_chars: 8000 }] }]).success, true);
});
