import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Seen } from './fake-hub.ts';

/** A file the fake Hub serves: bytes, or bytes followed by zeros up to `size` (a file of GBs never held in memory). */
export interface FakeFile {
  bytes: Buffer;
  size?: number;
}

export interface FakeGgufHub {
  url: string;
  seen: Array<Seen & { range: string | undefined }>;
  /** Bytes written into answers to .gguf files, all requests together. */
  sent: () => number;
  close(): Promise<void>;
}

/**
 * A stand-in for the Hub as a GGUF repository uses it: the revision API (`/api/models/<repo>/revision/<rev>`, its `sha`
 * the commit, as @huggingface/hub's modelInfo asks it), the tree API (`/api/models/<repo>/tree/<rev>?recursive=…`,
 * as @huggingface/hub's listFiles asks it) and `resolve` with Range requests answered 206 (416 past the end), or, with
 * `ignoreRange`, 200 with the whole file as a server that ignores Range does. Missing files: 404 EntryNotFound.
 */
export async function startFakeGgufHub(opts: {
  repo: string;
  revision: string;
  commit: string;
  files: Record<string, FakeFile>;
  ignoreRange?: boolean;
  /** .gguf files are answered 302 to this origin (the CDN LFS files live on), with the same path. */
  cdn?: string;
  /**
   * Earlier commits (sha → files), served at their sha. `revision` is a branch at `commit` (served at either name), and
   * both are read at each request: a test moves the branch by setting `commit` and `files`, keeping the old ones here.
   */
  older?: Record<string, Record<string, FakeFile>>;
  /** Called with each request as it comes, before it is answered (a test moves the branch midway). */
  onRequest?: (seen: Seen & { range: string | undefined }) => void;
  /** A status to answer a request with instead (no body but its name), or 'drop' to close its connection unanswered. */
  fail?: (seen: Seen & { range: string | undefined }) => number | 'drop' | undefined;
}): Promise<FakeGgufHub> {
  const seen: FakeGgufHub['seen'] = [];
  let sent = 0;
  const server: Server = createServer((req, res) => {
    const one = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, range: req.headers.range };
    seen.push(one);
    opts.onRequest?.(one);
    const failure = opts.fail?.(one);
    if (failure === 'drop') return void req.socket.destroy();
    if (failure !== undefined) return void res.writeHead(failure, { 'x-repo-commit': opts.commit }).end(`HTTP ${failure}`);
    const at = (rev: string) => (rev === opts.revision || rev === opts.commit ? { commit: opts.commit, files: opts.files } : opts.older?.[rev] ? { commit: rev, files: opts.older[rev]! } : null);
    const url = new URL(req.url ?? '/', 'http://x');
    const info = `/api/models/${opts.repo}/revision/`;
    if (url.pathname.startsWith(info)) {
      const rev = at(decodeURIComponent(url.pathname.slice(info.length)));
      if (rev === null) return void res.writeHead(404, { 'x-error-code': 'RevisionNotFound', 'content-type': 'application/json' }).end('{"error":"Invalid rev id"}');
      const body = { _id: '0'.repeat(24), id: opts.repo, sha: rev.commit, private: false, gated: false, downloads: 0, likes: 0, lastModified: '2026-01-01T00:00:00.000Z' };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
    const tree = `/api/models/${opts.repo}/tree/`;
    if (url.pathname.startsWith(tree) && at(decodeURIComponent(url.pathname.slice(tree.length))) !== null) {
      const { commit, files } = at(decodeURIComponent(url.pathname.slice(tree.length)))!;
      const list = Object.entries(files).map(([path, f]) => ({ type: 'file', path, size: f.size ?? f.bytes.length, oid: '0'.repeat(40) }));
      return void res.writeHead(200, { 'x-repo-commit': commit, 'content-type': 'application/json' }).end(JSON.stringify(list));
    }
    const resolve = new RegExp(`^/${opts.repo}/resolve/([^/]+)/(.+)$`).exec(url.pathname);
    const rev = resolve === null ? null : at(decodeURIComponent(resolve[1]!));
    const common = { 'x-repo-commit': rev?.commit ?? opts.commit };
    const path = resolve === null ? null : decodeURIComponent(resolve[2]!);
    const file = path === null ? undefined : rev?.files[path];
    if (file === undefined) return void res.writeHead(404, { ...common, 'x-error-code': 'EntryNotFound' }).end('Entry not found');
    if (opts.cdn && path!.endsWith('.gguf')) return void res.writeHead(302, { ...common, location: `${opts.cdn}${url.pathname}` }).end();
    const size = file.size ?? file.bytes.length;
    Object.assign(common, { etag: `"${createHash('sha1').update(file.bytes).digest('hex')}"` });
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    let [start, end] = [0, size - 1];
    if (m && !opts.ignoreRange) {
      [start, end] = [Number(m[1]), Math.min(Number(m[2]), size - 1)];
      if (start >= size) return void res.writeHead(416, { ...common, 'content-range': `bytes */${size}` }).end();
      res.writeHead(206, { ...common, 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) });
    } else res.writeHead(200, { ...common, 'content-length': String(size) });
    const body = Readable.from(chunks(file.bytes, start, end + 1));
    body.on('data', (c: Buffer) => (sent += c.length));
    body.pipe(res);
    res.on('close', () => body.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, sent: () => sent, close: () => new Promise<void>((r) => server.close(() => r()).closeAllConnections()) };
}

/** Bytes [start, end) of `head` followed by zeros, 1 MiB at a time. */
function* chunks(head: Buffer, start: number, end: number): Generator<Buffer> {
  const zeros = Buffer.alloc(2 ** 20);
  for (let at = start; at < end; ) {
    const n = Math.min(end - at, 2 ** 20);
    yield at < head.length ? head.subarray(at, Math.min(at + n, head.length)) : zeros.subarray(0, n);
    at += at < head.length ? Math.min(n, head.length - at) : n;
  }
}
