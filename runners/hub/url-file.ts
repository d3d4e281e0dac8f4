import { causeOf, offlineVariable } from './settings.ts';

export interface UrlFileOptions {
  /** The local way around a failed download (a sentence); every error ends with it. */
  alternative: string;
  /** Injected for tests; defaults to the global fetch (which honours proxies once useEnvProxy ran). */
  fetch?: typeof fetch;
  env?: NodeJS.ProcessEnv;
}

/**
 * The bytes at a plain https URL (dataset files live on GitHub and blob stores, not on the Hub, so no Hub token is
 * sent). HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) means no network at all here too: it fails before any request. A body shorter than its
 * Content-Length (a connection cut midway) is an error, never a short file.
 */
export async function downloadUrl(url: string, opts: UrlFileOptions): Promise<Buffer> {
  const offline = offlineVariable(opts.env);
  if (offline) throw new Error(`${url}: not downloaded because ${offline} is set. ${opts.alternative}`);
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, { redirect: 'follow' });
  } catch (e) {
    throw new Error(`could not download ${url} (${causeOf(e)}). Offline? ${opts.alternative}`);
  }
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}. ${opts.alternative}`);
  let buf: Buffer;
  try {
    buf = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    throw new Error(`could not download ${url} (cut short: ${causeOf(e)}). ${opts.alternative}`);
  }
  const length = Number(res.headers.get('content-length') ?? NaN);
  const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && Number.isFinite(length) && buf.length !== length) throw new Error(`could not download ${url} (cut short: ${buf.length} of ${length} bytes). ${opts.alternative}`);
  return buf;
}
