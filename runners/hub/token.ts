import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { registerSecret } from '../io/secrets.ts';
import { expandPath, hfHome } from './hf-paths.ts';

/**
 * The Hugging Face token, found where huggingface_hub finds it (huggingface_hub/constants.py, utils/_auth.py):
 * HF_TOKEN, else the older HUGGING_FACE_HUB_TOKEN, else the file `hf auth login` writes, HF_TOKEN_PATH or
 * HF_HOME/token (HF_HOME defaulting to $XDG_CACHE_HOME/huggingface, then ~/.cache/huggingface). An empty value
 * counts as unset. The token is only read, never written, and registered as a secret so every writer redacts it.
 */
export function hubToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const token = env.HF_TOKEN?.trim() || env.HUGGING_FACE_HUB_TOKEN?.trim() || readTokenFile(hubTokenPath(env));
  registerSecret(token);
  return token || undefined;
}

/** HF_TOKEN_PATH, else HF_HOME/token: the file huggingface_hub reads its stored token from. */
export function hubTokenPath(env: NodeJS.ProcessEnv = process.env): string {
  return expandPath(env.HF_TOKEN_PATH || join(hfHome(env), 'token'), env);
}

function readTokenFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined; // no login: no token, as in huggingface_hub
    throw new InputError(`${path}: (file): cannot read the Hugging Face token file (${code ?? (e as Error).message}); fix it, or set HF_TOKEN`);
  }
}
