import { UsageError } from '../core/errors.ts';

/** Flags several commands share, declared once; a command spreads the ones it takes into its options. */
export const DATA_DIR_FLAG = { 'data-dir': { type: 'string' } } as const;
export const SUITE_FLAG = { suite: { type: 'string' } } as const;
export const OUT_FLAG = { out: { type: 'string' } } as const;
export const CACHE_FLAGS = { cache: { type: 'string' }, 'no-cache': { type: 'boolean' } } as const;
/** --judge heuristic | --judge-config FILE… (judge takes one config, rejudge a panel, calibrate several). */
export const JUDGE_FLAGS = { judge: { type: 'string' }, 'judge-config': { type: 'string', multiple: true } } as const;

/**
 * The endpoint flags of the commands that talk to a served model (run, doctor): --base-url (repeatable), --model,
 * --template and --timeout-ms; each command reads --timeout-ms with its own default.
 */
export const ENDPOINT_FLAGS = {
  'base-url': { type: 'string', multiple: true },
  model: { type: 'string' },
  template: { type: 'string' },
  'timeout-ms': { type: 'string' },
} as const;

/**
 * Each URL checked to be http(s) without a query string or fragment, trailing slashes dropped (a usage error names
 * the first that is not). The API paths (/completions, /models, engine routes) are appended to the base URL, so a
 * query would end up in front of them; and a query may carry a key, so the error shows the URL without it.
 */
export function httpUrls(urls: readonly string[]): string[] {
  for (const u of urls) {
    let url: URL | null = null;
    try {
      url = new URL(u);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw new UsageError(`--base-url must be an http(s) URL, got "${u}"`);
    if (url.search || url.hash) throw new UsageError(`--base-url must not have a query string or fragment (the API paths are appended to it; an API key goes in USERTURN_API_KEY), got "${url.origin}${url.pathname}${url.search ? '?…' : '#…'}"`);
  }
  return urls.map((u) => u.replace(/\/+$/, ''));
}

/** --base-url (repeatable), else USERTURN_BASE_URL (comma-separated), checked; [] when neither is set. */
export function baseUrlsOf(flags: readonly string[] | undefined): string[] {
  return httpUrls(flags && flags.length > 0 ? flags : (process.env.USERTURN_BASE_URL ?? '').split(',').map((s) => s.trim()).filter(Boolean));
}

/** --data-dir, else USERTURN_DATA_DIR (an empty variable counts as unset). */
export const dataDirOf = (values: { 'data-dir'?: string }): string | undefined => values['data-dir'] ?? (process.env.USERTURN_DATA_DIR || undefined);

/** The cache flags checked: the file to use, null for --no-cache, undefined for the default. */
export function cacheOf(values: { cache?: string; 'no-cache'?: boolean }): string | null | undefined {
  if (values.cache !== undefined && values['no-cache']) throw new UsageError('--cache and --no-cache exclude each other');
  return values['no-cache'] ? null : values.cache;
}

/** The judge flags checked: the LLM judge configs given (empty: the heuristic judge). */
export function judgeConfigsOf(values: { judge?: string; 'judge-config'?: string[] }): string[] {
  if (values.judge !== undefined && values.judge !== 'heuristic') throw new UsageError(`--judge must be "heuristic" (use --judge-config FILE for an LLM judge), got "${values.judge}"`);
  if (values.judge !== undefined && values['judge-config'] !== undefined) throw new UsageError('--judge and --judge-config exclude each other');
  return values['judge-config'] ?? [];
}
