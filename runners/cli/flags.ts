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

/** A URL as an error message may show it: without user:password, and cut before any query or fragment (either may hold a key). */
const shown = (u: string): string => {
  const cut = u.replace(/[?#].*$/s, '');
  return `${cut.replace(/\/\/[^/@]*@/, '//')}${cut.length < u.length ? '…' : ''}`;
};

/**
 * Each URL checked to be http(s) without a query string or fragment, trailing slashes dropped, each given once (a
 * usage error names where the first bad one came from: `source`). The API paths (/completions, /models, engine routes) are appended
 * to the base URL, so a query would land in front of them, and an empty one ("…/v1?") too.
 */
export function httpUrls(urls: readonly string[], source = '--base-url'): string[] {
  for (const u of urls) {
    let url: URL | null = null;
    try {
      url = new URL(u);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol)) throw new UsageError(`${source} must be an http(s) URL, got "${shown(u)}"`);
    if (/[?#]/.test(u)) throw new UsageError(`${source} must not have a query string or fragment (the API paths are appended to it; an API key goes in USERTURN_API_KEY), got "${shown(u)}"`);
  }
  const out = urls.map((u) => u.replace(/\/+$/, ''));
  // One host twice would take twice its share of requests and show twice in the closing lines.
  const twice = out.find((u, i) => out.indexOf(u) !== i);
  if (twice !== undefined) throw new UsageError(`${source} names the same endpoint twice: "${shown(twice)}"`);
  return out;
}

/** --base-url (repeatable), else USERTURN_BASE_URL (comma-separated), checked; [] when neither is set. */
export function baseUrlsOf(flags: readonly string[] | undefined): string[] {
  if (flags && flags.length > 0) return httpUrls(flags);
  return httpUrls((process.env.USERTURN_BASE_URL ?? '').split(',').map((s) => s.trim()).filter(Boolean), 'USERTURN_BASE_URL');
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
