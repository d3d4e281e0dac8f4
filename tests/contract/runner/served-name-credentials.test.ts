import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureData, qwenTemplate, runCli } from '../../helpers/processes.ts';

/**
 * An engine served under a name that looks like a URL with user:password (vLLM takes any --served-model-name) and
 * answering every request with it, as vLLM names answers with its first served name. The run recorded that name in
 * provenance.answered_models as it came, which the schema refuses, so the run failed at its summary after every
 * request was answered.
 */
const FIRST = 'http://user:pw@example.com/m';

test('a served name carrying user:password is recorded with [redacted]@ in its place, and the run completes', async (t) => {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/v1/models')) return void res.end(JSON.stringify({ object: 'list', data: [{ id: FIRST, root: 'w', parent: null }, { id: 'qwen3.5-9b', root: 'w', parent: null }] }));
      if (req.url?.startsWith('/v1/completions')) return void res.end(JSON.stringify({ id: 'x', object: 'text_completion', model: FIRST, choices: [{ index: 0, text: 'Why is it 12?', finish_reason: 'stop' }] }));
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  const out = await mkdtemp(join(tmpdir(), 'ut-served-cred-'));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', url, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--cache', join(out, 'requests.sqlite')]);
  assert.equal(r.code, 0, r.stderr);
  const summary = await readFile(join(out, 'qwen3.5-9b', 'summary.json'), 'utf8');
  assert.deepEqual((JSON.parse(summary) as { provenance: { answered_models: string[] } }).provenance.answered_models, ['http://[redacted]@example.com/m']);
  assert.ok(!summary.includes('user:pw'), 'the password is in no field of the summary');
  assert.equal((await runCli(['validate', out])).code, 0);
});
