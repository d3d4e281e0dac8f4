/**
 * URLs as userinfo and query strings leave them out: either may carry a secret (a password, an Azure api-key). The
 * runner records and logs endpoints so (runners/client/endpoints.ts), and an error message quoting a value does too.
 * Pure, with the WHATWG URL every runtime has, so the schema side can use it.
 */

/** An endpoint as recorded in results and logs: no user:password and no query string. */
export function redactUrl(u: string): string {
  try {
    const url = new URL(u);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(invalid url)';
  }
}

/**
 * Text with every http(s) URL in it redacted; one that had user:password shows `[redacted]@` in their place, so a
 * command copied from it fails visibly instead of running without them.
 */
export const redactUrlsIn = (s: string): string =>
  s.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (u) => (/^[a-z]+:\/\/[^/?#]*@/i.test(u) ? redactUrl(u).replace('://', '://[redacted]@') : redactUrl(u)));
