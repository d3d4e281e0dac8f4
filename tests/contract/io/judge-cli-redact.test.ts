import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { runCli } from '../../helpers/processes.ts';

it('userturn judge: a judge endpoint that echoes its Authorization header in errors never puts the key in the output', async () => {
  const key = 'sk-judge-secret-9f8e7d6c5b4a';
  const server = createServer((req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `bad upstream; got authorization: ${req.headers.authorization}` } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const dir = await mkdtemp(join(tmpdir(), 'ut-judge-redact-'));
    const cfg = join(dir, 'judge.yaml');
    await writeFile(cfg, `base_url: http://127.0.0.1:${(server.address() as AddressInfo).port}/v1\nmodel: j\napi_key_env: UT_JUDGE_KEY\nretries: 0\nbackoff_ms: 0\n`);
    const input = join(dir, 'in.jsonl');
    await writeFile(input, `${JSON.stringify({ id: 'a', question: 'What is 2+2?', response: 'It is 4.', user_turn: 'Why 4?' })}\n`);
    // An asynchronous child: the server above answers from this process's event loop.
    const r = await runCli(['judge', '--input', input, '--judge-config', cfg], { env: { UT_JUDGE_KEY: key } });
    assert.ok(!(r.stdout + r.stderr).includes(key), `the judge key was printed:\n${r.stdout}${r.stderr}`);
    assert.match(r.stdout + r.stderr, /\[redacted\]/);
  } finally {
    server.close();
  }
});
