import { ServerError } from '../core/errors.ts';
import type { EngineBehaviour } from '../engines/types.ts';
import { redactUrl } from '../../src/schema/url-redact.ts';
import { ollamaGenerateUrl } from './ollama-generate.ts';
import { v1Hint } from './v1-hint.ts';

/**
 * A completion answered 404: the endpoint has no such route (a base URL without its /v1) or does not serve the model
 * asked for (--model a name it does not serve). No retry and no other request can change that, so the run stops
 * and writes nothing: a review's run with --model and a base URL without /v1 sent every request into `HTTP 404: no
 * route POST /completions` and wrote a result made only of errors. The /v1/models look-up lets a 404 there pass
 * with --model (a server may lack that one route), so this is where such a URL is caught.
 */
export class EndpointRefused extends ServerError {}

/** Whether a failed attempt (its kind, classify.ts) is such a refusal. */
export const refusesRoute = (kind: string): boolean => kind === 'http_404';

/** The run's stop for a 404 from `baseURL`'s completions route: the route, the server's words, what to check. */
export function refusedRoute(baseURL: string, api: EngineBehaviour['api'] | undefined, model: string, reason: string): EndpointRefused {
  const route = api === 'ollama_generate' ? redactUrl(ollamaGenerateUrl(baseURL)) : `${redactUrl(baseURL)}/completions`;
  const hint = (api === 'ollama_generate' ? '' : v1Hint(baseURL)) || ` (is "${model}" a model it serves? its /v1/models lists them; --model names one)`;
  return new EndpointRefused(`${route}: ${reason}${hint}. The run stopped; no result was written`);
}
