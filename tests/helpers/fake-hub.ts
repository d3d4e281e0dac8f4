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
  files: Record<string, string>;
  /** Answered with this status (e.g. 401) for every request. */
  status?: number;
  /** Full downloads announce the whole length, send half, then drop the connection (a download killed midway). */
  cutShort?: boolean;
  /** X-Repo-Commit of every answer (the Hub sends the commit a revision resolved to). */
  commit?: string;
  /** 404s carry no X-Error-Code (a server that is not a Hub, e.g. a wrong HF_ENDPOINT). */
  plain404?: boolean;
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
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    if (opts.status) return void res.writeHead(opts.status, { 'content-type': 'text/plain' }).end('denied');
    const m = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(req.url ?? '');
    const body = m ? opts.files[`${m[1]}/${decodeURIComponent(m[2]!)}/${m[3]}`] : undefined;
    const common = { ...(opts.commit ? { 'x-repo-commit': opts.commit } : {}) };
    if (body === undefined) return void res.writeHead(404, { ...common, ...(opts.plain404 ? {} : { 'x-error-code': 'EntryNotFound' }) }).end('Entry not found');
    const bytes = Buffer.from(body);
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
