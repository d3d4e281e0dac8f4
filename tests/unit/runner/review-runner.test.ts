import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import { createEndpoints, EndpointError } from '../../../runners/client/endpoints.ts';
import { servedModels } from '../../../runners/client/model-lookup.ts';
import { RequestFailed } from '../../../runners/client/types.ts';
import { truncateText } from '../../../runners/probe/perturb.ts';
import { runProbe } from '../../../runners/probe/pipeline.ts';
import { fixtureSetup } from '../../helpers/fixture-setup.ts';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import { join } from 'node:path';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';
import { stripReasoning } from '../../../runners/templates/reasoning.ts';
import { renderTemplate, type ChatTemplate } from '../../../runners/templates/render.ts';

const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

describe('runner review: secrets and bad input', () => {
  it("a URL's user:password is sent as Basic auth when no key is set; a key is sent as a Bearer token", async () => {
    // The Bearer header the runner always sent ("Bearer none" without a key) shadowed the URL's credentials.
    const seen: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://bob:pa%3Ass@127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    await servedModels(createEndpoints([url], undefined, 1000), { timeoutMs: 1000 });
    await servedModels(createEndpoints([url], 'sk-key', 1000), { timeoutMs: 1000 });
    assert.deepEqual(seen, [`Basic ${Buffer.from('bob:pa:ss').toString('base64')}`, 'Bearer sk-key']);
  });

  it('an endpoint error never prints the user:password or query string of the base URL', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"boom"}}');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    for (const url of [`http://user:s3cret@127.0.0.1:${port}/v1`, `http://127.0.0.1:${port}/v1?api_key=s3cret`]) {
      const err = await servedModels(createEndpoints([url], undefined, 1000), { timeoutMs: 1000 }).then(
        () => assert.fail('expected an EndpointError'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof EndpointError);
      assert.doesNotMatch(err.message, /s3cret/, err.message);
      assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}/v1/models`));
    }
  });

  it('a failed request records no user:password from the base URL in its reason (samples are published)', async () => {
    const saved = process.env.USERTURN_FETCH;
    // The global fetch refuses URLs with credentials and quotes the whole URL in its error.
    process.env.USERTURN_FETCH = 'global';
    try {
      const client = createCompletionsClient({
        baseURLs: ['http://user:s3cret@127.0.0.1:9/v1'], concurrency: 1, timeoutMs: 1000, maxAttempts: 1, backoffBaseMs: 1, backoffMaxMs: 1, cache: memoryCache(),
      });
      const err = await client.complete({ model: 'm', prompt: 'p', max_tokens: 1, temperature: 0, top_p: 1, seed: 1, stop: [] }).then(
        () => assert.fail('expected a failure'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof RequestFailed);
      assert.doesNotMatch(err.message, /s3cret/, err.message);
    } finally {
      if (saved === undefined) delete process.env.USERTURN_FETCH;
      else process.env.USERTURN_FETCH = saved;
    }
  });

  it('truncation never splits a character in two (a lone surrogate is not text a server can tokenize)', () => {
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const text of ['ab\u{1F600}cd', '\u{1F600}\u{1F600}\u{1F600}', '\u{20BB7}\u{20BB7}\u{20BB7}\u{20BB7}x']) {
      for (const boundary of ['word', 'char'] as const) {
        const out = truncateText(text, 0.5, boundary);
        assert.doesNotMatch(out, lone, `${JSON.stringify(text)} ${boundary} -> ${JSON.stringify(out)}`);
        assert.ok(text.startsWith(out));
      }
    }
  });

  it('a template that prints today\'s date with strftime_now renders the same prompt on every day', () => {
    const tpl: ChatTemplate = { source: 'test', template: '{{- "Current date: " + strftime_now("%Y-%m-%d") -}}', bos_token: null, eos_token: null };
    const out = renderTemplate(tpl, [], false);
    // The same fixed day as date_string (Llama 3.1's own default, 26 Jul 2024).
    assert.equal(out, 'Current date: 2024-07-26');
  });

  it('gpt-oss harmony: the assistant turn is not stopped at the end of its analysis message, so the final answer is kept', () => {
    // The structure of gpt-oss's chat template (system message, final-channel assistant messages, <|end|> after every message).
    const harmony: ChatTemplate = {
      source: 'test:harmony',
      template: [
        '{{- "<|start|>system<|message|>Knowledge cutoff: 2024-06\nCurrent date: " + strftime_now("%Y-%m-%d") + "<|end|>" -}}',
        '{%- for message in messages -%}',
        '{%- if message.role == "assistant" -%}{{- "<|start|>assistant<|channel|>final<|message|>" + message.content + "<|end|>" -}}',
        '{%- elif message.role == "user" -%}{{- "<|start|>user<|message|>" + message.content + "<|end|>" -}}{%- endif -%}',
        '{%- endfor -%}',
        '{%- if add_generation_prompt -%}<|start|>assistant{%- endif -%}',
      ].join(''),
      bos_token: '<|startoftext|>',
      eos_token: '<|return|>',
    };
    const b = createPromptBuilder(harmony, { sentinel: '\u27e6S\u27e7', stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning: 'harmony' });
    // What a server returns: the completion cut before the first stop string that occurs in it.
    const completion = '<|channel|>analysis<|message|>Add 2 and 2.<|end|><|start|>assistant<|channel|>final<|message|>2 + 2 = 4.<|return|>';
    let cut = completion.length;
    for (const s of b.assistantStops) {
      const i = completion.indexOf(s);
      if (i >= 0 && i < cut) cut = i;
    }
    assert.equal(stripReasoning(completion.slice(0, cut), 'harmony'), '2 + 2 = 4.', `stops ${JSON.stringify(b.assistantStops)}`);
    // The user turn still ends at the end of its message.
    assert.equal(b.userTurnStops[0], '<|end|>');
    assert.ok(b.userTurnPrompt('q', 'a').endsWith('<|start|>assistant<|channel|>final<|message|>a<|end|><|start|>user<|message|>'));
  });

  it('once a run has failed, no further item is started (with --no-cache nothing else would stop the rest of the plan)', async () => {
    const setup = await fixtureSetup(20, ['gsm8k', 'ifeval', 'mt_bench']);
    const items = setup.datasets.reduce((n, d) => n + d.items.length, 0);
    assert.ok(items >= 10, `${items} fixture items`);
    let calls = 0;
    const failure = runProbe(setup, {
      complete: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 2));
        return { text: 'The answer is 4.', finish_reason: 'stop', model: 'm', latency_ms: 1, cached: false };
      },
      judges: [createHeuristicJudge()],
      verify: () => null,
      model: 'm',
      itemWindow: 1,
      sink: {
        add() {
          throw new Error('invalid sample');
        },
      },
    });
    await assert.rejects(failure, /invalid sample/);
    await new Promise((r) => setTimeout(r, 300));
    const perItem = 1 + setup.suite.conditions.reduce((n, c) => n + c.samples, 0);
    assert.ok(calls <= 2 * perItem, `${calls} requests for a run that failed on its first item (${perItem} per item, ${items} items, window 1)`);
  });
});
