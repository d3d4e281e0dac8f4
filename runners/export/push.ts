import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadFiles } from '@huggingface/hub';
import { HfRepo } from '../../src/schema/index.ts';
import { registerSecret } from '../io/secrets.ts';
import { ExportInputError } from './load-results.ts';

export interface PushOptions {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
}

/**
 * Upload the export's files to the Hub dataset repo `repo` in one commit. The token comes from HF_TOKEN in the
 * environment only (never a flag, never written anywhere); HF_ENDPOINT, when set, replaces https://huggingface.co.
 * The repo must exist. Returns the commit URL when the Hub reports one.
 */
export async function pushExport(dir: string, files: string[], repo: string, opts: PushOptions = {}): Promise<string | null> {
  const env = opts.env ?? process.env;
  if (!HfRepo.safeParse(repo).success) throw new ExportInputError(`--push: "${repo}" is not a Hugging Face repo id like "owner/name"`);
  const token = env.HF_TOKEN;
  if (!token) throw new ExportInputError('--push: HF_TOKEN is not set; export a token with write access to the dataset repo (it is read from the environment only)');
  registerSecret(token);
  const contents = await Promise.all(files.map(async (path) => ({ path, content: new Blob([await readFile(join(dir, path))]) })));
  try {
    const out = await uploadFiles({
      repo: { type: 'dataset', name: repo },
      accessToken: token,
      hubUrl: env.HF_ENDPOINT?.replace(/\/+$/, '') || undefined,
      files: contents,
      commitTitle: 'userturn export',
      fetch: opts.fetch,
    });
    return out?.commit.url ?? null;
  } catch (e) {
    // The Hub's refusal (no such repo, no write access) is the user's to fix, not a bug: one line, exit 1.
    throw new ExportInputError(`--push ${repo}: the Hub refused the upload: ${(e as Error).message.split('\n')[0]}`);
  }
}
