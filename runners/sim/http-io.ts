import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request bodies above this are refused (a prompt is a few kB; this only guards the process). */
const MAX_BODY = 16 * 1024 * 1024;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function readBody(req: IncomingMessage): Promise<string> {
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

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The OpenAI error envelope vLLM and SGLang answer with. */
export const errorBody = (message: string, type: string) => ({ error: { message, type, param: null, code: null } });
