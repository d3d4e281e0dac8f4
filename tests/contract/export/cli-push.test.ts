import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { exportResults } from '../../../runners/export/export.ts';
import { ExportInputError } from '../../../runners/export/load-results.ts';
import { pushExport } from '../../../runners/export/push.ts';
import { runCli } from '../../helpers/cli.ts';
import { runCli as runCliAsync } from '../../helpers/processes.ts';
import { assertEscaped, HOSTILE } from '../../helpers/hostile-text.ts';
import { FIXTURE, twoResults } from '../../helpers/export-fixture.ts';

const { root, dirs } = twoResults();
after(() => rmSync(root, { recursive: true, force: true }));

function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out.set(join(e.parentPath, e.name).slice(dir.length + 1), readFileSync(join(e.parentPath, e.name)));
  return out;
}

test('same input, same bytes: two exports (inputs in either order) are identical', async () => {
  await exportResults(dirs, join(root, 'a'));
  await exportResults([...dirs].reverse(), join(root, 'b'));
  const a = filesOf(join(root, 'a'));
  assert.deepEqual([...a.keys()].sort(), ['README.md', 'data/gsm8k.parquet', 'data/mt_bench.parquet', 'data/summary.parquet', 'lm_eval/sim-edge/results.json', 'lm_eval/sim-qwen3.5-0.8b/results.json']);
  assert.deepEqual(filesOf(join(root, 'b')), a);
});

test('a re-export removes files an earlier export left in data/ and lm_eval/, and no temp files remain', async () => {
  const out = join(root, 'stale');
  await exportResults(dirs, out);
  await exportResults([FIXTURE], out);
  assert.deepEqual([...filesOf(out).keys()].sort(), ['README.md', 'data/gsm8k.parquet', 'data/mt_bench.parquet', 'data/summary.parquet', 'lm_eval/sim-qwen3.5-0.8b/results.json']);
});

test('an --out folder with a README.md that export did not write (a checkout root, say) is refused, untouched', async () => {
  const out = join(root, 'foreign');
  mkdirSync(out);
  writeFileSync(join(out, 'README.md'), '# my project\n');
  await assert.rejects(exportResults(dirs, out), (e: Error) => e instanceof ExportInputError && /has a README\.md that userturn export did not write/.test(e.message));
  assert.deepEqual([...filesOf(out).keys()], ['README.md']);
  assert.equal(readFileSync(join(out, 'README.md'), 'utf8'), '# my project\n');
});

test('CLI: a bad sample line is one line naming file, line and field, exit 1', () => {
  const bad = join(root, 'bad', 'sim-qwen3.5-0.8b');
  mkdirSync(join(bad, 'samples'), { recursive: true });
  writeFileSync(join(bad, 'summary.json'), readFileSync(join(FIXTURE, 'summary.json')));
  writeFileSync(join(bad, 'samples', 'mt_bench.jsonl'), readFileSync(join(FIXTURE, 'samples', 'mt_bench.jsonl')));
  const lines = readFileSync(join(FIXTURE, 'samples', 'gsm8k.jsonl'), 'utf8').split('\n');
  lines[1] = lines[1]!.replace('"temperature":0.7', '"temperature":"hot"');
  writeFileSync(join(bad, 'samples', 'gsm8k.jsonl'), lines.join('\n'));
  const r = runCli(['export', bad, '--out', join(root, 'bad-out')]);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.match(r.stderr, /gsm8k\.jsonl:2: temperature: /);
  assert.equal(existsSync(join(root, 'bad-out')), false, 'nothing is written on bad input');
});

test('CLI: a duplicate submission and a missing result folder are named, exit 1; no --out is a usage error', () => {
  let r = runCli(['export', FIXTURE, FIXTURE, '--out', join(root, 'dup')]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /summary\.json: submission\.id: "sim-qwen3\.5-0\.8b" is also in/);
  r = runCli(['export', join(root, 'nowhere'), '--out', join(root, 'x')]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /nowhere\/summary\.json: \(file\): cannot read file: no such file or folder \(ENOENT\): export takes result folders, each holding a summary\.json \(results\/<id>\)$/m);
  r = runCli(['export', FIXTURE]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--out DIR is required/);
});

test('a dataset the summary lists without its samples file is named', async () => {
  const dir = join(root, 'partial', 'sim-qwen3.5-0.8b');
  mkdirSync(join(dir, 'samples'), { recursive: true });
  writeFileSync(join(dir, 'summary.json'), readFileSync(join(FIXTURE, 'summary.json')));
  writeFileSync(join(dir, 'samples', 'gsm8k.jsonl'), readFileSync(join(FIXTURE, 'samples', 'gsm8k.jsonl')));
  await assert.rejects(exportResults([dir], join(root, 'partial-out')), (e: Error) => e instanceof ExportInputError && /samples\/mt_bench\.jsonl: \(file\): missing: summary\.json lists dataset "mt_bench"$/.test(e.message));
});

test('CLI: --push without a token (no HF_TOKEN, no stored login) refuses with a clear line, after writing the folder', () => {
  const env = { HF_TOKEN: '', HF_TOKEN_PATH: join(root, 'no-such-token'), HF_ENDPOINT: 'http://127.0.0.1:9' };
  const r = runCli(['export', FIXTURE, '--out', join(root, 'nopush'), '--push', 'someone/userturn-results'], { env });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^--push: no Hugging Face token: set HF_TOKEN .* \(stored in .*no-such-token\)$/m);
  assert.ok(existsSync(join(root, 'nopush', 'README.md')));
});

/**
 * A stand-in for the Hub's commit API, answering as the Hub does for a dataset repo: Parquet files go through LFS
 * (preupload says "lfs", the LFS batch answers with a basic-transfer upload URL, the client PUTs the bytes there),
 * the other files are "regular" (inline, base64, in the NDJSON commit).
 */
async function fakeHub(commitUrl = 'http://hub/commit/abc123') {
  const requests: Array<{ method: string; url: string; auth: string | undefined; body: Buffer }> = [];
  const lfs = new Map<string, Buffer>();
  const repo = '/api/datasets/someone/userturn-results';
  const server = createServer(async (req, res) => {
    const body = Buffer.concat(await req.toArray());
    const url = req.url!;
    requests.push({ method: req.method!, url, auth: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (url === `${repo}/preupload/main`) {
      const files = (JSON.parse(body.toString()).files as Array<{ path: string }>).map((f) => ({ path: f.path, uploadMode: f.path.endsWith('.parquet') ? 'lfs' : 'regular', shouldIgnore: false }));
      res.end(JSON.stringify({ files }));
    } else if (url === '/datasets/someone/userturn-results.git/info/lfs/objects/batch') {
      const { objects } = JSON.parse(body.toString()) as { objects: Array<{ oid: string; size: number }> };
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.end(JSON.stringify({ transfer: 'basic', objects: objects.map((o) => ({ ...o, actions: { upload: { href: `${base}/lfs-upload/${o.oid}` } } })) }));
    } else if (url.startsWith('/lfs-upload/') && req.method === 'PUT') {
      lfs.set(url.slice('/lfs-upload/'.length), body);
      res.end('{}');
    } else if (url === `${repo}/commit/main`) res.end(JSON.stringify({ success: true, commitOid: 'abc123', commitUrl }));
    else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'Repository not found' }));
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, lfs, close: () => server.close() };
}

test('--push uploads every file in one commit to HF_ENDPOINT with the HF_TOKEN bearer (Parquet through LFS)', async () => {
  const hub = await fakeHub();
  try {
    const out = join(root, 'push');
    const { files } = await exportResults(dirs, out);
    const url = await pushExport(out, files, 'someone/userturn-results', { env: { HF_TOKEN: 'hf_test_token_123', HF_ENDPOINT: `${hub.url}/` } });
    assert.equal(url, 'http://hub/commit/abc123');
    const calls = hub.requests.map((r) => `${r.method} ${r.url.replace(/[0-9a-f]{64}$/, '<oid>')}`);
    assert.deepEqual([...new Set(calls)], ['POST /api/datasets/someone/userturn-results/preupload/main', 'POST /datasets/someone/userturn-results.git/info/lfs/objects/batch', 'PUT /lfs-upload/<oid>', 'POST /api/datasets/someone/userturn-results/commit/main']);
    for (const r of hub.requests.filter((x) => !x.url.startsWith('/lfs-upload/'))) assert.equal(r.auth, 'Bearer hf_test_token_123');
    const ops = hub.requests.at(-1)!.body.toString().split('\n').map((l) => JSON.parse(l));
    const uploaded = new Map<string, Buffer>();
    for (const o of ops) {
      if (o.key === 'file') uploaded.set(o.value.path, Buffer.from(o.value.content, 'base64'));
      if (o.key === 'lfsFile') {
        const bytes = hub.lfs.get(o.value.oid)!;
        assert.equal(createHash('sha256').update(bytes).digest('hex'), o.value.oid);
        uploaded.set(o.value.path, bytes);
      }
    }
    assert.deepEqual(uploaded, filesOf(out));
    assert.equal(hub.lfs.size, 3, 'the three Parquet files went through LFS');
  } finally {
    hub.close();
  }
});

test('--push: the Hub refusing (no such repo) is one line naming the repo, not a crash', async () => {
  const hub = await fakeHub();
  try {
    const out = join(root, 'refused');
    const { files } = await exportResults([FIXTURE], out);
    // Under /nohub every request is a 404, as for a repo that does not exist.
    const push = pushExport(out, files, 'someone/missing', { env: { HF_TOKEN: 'hf_test_token_123', HF_ENDPOINT: `${hub.url}/nohub` } });
    await assert.rejects(push, (e: Error) => e instanceof ExportInputError && /^--push someone\/missing: the Hub refused the upload: /.test(e.message) && !e.message.includes('\n'));
    assert.equal(hub.requests.length, 1);
  } finally {
    hub.close();
  }
});

test('CLI: the "wrote" line shows an --out path holding escape sequences, U+202E and a line break escaped, on one line', () => {
  const r = runCli(['export', FIXTURE, '--out', join(root, `out${HOSTILE}`)]);
  assert.equal(r.code, 0, r.stderr);
  assertEscaped(r);
  assert.match(r.stdout, /^export: wrote \d+ files to .*out\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok$/m);
});

test('CLI: --push prints the commit URL the Hub answered escaped, on one line', async () => {
  const hub = await fakeHub(`http://hub/commit/${HOSTILE}`);
  try {
    const r = await runCliAsync(['export', FIXTURE, '--out', join(root, 'push-hostile'), '--push', 'someone/userturn-results'], { env: { HF_TOKEN: 'hf_test_token_123', HF_ENDPOINT: hub.url } });
    assert.equal(r.code, 0, r.stderr);
    assertEscaped(r);
    assert.match(r.stdout, /^export: pushed to someone\/userturn-results \(http:\/\/hub\/commit\/\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\)$/m);
  } finally {
    hub.close();
  }
});
