import { setGlobalProxyFromEnv } from 'node:http';

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/**
 * Honour HTTP_PROXY, HTTPS_PROXY and NO_PROXY as curl, pip and huggingface_hub do. Node's fetch ignores them
 * unless NODE_USE_ENV_PROXY=1 or --use-env-proxy was given at startup; this turns the same built-in support on
 * for the running process. Returns a function that undoes it, or null when nothing was changed.
 */
export function useEnvProxy(env: NodeJS.ProcessEnv = process.env): (() => void) | null {
  if (env.NODE_USE_ENV_PROXY === '1' || process.execArgv.includes('--use-env-proxy')) return null; // Node did it
  if (!PROXY_VARS.some((v) => env[v])) return null;
  return setGlobalProxyFromEnv(env);
}
