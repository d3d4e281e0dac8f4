import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { JudgeConfig } from '../../../runners/judge/llm/config.ts';
import { createLlmJudge } from '../../../runners/judge/llm/judge.ts';

/**
 * A 429 with `retry-after: <seconds>` (what OpenAI-compatible servers and proxies send; `retry-after-ms` is an
 * OpenAI extra) must be honoured: retrying after the short exponential backoff only turns rate limits into
 * judge errors.
 */
test('LLM judge: a 429 with retry-after in seconds waits that long before the next attempt', async () => {
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    req.resume();
    if (calls === 1) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
      return res.end(JSON.stringify({ error: { message: 'rate limited', type: 'rate_limit' } }));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'c1',
        object: 'chat.completion',
        created: 0,
        model: 'm',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', refusal: null, content: JSON.stringify({ label: 'genuine_followup', rationale: 'Asks why.', evidence_span: null }) } }],
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const slept: number[] = [];
    const config = JudgeConfig.parse({ base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, model: 'm', retries: 2, backoff_ms: 10, timeout_ms: 5000 });
    const j = createLlmJudge(config, { sleep: async (ms) => void slept.push(ms) });
    const v = await j.judge({ id: 'x', question: 'q', response: 'a', user_turn: 'Why?' });
    assert.equal(v.kind, 'label');
    assert.equal(calls, 2);
    assert.ok(slept.some((ms) => ms >= 3000), `waited ${JSON.stringify(slept)} ms; retry-after asked for 3000`);
  } finally {
    server.close();
  }
});
