import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where huggingface_hub keeps its files, read from the same variables and expanded the same way
 * (huggingface_hub/constants.py: `os.path.expandvars(os.path.expanduser(...))` on HF_HOME, HF_HUB_CACHE and
 * HF_TOKEN_PATH), so `HF_HOME=~/hf` from a systemd unit, a Dockerfile or a .env file, where no shell expanded it,
 * names the folder vLLM and transformers use, not a folder called `~` under the working directory. An empty
 * variable counts as unset.
 */

/** A leading `~` is the home folder; then `$NAME` and `${NAME}` are replaced when NAME is set (else kept), as Python does. */
export function expandPath(path: string, env: NodeJS.ProcessEnv): string {
  const home = path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
  return home.replace(/\$(\w+|\{[^}]*\})/g, (whole, name: string) => env[name.startsWith('{') ? name.slice(1, -1) : name] ?? whole);
}

/** HF_HOME, else $XDG_CACHE_HOME/huggingface, else ~/.cache/huggingface. */
export function hfHome(env: NodeJS.ProcessEnv): string {
  return expandPath(env.HF_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'huggingface'), env);
}

/** The hub cache: HF_HUB_CACHE, else the older HUGGINGFACE_HUB_CACHE, else HF_HOME/hub. */
export function hubCacheDir(env: NodeJS.ProcessEnv): string {
  return expandPath(env.HF_HUB_CACHE || env.HUGGINGFACE_HUB_CACHE || join(hfHome(env), 'hub'), env);
}
