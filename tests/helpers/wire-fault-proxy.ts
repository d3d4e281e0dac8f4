import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { buffer as readAll } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { requestKey } from '../../runners/cache/key.ts';
import { mulberry32 } from '../../src/lib/metrics/prng.ts';

/**
 * A proxy in front of the simulator that misbehaves on the wire as GPU hosts and the proxies before them do
 * (nginx, envoy, cloud load balancers), where `fault-proxy.ts` changes what an answer says. Two kinds:
 *
 * - faults: an attempt that must fail and be retried, never cached (WIRE_FAULTS). Drawn per request and attempt
 *   from the seed, on a request's first `faultyAttempts` attempts only, so every request can finish.
 * - dressings: a good answer written another valid way (WIRE_DRESSINGS): CRLF line ends, `data:` without its
 *   space, SSE comments, one byte per TCP write, a second [DONE], gzip. Each must be read as the plain answer.
 *
 * `multibyte` puts 2-, 3- and 4-byte UTF-8 characters into every completion text (a content change, so it applies to
 * clean runs too): split at every byte (`byte_split`), they fall across writes. `restartAfter` closes the port, and
 * every connection on it, after that many answers, for `restartMs` (a server restart). `contextOverflow` answers 1 in
 * N requests (by prompt hash, every attempt) with vLLM's 400 for a prompt too long for its window.
 */
export const WIRE_FAULTS = ['429_seconds', '503_date', '502_html', '504_html', '200_html', '200_json_error', 'reset_before_headers', 'reset_after_headers', 'reset_mid_body', 'stall_mid', 'no_done', 'no_finish', 'slow_first_byte', 'wrong_model'] as const;
export const WIRE_DRESSINGS = ['crlf', 'no_space', 'comments', 'byte_split', 'dup_done', 'gzip'] as const;
export type WireFault = (typeof WIRE_FAULTS)[number];
export type WireDressing = (typeof WIRE_DRESSINGS)[number];

export interface WireProxyOptions {
  target: string;
  seed: number;
  /** Chance that one of a request's first `faultyAttempts` attempts meets a fault. */
  faultRate?: number;
  faultyAttempts?: number;
  faults?: readonly WireFault[];
  /** Chance of each dressing, independently, on an answer that meets no fault. */
  dressRate?: number;
  dressings?: readonly WireDressing[];
  multibyte?: boolean;
  /** How long `slow_first_byte` withholds the first byte (set it past the run's first-byte timeout). */
  slowFirstByteMs?: number;
  restartAfter?: number[];
  restartMs?: number;
  /** The server the proxy forwards to once back from its first restart (an engine restarted with other settings). */
  targetAfterRestart?: string;
  contextOverflow?: number;
  /** The port to listen on (a restarted proxy, or a resumed run, comes back on the same one). */
  port?: number;
}

export interface WireProxy {
  url: string;
  /** Attempts met by each fault, dressing and restart. */
  injected: Record<string, number>;
  /** Completion requests in arrival order, by the runner's cache key (the body without its stream fields). */
  log: string[];
  /** Keys answered with a whole, good answer (a dressed one included). */
  answered: Map<string, number>;
  /** What each attempt of a key met, in order: a fault's name, the dressings of a good answer, or `ok`. */
  history: Map<string, string[]>;
  /** Resolves once the port is open (at once, unless a restart is under way). */
  up(): Promise<void>;
  close(): Promise<void>;
}

const MULTIBYTE = ' é中😀';
const page = (status: number, title: string) => `<html>\r\n<head><title>${status} ${title}</title></head>\r\n<body>\r\n<center><h1>${status} ${title}</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    const r = request(new URL(req.url ?? '/', target), { method: req.method, headers }, (res) => {
      readAll(res).then((b) => resolve({ status: res.statusCode ?? 500, type: String(res.headers['content-type'] ?? 'application/json'), body: b }), reject);
    });
    r.on('error', reject);
    r.end(body);
  });
}

/** A seeded draw in [0, 1) for one request key, attempt and purpose: the same whatever order requests come in. */
function draw(seed: number, key: string, attempt: number, what: string): number {
  return mulberry32(createHash('sha256').update(`${seed}|${key}|${attempt}|${what}`).digest().readUInt32BE(0))();
}

interface Chunk {
  model: string;
  choices: Array<{ text: string; finish_reason: string | null }>;
}

/** The answer's events (`data` payloads), a JSON answer as one. */
function eventsOf(streamed: boolean, body: Buffer): string[] {
  if (!streamed) return [body.toString('utf8')];
  return body.toString('utf8').split('\n\n').filter(Boolean).map((ev) => ev.slice('data: '.length));
}

export async function startWireProxy(opts: WireProxyOptions): Promise<WireProxy> {
  let target = new URL(opts.target);
  const injected: Record<string, number> = {};
  const count = (k: string) => (injected[k] = (injected[k] ?? 0) + 1);
  const attempts = new Map<string, number>();
  const answered = new Map<string, number>();
  const history = new Map<string, string[]>();
  const log: string[] = [];
  const faults = opts.faults ?? WIRE_FAULTS;
  const dressings = opts.dressings ?? WIRE_DRESSINGS;
  const restarts = [...(opts.restartAfter ?? [])].sort((a, b) => a - b);
  let delivered = 0;
  const sockets = new Set<Socket>();
  let server: Server;
  let port = opts.port ?? 0;
  let closed = false;

  /** Close the port and every connection on it for `ms`, then listen again on the same port. */
  let restarting: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  function restart(ms: number): Promise<void> {
    return (restarting = down(ms));
  }
  async function down(ms: number): Promise<void> {
    count('restart');
    await new Promise<void>((r) => {
      server.close(() => r());
      for (const s of sockets) s.destroy();
    });
    // close() ends the downtime: a port closed for longer than a test must not keep its process up.
    await new Promise<void>((r) => {
      const t = setTimeout(r, ms);
      wake = () => (clearTimeout(t), r());
    });
    wake = null;
    if (opts.targetAfterRestart) target = new URL(opts.targetAfterRestart);
    if (!closed) await listen();
  }

  /** Write `bytes` one per write (each its own TCP segment on loopback, without Nagle), or in one write. */
  async function write(res: ServerResponse, bytes: Buffer, split: boolean): Promise<void> {
    if (!split) return void res.write(bytes);
    for (let i = 0; i < bytes.length && !res.destroyed; i++) {
      res.write(bytes.subarray(i, i + 1));
      if (i % 8 === 7) await new Promise((r) => setImmediate(r));
    }
  }

  async function completion(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const sent = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const { stream: _s, stream_options: _o, ...keyed } = sent;
    const key = requestKey(keyed);
    log.push(key);
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    const prompt = String(sent.prompt ?? '');
    if (opts.contextOverflow && createHash('sha256').update(prompt).digest().readUInt32BE(0) % opts.contextOverflow === 0) {
      count('context_overflow');
      const text = JSON.stringify({ object: 'error', message: `This model's maximum context length is 4096 tokens. However, you requested ${4096 + 17} tokens (3601 in the messages, ${sent.max_tokens} in the completion). Please reduce the length of the messages or completion.`, type: 'BadRequestError', param: null, code: 400 });
      res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      return void res.end(text);
    }
    const fault = attempt <= (opts.faultyAttempts ?? 2) && draw(opts.seed, key, attempt, 'fault') < (opts.faultRate ?? 0) ? faults[Math.floor(draw(opts.seed, key, attempt, 'which') * faults.length)]! : null;
    if (fault) count(fault);
    const met = (what: string) => history.set(key, [...(history.get(key) ?? []), what]);
    if (fault) met(fault);
    // Faults that need no answer from upstream.
    switch (fault) {
      case '429_seconds': {
        const text = JSON.stringify({ error: { message: 'Rate limit reached, retry in 1s', type: 'rate_limit_error' } });
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        return void res.end(text);
      }
      case '503_date':
        res.writeHead(503, { 'content-type': 'text/html', 'retry-after': new Date(Date.now() + 1000).toUTCString() });
        return void res.end(page(503, 'Service Temporarily Unavailable'));
      case '502_html':
        res.writeHead(502, { 'content-type': 'text/html' });
        return void res.end(page(502, 'Bad Gateway'));
      case '504_html':
        res.writeHead(504, { 'content-type': 'text/html' });
        return void res.end(page(504, 'Gateway Time-out'));
      case '200_html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end('<!DOCTYPE html><html><body><h1>Session expired</h1><p>Please sign in again.</p></body></html>');
      case '200_json_error': {
        const text = JSON.stringify({ object: 'error', message: 'CUDA error: an illegal memory access was encountered', type: 'InternalServerError', param: null, code: 500 });
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(text);
      }
      case 'reset_before_headers':
        return void req.socket.resetAndDestroy();
      default:
    }
    const up = await forward(target, req, body);
    if (up.status !== 200) {
      res.writeHead(up.status, { 'content-type': up.type });
      return void res.end(up.body);
    }
    const streamed = up.type.startsWith('text/event-stream');
    const events = eventsOf(streamed, up.body);
    const parsed = events.map((d) => (d === '[DONE]' ? null : (JSON.parse(d) as Chunk)));
    const texts = parsed.filter((c): c is Chunk => c !== null && c.choices.length > 0);
    if (opts.multibyte) texts.at(-1)!.choices[0]!.text += MULTIBYTE;
    if (fault === 'no_finish') for (const c of texts) c.choices[0]!.finish_reason = null;
    if (fault === 'wrong_model') for (const c of parsed) if (c) c.model = 'other-org/other-model';
    let payloads = parsed.map((c) => (c === null ? '[DONE]' : JSON.stringify(c)));
    if (fault === 'no_done') payloads = payloads.filter((p) => p !== '[DONE]');
    const dressed = fault ? [] : dressings.filter((d) => draw(opts.seed, key, attempt, d) < (opts.dressRate ?? 0));
    for (const d of dressed) count(d);
    if (!fault) met(dressed.length > 0 ? dressed.join('+') : 'ok');
    const has = (d: WireDressing) => dressed.includes(d);
    if (has('dup_done')) payloads.push('[DONE]');
    let text: string;
    if (!streamed) text = payloads[0]!;
    else {
      const eol = has('crlf') ? '\r\n' : '\n';
      const field = has('no_space') ? 'data:' : 'data: ';
      // Keep-alive comments as axum (TGI), sse-starlette and OpenRouter send them.
      const comments = [':', ': ping - 2026-11-21 10:00:00.000000+00:00', ': OPENROUTER PROCESSING'];
      text = payloads.map((p, i) => `${has('comments') ? `${comments[i % 3]}${eol}${eol}` : ''}${field}${p}${eol}${eol}`).join('');
    }
    let bytes = Buffer.from(text, 'utf8');
    const headers: Record<string, string> = { 'content-type': up.type };
    if (has('gzip')) {
      bytes = gzipSync(bytes);
      headers['content-encoding'] = 'gzip';
    }
    if (fault === 'slow_first_byte') {
      if (streamed) res.writeHead(200, headers).flushHeaders();
      await sleep(opts.slowFirstByteMs ?? 2000);
      if (res.destroyed) return;
    }
    if (!res.headersSent) res.writeHead(200, headers);
    res.flushHeaders();
    if (fault === 'reset_after_headers') return void setTimeout(() => req.socket.resetAndDestroy(), 5);
    if (fault === 'reset_mid_body' || fault === 'stall_mid') {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      // A stall holds the rest until the client gives up.
      if (fault === 'reset_mid_body') setTimeout(() => req.socket.resetAndDestroy(), 5);
      return;
    }
    await write(res, bytes, has('byte_split'));
    if (res.destroyed) return;
    // Counted once the whole answer is with the kernel: a restart from here on cannot cut it.
    await new Promise<void>((r) => res.end(r).once('close', r));
    if (!fault && res.writableFinished) {
      answered.set(key, (answered.get(key) ?? 0) + 1);
      delivered++;
      if (restarts.length > 0 && delivered >= restarts[0]!) {
        restarts.shift();
        void restart(opts.restartMs ?? 1500);
      }
    }
  }

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const body = await readAll(req);
      const url = req.url ?? '';
      if (req.method === 'POST' && url.endsWith('/completions') && !url.includes('/chat/')) return await completion(req, res, body);
      const up = await forward(target, req, body);
      res.writeHead(up.status, { 'content-type': up.type });
      res.end(up.body);
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy error: ${(err as Error).message}`);
    }
  };

  async function listen(): Promise<void> {
    server = createServer((req, res) => void handler(req, res));
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r, j) => server.once('error', j).listen(port, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  }
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    injected,
    log,
    answered,
    history,
    up: () => restarting,
    close: async () => {
      closed = true;
      wake?.();
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
