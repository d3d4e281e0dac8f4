import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadFiles } from '@huggingface/hub';
import { HfRepo } from '../../src/schema/index.ts';
import { hubToken, hubTokenPath } from '../hub/token.ts';
import { ExportInputError } from './load-results.ts';

export interface PushOptions {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
}

/**
 * Upload the export's files to the Hub dataset repo `repo` in one commit. The token is found as huggingface_hub finds
 * it: HF_TOKEN, else the stored login (runners/hub/token.ts); never a flag, never written anywhere. HF_ENDPOINT,
 * when set, replaces https://huggingface.co. The repo must exist. Returns the commit URL when the Hub reports one.
 */
export async function pushExport(dir: string, files: string[], repo: string, opts: PushOptions = {}): Promise<string | null> {
  const env = opts.env ?? process.env;
  if (!HfRepo.safeParse(repo).success) throw new ExportInputError(`--push: "${repo}" is not a Hugging Face repo id like "owner/name"`);
  const token = hubToken(env);
  if (!token) throw new ExportInputError(`--push: no Hugging Face token: set HF_TOKEN to a token with write access to the dataset repo, or log in with \`hf auth login\` (stored in ${hubTokenPath(env)})`);
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
