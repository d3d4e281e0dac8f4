import { APIError } from 'openai/error';

/**
 * The openai SDK's error for an HTTP status, made as its client makes it (makeStatusError): the body as JSON when it
 * parses (an object without `error` wrapped as `{ error }`), else its text as the message; the headers kept for
 * retry-after. The runner speaks to servers without the SDK's client but keeps its error types and messages, which
 * classify.ts reads. Imported from `openai/error` alone: the SDK's whole client is 236 modules (130 ms of start-up
 * CPU and 6 MB of live heap in every run, issue 16).
 */
export function sdkStatusError(status: number, text: string, headers: Headers): APIError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const error = json && typeof json === 'object' && (json as { error?: unknown }).error == null ? { error: json } : json;
  return APIError.generate(status, error as object | undefined, json ? undefined : text, headers);
}
