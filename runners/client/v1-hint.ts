import { redactUrl } from '../../src/schema/url-redact.ts';

/**
 * The base URL a 404 under `baseURL` suggests, or null when its path already ends in /v1 (the path is right; the
 * server lacks that route). OpenAI-compatible servers answer under …/v1: a base URL that goes on past /v1 (a route
 * pasted whole, …/v1/completions) is cut back to it, one without /v1 gets it appended. The hint used to append /v1
 * blindly, suggesting …/v1/completions/v1.
 */
export function v1BaseUrl(baseURL: string): string | null {
  const url = new URL(baseURL);
  const path = url.pathname.replace(/\/+$/, '');
  const v1 = /^(.*?\/v1)(\/.*)?$/.exec(path);
  if (v1 && v1[2] === undefined) return null;
  url.pathname = v1 ? v1[1]! : `${path}/v1`;
  return redactUrl(url.toString());
}

/** The words a 404 under a base URL gets: the …/v1 it likely meant, or '' when it ends in /v1. */
export function v1Hint(baseURL: string): string {
  const meant = v1BaseUrl(baseURL);
  return meant === null ? '' : ` (OpenAI-compatible servers answer under /v1: did you mean --base-url ${meant}?)`;
}
