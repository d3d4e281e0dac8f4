import http from 'node:http';

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/**
 * Honour HTTP_PROXY, HTTPS_PROXY and NO_PROXY as curl, pip and huggingface_hub do. Node's fetch ignores them
 * unless NODE_USE_ENV_PROXY=1 or --use-env-proxy was given at startup; this turns the same built-in support on
 * for the running process. Returns a function that undoes it, or null when nothing was changed.
 */
export function useEnvProxy(env: NodeJS.ProcessEnv = process.env, warn: (m: string) => void = console.error): (() => void) | null {
  if (env.NODE_USE_ENV_PROXY === '1' || process.execArgv.includes('--use-env-proxy')) return null; // Node did it
  const set = PROXY_VARS.find((v) => env[v]);
  if (!set) return null;
  // A default import: a named import of an export this Node lacks (before 24.14) would fail at load, for every command.
  if (typeof http.setGlobalProxyFromEnv !== 'function') {
    warn(`userturn: ${set} is set but Node ${process.version} cannot apply it at run time; rerun with NODE_USE_ENV_PROXY=1 (or Node 24.14 or later)`);
    return null;
  }
  return http.setGlobalProxyFromEnv(env);
}
