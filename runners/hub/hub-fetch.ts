/**
 * The fetch a Hub download goes through. It follows redirects itself, as huggingface_hub does
 * (file_download.py: metadata from the Hub's own answer, `authorization` dropped for a CDN on another host):
 *  - the token goes to HF_ENDPOINT's origin only: a redirect to another origin (the CDN an LFS file lives on) is
 *    followed without it, and so is any request @huggingface/hub later sends straight to that CDN's URL;
 *  - the headers the Hub puts on its 302 and a CDN's answer lacks (the commit a revision resolved to, the LFS
 *    file's sha-256 etag and size) are carried onto the answer returned, where @huggingface/hub reads them.
 */
const HUB_HEADERS = ['x-repo-commit', 'x-linked-etag', 'x-linked-size'];
const MAX_REDIRECTS = 20; // as the fetch standard

export function hubFetch(endpoint: string, base: typeof fetch = fetch): typeof fetch {
  const hubOrigin = new URL(endpoint).origin;
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const kept = new Headers();
    for (let hop = 0; ; hop++) {
      if (url.origin !== hubOrigin) headers.delete('authorization'); // and not restored if a later hop comes back
      const res = await base(url, { ...init, headers, redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status > 399 || location === null) return withHubHeaders(res, kept);
      if (hop === MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error(`more than ${MAX_REDIRECTS} redirects from ${url.host}`) });
      if (url.origin === hubOrigin) for (const h of HUB_HEADERS) if (!kept.has(h) && res.headers.has(h)) kept.set(h, res.headers.get(h)!);
      await res.body?.cancel();
      url = new URL(location, url);
    }
  };
}

function withHubHeaders(res: Response, kept: Headers): Response {
  if ([...kept.keys()].length === 0) return res;
  const headers = new Headers(res.headers);
  kept.forEach((v, k) => headers.set(k, v));
  // A new Response has no url, so @huggingface/hub asks the Hub's URL again for the body (through this fetch).
  const body = [204, 205, 304].includes(res.status) ? null : res.body;
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}
