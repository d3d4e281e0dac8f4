import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer as readAll } from 'node:stream/consumers';

/**
 * A small HTTP proxy in front of the simulator that injects what a hostile or broken server sends with a 200
 * or an error body, which the simulator itself does not: answers cut by the server (`finish_reason: "abort"`),
 * answers from another model, and error bodies echoing the request's Authorization header. `lineSeparators`
 * puts U+2028 and U+2029 into every completion text (a content change, so it applies to clean runs too), and
 * `loneSurrogate` ends every text with one.
 * Transient faults hit a request's first attempts only; `alwaysEcho` picks requests that fail for good.
 * Streamed answers (event streams) get the same changes, chunk by chunk.
 */
export interface FaultProxyOptions {
  target: string;
  /** Chance per attempt of each transient fault. */
  abort?: number;
  wrongModel?: number;
  echoAuth?: number;
  lineSeparators?: boolean;
  /** Ends every completion text with a lone surrogate (JSON-escaped on the wire, as a server can send it). */
  loneSurrogate?: boolean;
  /** The served model's name carries the bearer token (a hostile server): in /v1/models and in every answer. */
  modelEchoesKey?: boolean;
  /** Or this text, appended to the served model's name the same way (terminal escape sequences, say). */
  modelSuffix?: string;
  /** Requests (by prompt hash) that always get a 500 echoing the Authorization header: 1 in `alwaysEcho`. */
  alwaysEcho?: number;
  seed?: number;
}

/** A completion, or one chunk of a streamed one. */
interface Chunk {
  model: string;
  choices: Array<{ text: string; finish_reason: string | null }>;
}

export interface FaultProxy {
  url: string;
  injected: Record<string, number>;
  close(): Promise<void>;
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    const r = request(new URL(req.url ?? '/', target), { method: req.method, headers }, (res) => {
      readAll(res).then((b) => resolve({ status: res.statusCode ?? 500, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') }, body: b }), reject);
    });
    r.on('error', reject);
    r.end(body);
  });
}

export async function startFaultProxy(opts: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(opts.target);
  let state = (opts.seed ?? 7) >>> 0;
  const rand = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const injected: Record<string, number> = {};
  const count = (k: string) => (injected[k] = (injected[k] ?? 0) + 1);
  const server: Server = createServer(async (req, res) => {
    try {
      let body = await readAll(req);
      const send = (status: number, payload: unknown) => {
        const text = JSON.stringify(payload);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      };
      const isCompletion = req.method === 'POST' && (req.url ?? '').endsWith('/completions') && !(req.url ?? '').includes('/chat/');
      const echo = () => send(500, { error: { message: `upstream rejected the request; headers: authorization: ${req.headers.authorization ?? '(none)'}`, type: 'server_error' } });
      const key = opts.modelEchoesKey ? `-${String(req.headers.authorization ?? '').replace(/^Bearer /, '')}` : (opts.modelSuffix ?? '');
      if (key !== '' && req.method === 'GET' && (req.url ?? '').endsWith('/models')) {
        const up = await forward(target, req, body);
        const listed = JSON.parse(up.body.toString('utf8')) as { data: Array<{ id: string }> };
        for (const m of listed.data) m.id += key;
        count('model_echoes_key');
        return send(up.status, listed);
      }
      if (isCompletion) {
        const asked = JSON.parse(body.toString('utf8')) as { prompt?: unknown; model?: string };
        const prompt = String(asked.prompt ?? '');
        // The simulator serves the name without the key.
        if (key !== '' && asked.model?.endsWith(key)) body = Buffer.from(JSON.stringify({ ...asked, model: asked.model.slice(0, -key.length) }));
        const h = createHash('sha256').update(prompt).digest().readUInt32BE(0);
        if (opts.alwaysEcho && h % opts.alwaysEcho === 0) {
          count('always_echo');
          return echo();
        }
        const x = rand();
        const a = opts.abort ?? 0;
        const w = opts.wrongModel ?? 0;
        const e = opts.echoAuth ?? 0;
        if (x < e) {
          count('echo_auth');
          return echo();
        }
        const up = await forward(target, req, body);
        if (up.status !== 200) {
          res.writeHead(up.status, up.headers);
          return res.end(up.body);
        }
        const streamed = up.headers['content-type']!.startsWith('text/event-stream');
        // A streamed answer: its chunks (the last one with text holds the finish_reason), then [DONE].
        const events = streamed ? up.body.toString('utf8').split('\n\n').filter(Boolean).map((ev) => ev.slice('data: '.length)) : [];
        const chunks = (streamed ? events.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d)) : [JSON.parse(up.body.toString('utf8'))]) as Chunk[];
        const texts = chunks.filter((ch) => ch.choices.length > 0);
        const last = texts[texts.length - 1]!.choices[0]!;
        // A content change of the "model": every text carries both separators (clean runs too).
        if (opts.lineSeparators) {
          const first = texts.find((ch) => ch.choices[0]!.text.includes(' '))?.choices[0];
          if (first) first.text = first.text.replace(/ /, ' \u2028');
          last.text = last.text.concat('\u2029');
        }
        if (opts.loneSurrogate) last.text = last.text.concat('\ud800');
        if (x < e + a) {
          count('abort');
          if (!streamed) last.text = last.text.slice(0, Math.floor(last.text.length / 2));
          last.finish_reason = 'abort';
        } else if (x < e + a + w) {
          count('wrong_model');
          for (const ch of chunks) ch.model = 'other-org/other-model';
        }
        if (key !== '') for (const ch of chunks) ch.model += key;
        // JSON.stringify leaves U+2028/U+2029 raw: they reach the runner as raw characters, as from a real server.
        if (!streamed) return send(200, chunks[0]);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return res.end(`${chunks.map((ch) => `data: ${JSON.stringify(ch)}\n\n`).join('')}data: [DONE]\n\n`);
      }
      const up = await forward(target, req, body);
      res.writeHead(up.status, up.headers);
      res.end(up.body);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy error: ${(err as Error).message}`);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    injected,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
