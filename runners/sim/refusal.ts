import type { ServerResponse } from 'node:http';
import type { EngineId } from '../engines/behaviour.ts';
import { errorBody, sendJson, sglangErrorBody } from './http-io.ts';

/**
 * A request the emulated engine refuses (too many stop strings, a top_p it does not take), answered in its shape.
 * vLLM (and the ideal engine): the OpenAI error envelope with the status; SGLang: its flat ErrorResponse (http-io.ts),
 * with the status, a streamed request too (serving_completions.py at 7190e6fe wrote a streamed request's error as an
 * event after a 200 instead; that is not imitated). TGI
 * (huggingface/text-generation-inference at db931fcf42da018a3657580c64bf2720f167f9ab): not streamed, the status with
 * its ErrorResponse `{"error": "…", "error_type": "validation"}` (router/src/server.rs); streamed, 200 first, since
 * completions() validates the request inside the stream, then the error as an event with http_status_code 422
 * (router/src/infer/mod.rs into_openai_event) and `data:[DONE]`. Returns the status counted for the route.
 */
export function sendRefusal(res: ServerResponse, engine: EngineId | undefined, streamed: boolean, status: number, message: string): number {
  if (engine !== 'tgi') {
    sendJson(res, status, engine === 'sglang' ? sglangErrorBody(message, status) : errorBody(message, 'invalid_request_error'));
    return status;
  }
  if (!streamed) {
    sendJson(res, status, { error: message, error_type: 'validation' });
    return status;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(`data:${JSON.stringify({ error: { message, http_status_code: 422 } })}\n\ndata:[DONE]\n\n`);
  return 200;
}
