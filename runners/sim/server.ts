import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { requestKey } from '../cache/key.ts';
import { faultPicker, type FaultKind, type FaultRates } from './faults.ts';
import { ENGINES, type EngineId } from '../engines/behaviour.ts';
import { generate, type EngineRequest, type GeneratorOptions } from './generate.ts';
import { handleJudgeChat } from './judge-route.ts';
import type { Profile } from './profiles.ts';
import { loadGsm8kReferences } from './references.ts';
import { countRoute, newStats, type SimStats } from './stats.ts';

export interface SimOptions {
  port: number;
  profile: Profile;
  seed: number;
  latencyMs: number;
  faults: FaultRates;
  /** Wait announced by 429 responses. */
  retryAfterMs: number;
  dataDir?: string;
  /** Emulate this engine's special-token and stop-string behaviour (runners/engines/behaviour.ts); default: an ideal engine. */
  engine?: EngineId;
  /** llama.cpp only: the server was started with --special (special tokens rendered in the text). */
  serverSpecial?: boolean;
  /** Fault knob: stop strings are not applied (end-of-sequence tokens still end generation). */
  ignoreStops?: boolean;
  /** Every user turn runs on past a role header into an assistant reply. */
  runPast?: boolean;
  /** Share of assistant turns that reason until max_tokens (overrides the profile's unfinishedRate). */
  unfinishedRate?: number;
}

export interface RunningSim {
  url: string;
  port: number;
  server: Server;
  stats: SimStats;
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024 * 1024;
/** How long after an answer a reset still means "never read" (a killed process takes a few ms to close its sockets). */
const RESET_GRACE_MS = 2_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const errorBody = (message: string, type: string) => ({ error: { message, type, param: null, code: null } });

/** The simulated OpenAI-compatible server: a test and demo stand-in, never a model. */
export function startSim(opts: SimOptions): Promise<RunningSim> {
  const stats = newStats();
  const modelName = `userturn-sim/${opts.profile.name}`;
  const gen: GeneratorOptions = { profile: opts.profile, seed: opts.seed, gsm8k: loadGsm8kReferences(opts.dataDir), unfinishedRate: opts.unfinishedRate, runPast: opts.runPast };
  const emulated = opts.engine ? { engine: ENGINES[opts.engine], serverSpecial: opts.serverSpecial ?? false, ignoreStops: opts.ignoreStops ?? false } : null;
  const nextFault = faultPicker(opts.faults, opts.seed);
  const hanging = new Set<ServerResponse>();
  /** The last judge request bodies, for GET /sim/judge-requests: tests check what a judge client really sent. */
  const judgeRequests: unknown[] = [];
  /**
   * The last answer sent on each connection until the client proves it read it by sending its next request
   * (HTTP/1.1 without pipelining). A client killed with that answer unread makes the kernel reset the
   * connection (a socket closed with unread data sends RST): the answer was not delivered and is taken back.
   */
  const unconfirmed = new WeakMap<Socket, { key: string; route: string; at: number }>();
  function watchConnection(socket: Socket): void {
    socket.on('error', (err: NodeJS.ErrnoException) => {
      const last = unconfirmed.get(socket);
      if (!last || err.code !== 'ECONNRESET' || Date.now() - last.at > RESET_GRACE_MS) return;
      unconfirmed.delete(socket);
      countRoute(stats, last.route, 'unread_reset');
      const n = (stats.completed[last.key] ?? 1) - 1;
      if (n > 0) stats.completed[last.key] = n;
      else delete stats.completed[last.key];
    });
  }

  /** Apply a drawn fault; true when the request was consumed by it. */
  async function fault(kind: FaultKind | null, route: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (kind === null) return false;
    switch (kind) {
      case '500':
        await sleep(opts.latencyMs / 2);
        countRoute(stats, route, '500');
        sendJson(res, 500, errorBody('simulated internal error', 'server_error'));
        return true;
      case '429':
        countRoute(stats, route, '429');
        sendJson(res, 429, errorBody('simulated rate limit', 'rate_limit_error'), {
          'retry-after-ms': String(opts.retryAfterMs),
          'retry-after': String(Math.max(1, Math.ceil(opts.retryAfterMs / 1000))),
        });
        return true;
      case 'reset':
        await sleep(opts.latencyMs / 2);
        countRoute(stats, route, 'reset');
        req.socket.destroy();
        return true;
      case 'hang':
        countRoute(stats, route, 'hang');
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return true;
      default:
        return false; // malformed / truncated are applied to a generated answer
    }
  }

  async function completions(route: string, body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const kind = nextFault();
    if (await fault(kind, route, req, res)) return;
    let payload: unknown;
    if (route === '/v1/chat/completions' && typeof body.model === 'string' && body.model.startsWith('judge')) {
      judgeRequests.push(body);
      if (judgeRequests.length > 50) judgeRequests.shift();
      payload = await handleJudgeChat(body);
    } else {
      const isChat = route === '/v1/chat/completions';
      const messages = (isChat ? (body.messages as Array<{ role?: string; content?: unknown }>) : []) ?? [];
      const prompt = isChat
        ? messages.map((m) => `<|im_start|>${m.role}\n${typeof m.content === 'string' ? m.content : ''}<|im_end|>\n`).join('') + '<|im_start|>assistant\n'
        : body.prompt;
      if (typeof prompt !== 'string') {
        countRoute(stats, route, '400');
        sendJson(res, 400, errorBody('prompt must be a string', 'invalid_request_error'));
        return;
      }
      const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
      const out = generate(
        {
          prompt,
          temperature: typeof body.temperature === 'number' ? body.temperature : 1,
          top_p: typeof body.top_p === 'number' ? body.top_p : 1,
          seed: typeof body.seed === 'number' ? body.seed : null,
          max_tokens: typeof body.max_tokens === 'number' ? body.max_tokens : 16,
          stop,
        },
        gen,
        emulated ? ({ ...emulated, body } satisfies EngineRequest) : undefined,
      );
      if ('ok' in out && !out.ok) {
        countRoute(stats, route, String(out.status));
        sendJson(res, out.status, errorBody(out.message, 'invalid_request_error'));
        return;
      }
      const g = out as { text: string; finish_reason: string };
      const usage = { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(g.text.length / 4), total_tokens: Math.ceil((prompt.length + g.text.length) / 4) };
      const model = typeof body.model === 'string' ? body.model : modelName;
      payload = isChat
        ? { id: 'chatcmpl-sim', object: 'chat.completion', created: 0, model, choices: [{ index: 0, message: { role: 'assistant', content: g.text }, finish_reason: g.finish_reason }], usage }
        : { id: 'cmpl-sim', object: 'text_completion', created: 0, model, choices: [{ index: 0, text: g.text, finish_reason: g.finish_reason, logprobs: null }], usage };
    }
    await sleep(opts.latencyMs);
    if (res.destroyed) return;
    // A client that died (kill -9 closes its socket) never receives the answer: not a completion.
    if (req.socket.readableEnded || req.socket.destroyed) {
      countRoute(stats, route, 'client_gone');
      res.destroy();
      return;
    }
    const text = JSON.stringify(payload);
    if (kind === 'malformed') {
      countRoute(stats, route, 'malformed');
      const bad = text.slice(0, Math.floor(text.length / 2));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bad) });
      res.end(bad);
      return;
    }
    if (kind === 'truncated') {
      countRoute(stats, route, 'truncated');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      setImmediate(() => res.socket?.destroy());
      return;
    }
    const key = requestKey(body);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text, () => {
      countRoute(stats, route, '200');
      stats.completed[key] = (stats.completed[key] ?? 0) + 1;
      unconfirmed.set(req.socket, { key, route, at: Date.now() });
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    unconfirmed.delete(req.socket); // a new request: the previous answer on this connection was read
    const route = (req.url ?? '/').split('?')[0]!;
    stats.requests++;
    if (req.method === 'GET' && route === '/v1/models') {
      countRoute(stats, route, '200');
      sendJson(res, 200, { object: 'list', data: [{ id: modelName, object: 'model', created: 0, owned_by: 'userturn-sim' }] });
      return;
    }
    if (req.method === 'GET' && route === '/sim/stats') {
      // ?keys=0 leaves out the per-key map: cheap enough to poll while a run is going on.
      sendJson(res, 200, /[?&]keys=0\b/.test(req.url ?? '') ? { requests: stats.requests, routes: stats.routes } : stats);
      return;
    }
    if (req.method === 'GET' && route === '/sim/judge-requests') {
      sendJson(res, 200, { requests: judgeRequests });
      return;
    }
    if (req.method === 'POST' && route === '/sim/reset') {
      judgeRequests.length = 0;
      stats.requests = 0;
      stats.routes = {};
      stats.completed = {};
      sendJson(res, 200, { ok: true });
      return;
    }
    if (req.method === 'POST' && (route === '/v1/completions' || route === '/v1/chat/completions')) {
      let body: Record<string, unknown>;
      try {
        const parsed = JSON.parse(await readBody(req)) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('body must be a JSON object');
        body = parsed as Record<string, unknown>;
      } catch (e) {
        countRoute(stats, route, '400');
        sendJson(res, 400, errorBody(`invalid request body: ${(e as Error).message}`, 'invalid_request_error'));
        return;
      }
      await completions(route, body, req, res);
      return;
    }
    countRoute(stats, route, '404');
    sendJson(res, 404, errorBody(`no route ${req.method} ${route}`, 'not_found'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(`simulator bug: ${(e as Error).message}`, 'server_error'));
    });
  });
  server.on('connection', watchConnection);
  server.keepAliveTimeout = 30_000;
  server.maxRequestsPerSocket = 0;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        server,
        stats,
        close: () =>
          new Promise<void>((r) => {
            for (const h of hanging) h.socket?.destroy();
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
