import { v1BaseUrl } from './v1-hint.ts';

/**
 * What to check when every base URL refused the connection (ECONNREFUSED: nothing listens on that host and port). A
 * newcomer's run said only "Connection error. (ECONNREFUSED)". The run and doctor both end with these words.
 */
export function refusedHint(baseURLs: readonly string[]): string {
  const places = [...new Set(baseURLs.map(hostPort))];
  const v1 = [...new Set(baseURLs.map(v1BaseUrl).filter((u): u is string => u !== null))];
  const path = v1.length > 0
    ? ` and --base-url is its OpenAI root ending in /v1 (did you mean ${v1.join(', ')}?)`
    : ' and the port is the one the engine printed when it started (vLLM 8000, SGLang 30000, llama.cpp 8080, Ollama 11434 by default); --base-url is http://HOST:PORT/v1';
  return `nothing accepts connections at ${places.join(', ')}: check that the server is running on that host and port (it can take minutes to load the weights before it listens),${path}`;
}

function hostPort(u: string): string {
  try {
    const url = new URL(u);
    return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return '(invalid url)';
  }
}
