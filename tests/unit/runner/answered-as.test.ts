import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import { requestKey, sha256Hex } from '../../../runners/cache/key.ts';
import { openSqliteCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import type { CompletionBody } from '../../../runners/client/types.ts';

/**
 * vLLM served as `--served-model-name first asked` names every answer "first" (served-aliases.ts). The answer is kept
 * under the asked name, and the name it carried is kept beside it (answered_as), in the cache row too, so a rerun
 * answered from the cache knows it as the run that sent the request did.
 */
const servers: Server[] = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

async function answeringAs(name: string): Promise<{ url: string; sent: () => number }> {
  let n = 0;
  const server = createServer((req, res) => {
    n++;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: name, choices: [{ index: 0, text: 'hi', finish_reason: 'stop' }] }));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, sent: () => n };
}

const body: CompletionBody = { model: 'asked', prompt: 'p', max_tokens: 8, temperature: 0, top_p: 1, seed: 1, stop: [] };
const client = (url: string, cacheFile: string) =>
  createCompletionsClient({ baseURLs: [url], concurrency: 2, timeoutMs: 2000, maxAttempts: 1, backoffBaseMs: 1, backoffMaxMs: 1, stream: false, cache: openSqliteCache(cacheFile, { scope: 's' }) });

test('an answer under another served name is kept under the asked name, and the name it carried is recorded, sent or cached', async () => {
  const ep = await answeringAs('first');
  const file = join(mkdtempSync(join(tmpdir(), 'ut-answered-')), 'requests.sqlite');
  const c = client(ep.url, file);
  c.answerAliases.add('first');
  const sent = await c.complete(body);
  assert.deepEqual([sent.model, sent.answered_as, sent.cached], ['asked', 'first', false]);
  assert.deepEqual([...c.answeredAs], ['first']);

  const rerun = client(ep.url, file);
  const hit = await rerun.complete(body);
  assert.deepEqual([hit.model, hit.answered_as, hit.cached, ep.sent()], ['asked', 'first', true, 1], 'the same key hits the cache, with the name');
  assert.deepEqual([...rerun.answeredAs], ['first']);
});

test('an answer under the asked name records none', async () => {
  const ep = await answeringAs('asked');
  const file = join(mkdtempSync(join(tmpdir(), 'ut-answered-')), 'requests.sqlite');
  const c = client(ep.url, file);
  assert.equal((await c.complete(body)).answered_as, undefined);
  assert.equal(c.answeredAs.size, 0);
  const db = new DatabaseSync(file);
  assert.deepEqual(db.prepare('SELECT answered_as FROM responses').all().map((r) => r.answered_as), [null]);
  db.close();
});

test('a row an older userturn wrote (no answered_as column, its checksum of text, finish reason and model) is still a hit', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'ut-answered-old-')), 'requests.sqlite');
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE responses (scope TEXT NOT NULL, key TEXT NOT NULL, text TEXT NOT NULL, finish_reason TEXT NOT NULL, model TEXT NOT NULL, latency_ms REAL NOT NULL, created_at TEXT NOT NULL, sha256 TEXT, audit TEXT, PRIMARY KEY (scope, key)) STRICT');
  db.prepare('INSERT INTO responses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run('s', requestKey(body), 'hi', 'stop', 'asked', 3, '2026-01-01T00:00:00Z', sha256Hex(JSON.stringify(['hi', 'stop', 'asked'])), null);
  db.close();
  const cache = openSqliteCache(file, { scope: 's' });
  assert.deepEqual(cache.get(requestKey(body)), { text: 'hi', finish_reason: 'stop', model: 'asked', latency_ms: 3 });
  cache.close();
});

test('a recorded name altered on disk fails the row\'s checksum: the answer is asked for again', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'ut-answered-sum-')), 'requests.sqlite');
  const cache = openSqliteCache(file, { scope: 's' });
  await cache.put('k', { text: 'hi', finish_reason: 'stop', model: 'asked', latency_ms: 1, answered_as: 'first' });
  cache.close();
  const db = new DatabaseSync(file);
  db.prepare("UPDATE responses SET answered_as = 'other'").run();
  db.close();
  const reports: string[] = [];
  const again = openSqliteCache(file, { scope: 's', onCorruptRow: (m) => reports.push(m) });
  assert.equal(again.get('k'), null);
  assert.equal(reports.length, 1);
  again.close();
});
