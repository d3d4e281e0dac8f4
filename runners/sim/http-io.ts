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

/** The OpenAI error envelope vLLM answers with (SGLang's is flat: sglangErrorBody). */
export const errorBody = (message: string, type: string) => ({ error: { message, type, param: null, code: null } });

/**
 * SGLang's error body on its OpenAI routes: its ErrorResponse at the top level, not in an `error` envelope
 * (python/sglang/srt/entrypoints/openai/protocol.py ErrorResponse at 9b116dffe828b2dfa7ec0e4d061555b6c354b67a;
 * serving_base.py create_error_response at c5695a4be1c4f84791eeaceeb6e4a775f8e7d0cc, type "BadRequestError" by default).
 */
export const sglangErrorBody = (message: string, status: number, type = 'BadRequestError') => ({ object: 'error', message, type, param: null, code: status });
