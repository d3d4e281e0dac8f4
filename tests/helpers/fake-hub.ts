import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** One request a fake server saw. */
export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

export interface FakeHub {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

export interface FakeHubOptions {
  /** `<org>/<name>/<revision>/<file>` → content. Anything else answers 404 with X-Error-Code: EntryNotFound. */
  files: Record<string, string | Buffer>;
  /** Answered with this status (e.g. 401) for every request. */
  status?: number;
  /** X-Error-Code and X-Error-Message of those answers (e.g. GatedRepo, as the Hub sends them). */
  error?: { code?: string; message?: string };
  /** Full downloads announce the whole length, send half, then drop the connection (a download killed midway). */
  cutShort?: boolean;
  /** X-Repo-Commit of every answer (the Hub sends the commit a revision resolved to). */
  commit?: string;
  /**
   * Branches: a revision named here is served from `<org>/<name>/<commit>/<file>` of `files`, with that commit as
   * X-Repo-Commit (a commit asked by its sha answers with it too). Read at each request, so a test moves a branch by
   * assigning to it.
   */
  refs?: Record<string, string>;
  /** Called with each request as it comes, before it is answered (a test moves a branch between two files' requests). */
  onRequest?: (seen: Seen) => void;
  /** 404s carry no X-Error-Code (a server that is not a Hub, e.g. a wrong HF_ENDPOINT). */
  plain404?: boolean;
  /** Files are LFS files kept on this CDN: answered 302 to it, with X-Linked-Etag (sha-256) and X-Linked-Size. */
  lfs?: FakeCdn;
}

export interface FakeCdn extends FakeHub {
  /** Keep bytes; returns their signed URL. */
  put(bytes: Buffer): string;
}

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const closer = (server: Server) => () => new Promise<void>((r) => server.close(() => r()).closeAllConnections());

/**
 * A stand-in for the Hub's `resolve` endpoint, as @huggingface/hub uses it: a `Range: bytes=0-0` probe answered 206
 * with the size in Content-Range and an ETag, then the full GET.
 */
export async function startFakeHub(opts: FakeHubOptions): Promise<FakeHub> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const one = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization };
    seen.push(one);
    opts.onRequest?.(one);
    const error = { ...(opts.error?.code ? { 'x-error-code': opts.error.code } : {}), ...(opts.error?.message ? { 'x-error-message': opts.error.message } : {}) };
    if (opts.status) return void res.writeHead(opts.status, { 'content-type': 'text/plain', ...error }).end('denied');
    const m = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(req.url ?? '');
    const revision = m ? decodeURIComponent(m[2]!) : '';
    const resolved = opts.refs?.[revision] ?? revision;
    const body = m ? opts.files[`${m[1]}/${resolved}/${m[3]}`] : undefined;
    const commit = opts.refs?.[revision] ?? opts.commit ?? (opts.refs && /^[0-9a-f]{40}$/.test(revision) ? revision : undefined);
    const common = { ...(commit ? { 'x-repo-commit': commit } : {}) };
    if (body === undefined) return void res.writeHead(404, { ...common, ...(opts.plain404 ? {} : { 'x-error-code': 'EntryNotFound' }) }).end('Entry not found');
    const bytes = Buffer.from(body);
    if (opts.lfs) {
      const lfs = { location: opts.lfs.put(bytes), 'x-linked-etag': `"${createHash('sha256').update(bytes).digest('hex')}"`, 'x-linked-size': String(bytes.length) };
      return void res.writeHead(302, { ...common, ...lfs }).end();
    }
    const etag = `"${createHash('sha1').update(bytes).digest('hex')}"`;
    if (req.headers.range === 'bytes=0-0') {
      return void res.writeHead(206, { ...common, etag, 'content-range': `bytes 0-0/${bytes.length}`, 'content-length': '1' }).end(bytes.subarray(0, 1));
    }
    res.writeHead(200, { ...common, etag, 'content-length': String(bytes.length) });
    if (!opts.cutShort) return void res.end(bytes);
    res.write(bytes.subarray(0, bytes.length >> 1), () => res.destroy());
  });
  return { url: await listen(server), seen, close: closer(server) };
}

/**
 * A stand-in for the CDN LFS files are served from (another origin, as cdn-lfs.hf.co is to huggingface.co): its own
 * ETag (not the file's sha-256), `X-Cache: … from cloudfront`, and ranges.
 */
export async function startFakeCdn(): Promise<FakeCdn> {
  const seen: Seen[] = [];
  const blobs = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const bytes = blobs.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (bytes === undefined) return void res.writeHead(403).end('AccessDenied');
    const common = { etag: `"${createHash('md5').update(bytes).digest('hex')}"`, 'x-cache': 'Hit from cloudfront', 'accept-ranges': 'bytes' };
    if (req.headers.range === 'bytes=0-0') return void res.writeHead(206, { ...common, 'content-range': `bytes 0-0/${bytes.length}`, 'content-length': '1' }).end(bytes.subarray(0, 1));
    res.writeHead(200, { ...common, 'content-length': String(bytes.length) }).end(bytes);
  });
  const url = await listen(server);
  const put = (bytes: Buffer): string => {
    const path = `/repos/${createHash('sha256').update(bytes).digest('hex')}`;
    blobs.set(path, bytes);
    return `${url}${path}?Expires=1&Signature=x`;
  };
  return { url, seen, close: closer(server), put };
}

/** A plain file server (dataset downloads): `path` → content, optionally cut short like startFakeHub. */
export async function startFileServer(files: Record<string, string>, cutShort = false): Promise<FakeHub> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const body = files[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    const bytes = Buffer.from(body);
    res.writeHead(200, { 'content-length': String(bytes.length) });
    if (!cutShort) return void res.end(bytes);
    res.write(bytes.subarray(0, bytes.length >> 1), () => res.destroy());
  });
  return { url: await listen(server), seen, close: closer(server) };
}

/**
 * An HTTP proxy recording what passed through it, for both kinds of client: absolute-URI requests (forwarded) and
 * CONNECT tunnels (Node's fetch tunnels even plain http). Every host it is asked for is reached at `target`.
 */
export async function startProxy(target: string): Promise<FakeHub> {
  const seen: Seen[] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const u = new URL(req.url ?? '/', target);
    const out = request({ host: to.hostname, port: to.port, method: req.method, path: u.pathname + u.search, headers: req.headers }, (up: IncomingMessage) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  const tunnels = new Set<Socket>();
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push({ method: 'CONNECT', url: req.url ?? '', authorization: req.headers.authorization });
    const upstream = connect(Number(to.port), to.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(client).add(upstream);
    const drop = () => (upstream.destroy(), client.destroy());
    upstream.on('error', drop);
    client.on('error', drop);
  });
  const close = closer(server);
  return { url: await listen(server), seen, close: () => (tunnels.forEach((s) => s.destroy()), close()) };
}

/** Set environment variables for the length of `fn`, then put back what was there. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) delete process.env[k];
      else process.env[k] = x;
    }
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(before);
  }
}

export interface OversizeHub extends FakeHub {
  /** Bytes of the file's body written to the socket so far. */
  sent(): number;
}

/**
 * A Hub serving one file of `<repo>/<revision>/<file>` (`path`) whose body is `size` bytes of spaces, written as the
 * client reads them: the `bytes=0-0` probe announces `announce` bytes in Content-Range (a lie when smaller), and the
 * full GET sends a Content-Length of `size`, or with `chunked` none. Anything else is 404 EntryNotFound.
 */
export async function startOversizeHub(opts: { path: string; size: number; announce: number; chunked?: boolean; commit?: string }): Promise<OversizeHub> {
  const seen: Seen[] = [];
  let sent = 0;
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const m = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(req.url ?? '');
    const common = { ...(opts.commit ? { 'x-repo-commit': opts.commit } : {}), etag: '"0123456789abcdef0123456789abcdef01234567"' };
    if (!m || `${m[1]}/${decodeURIComponent(m[2]!)}/${m[3]}` !== opts.path) return void res.writeHead(404, { 'x-error-code': 'EntryNotFound' }).end('Entry not found');
    if (req.headers.range === 'bytes=0-0') return void res.writeHead(206, { ...common, 'content-range': `bytes 0-0/${opts.announce}`, 'content-length': '1' }).end('{');
    res.writeHead(200, { ...common, ...(opts.chunked ? {} : { 'content-length': String(opts.size) }) });
    const chunk = Buffer.alloc(2 ** 16, 0x20);
    const pump = () => {
      while (sent < opts.size) {
        const n = Math.min(chunk.length, opts.size - sent);
        sent += n;
        if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  });
  return { url: await listen(server), seen, sent: () => sent, close: closer(server) };
}
