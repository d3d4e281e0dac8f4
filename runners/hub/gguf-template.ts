import { HubApiError, listFiles } from '@huggingface/hub';
import { join } from 'node:path';
import { writeBytesAtomic } from '../results/atomic.ts';
import { COMMIT, commitOf, rememberRef, repoCache, type RepoCache } from './cache-layout.ts';
import { readFileCapped, TooLargeError } from './file-cap.ts';
import { readGgufChatMetadata, type GgufChatMetadata } from './gguf-header.ts';
import { pickGgufFile } from './gguf-pick.ts';
import { RANGE_LIMITS, RangeReadError, rangeReader, type RangeLimits } from './gguf-range-fetch.ts';
import { GgufHeaderError, GgufSource } from './gguf-source.ts';
import { hubFetch } from './hub-fetch.ts';
import { hubSaysNotThere, refusalReason } from './hub-refusal.ts';
import { hubSettings } from './hub-settings.ts';
import { causeOf, hostOf } from './settings.ts';

/** The chat template a GGUF file carries in its metadata, as llama.cpp (`--jinja`) and Ollama take it. */
export interface GgufTemplate {
  /** The file inside the repository, e.g. "Qwen3-8B-Q4_K_M.gguf" (of a split model, its first part). */
  file: string;
  template: string;
  bos_token: string | null;
  eos_token: string | null;
}

/** A GGUF template with the commit it was read at (what load.ts names in the template's source). */
export interface GgufTemplateRead extends GgufTemplate {
  /**
   * The pinned revision, else the commit the Hub's answer named, or the one refs/<branch> names when its record was
   * read (offline, or the Hub could not be asked). Null when the answer named none (a mirror that is not a Hub).
   */
  commit: string | null;
}

export interface GgufTemplateRequest {
  repo: string;
  revision: string;
  /** serving.gguf_quant, e.g. "Q4_K_M". */
  quant: string;
  /** The local way around a failed read; every error ends with it. */
  alternative: string;
}

export interface GgufTemplateOptions {
  cacheDir?: string;
  fetch?: typeof fetch;
  env?: NodeJS.ProcessEnv;
  limits?: RangeLimits;
}

/** Entries a repository listing may have (the largest GGUF repositories list a few hundred files). */
const MAX_LISTED = 100_000;

/**
 * What was read is kept beside the Hugging Face cache's own folders, not under snapshots/: a header is not the file,
 * and another tool finding a file there would take it for the GGUF.
 */
const recordPath = (rc: RepoCache, commit: string, quant: string) => join(rc.folder, '.userturn', 'gguf-template', commit, `${quant.toUpperCase()}.json`);

/** A record over the Hub files' cap (file-cap.ts) was not written by the runner: an error, as a cached file's. */
async function readRecord(path: string): Promise<GgufTemplate | null> {
  let text: string;
  try {
    text = (await readFileCapped(path)).toString('utf8');
  } catch (e) {
    if (e instanceof TooLargeError) throw e;
    return null;
  }
  try {
    const r = JSON.parse(text) as GgufTemplate;
    return typeof r.file === 'string' && typeof r.template === 'string' ? r : null;
  } catch {
    return null; // a record cut by a crash is read again
  }
}

/**
 * The chat template in the GGUF file for `quant` at a revision: the file is found in the repository's listing at that
 * revision (gguf-pick.ts) and only its header's metadata is read, in HTTP ranges (gguf-header.ts through gguf-range-fetch.ts).
 * Kept in the Hugging Face cache folder by commit, so a rerun at a commit asks nothing and HF_HUB_OFFLINE works. A
 * branch is resolved by the Hub online, as hub-file.ts does: what refs/<branch> names is read as it is only offline or
 * when the Hub cannot be asked.
 */
export async function readGgufTemplate(req: GgufTemplateRequest, opts: GgufTemplateOptions = {}): Promise<GgufTemplateRead> {
  try {
    return await readAt(req, opts);
  } catch (e) {
    if (e instanceof TooLargeError) throw new Error(`${req.repo}@${req.revision}: the chat template of the ${req.quant} GGUF file: ${e.message}. ${req.alternative}`);
    throw e;
  }
}

async function readAt(req: GgufTemplateRequest, opts: GgufTemplateOptions): Promise<GgufTemplateRead> {
  const hub = hubSettings(opts.env);
  const rc = repoCache(opts.cacheDir ?? hub.cacheDir, req.repo);
  const name = `${req.repo}@${req.revision}`;
  const pinned = COMMIT.test(req.revision);
  const known = await commitOf(rc, req.revision);
  const cachedAt = known === null ? null : recordPath(rc, known, req.quant);
  const record = cachedAt === null ? null : await readRecord(cachedAt);
  const cached = record === null ? null : { ...record, commit: known };
  if (cached !== null && (pinned || hub.offline !== null)) return cached;
  if (hub.offline !== null) {
    const where = cachedAt ?? `${join(rc.folder, '.userturn', 'gguf-template')} (no commit known for ${req.revision})`;
    throw new Error(`${name}: the chat template of the ${req.quant} GGUF file is not in the Hugging Face cache (${where}) and ${hub.offline} is set, so nothing was downloaded. ${req.alternative}, or unset ${hub.offline}`);
  }
  const host = hostOf(hub.endpoint);
  const base = hubFetch(hub.endpoint, opts.fetch ?? fetch);
  const auth: Record<string, string> = hub.token === undefined ? {} : { authorization: `Bearer ${hub.token}` };

  const paths: string[] = [];
  try {
    for await (const e of listFiles({ repo: req.repo, revision: req.revision, recursive: true, hubUrl: hub.endpoint, accessToken: hub.token, fetch: base })) {
      if (e.type === 'file') paths.push(e.path);
      if (paths.length > MAX_LISTED) throw new Error(`more than ${MAX_LISTED} files listed`);
    }
  } catch (e) {
    // As huggingface_hub: a Hub that cannot be asked leaves what the ref names; a 404 says the repository or revision is not there.
    if (cached !== null && !hubSaysNotThere(e)) return cached;
    if (!(e instanceof HubApiError)) throw new Error(`could not list the files of ${name} on ${host} (${causeOf(e)}). Offline? ${req.alternative}`);
    const why = refusalReason({ status: e.statusCode, errorCode: null, errorMessage: null }, { repo: req.repo, revision: req.revision, endpoint: hub.endpoint, tokenSent: hub.token !== undefined });
    throw new Error(`${name}: listing its files: HTTP ${e.statusCode} from ${host}${why === null ? '' : ` (${why})`}. ${req.alternative}`);
  }
  const pick = pickGgufFile(paths, req.quant);
  if (!pick.ok) throw new Error(`${name}: serving.gguf_quant: ${pick.reason}`);
  const file = pick.file;

  const urlAt = (revision: string) => `${hub.endpoint}/${req.repo}/resolve/${encodeURIComponent(revision)}/${file.split('/').map(encodeURIComponent).join('/')}`;
  const limits = opts.limits ?? RANGE_LIMITS;
  // After the first answer every range is asked at the commit it names, so a branch moving on cannot mix two files.
  const ranged = rangeReader(base, urlAt(req.revision), auth, limits, (c) => (pinned || !COMMIT.test(c) ? null : urlAt(c)));
  const what = `${name}/${file}`;
  // The fetch's errors say what failed on the network, the reader's what is wrong with the file.
  const failed = (e: unknown) =>
    new Error(`${what}: cannot read the GGUF header: ${e instanceof RangeReadError || e instanceof GgufHeaderError ? e.message : causeOf(e)}. ${req.alternative}`);
  let commit: string | null = pinned ? req.revision : null;
  if (!pinned) {
    // One byte asks where the branch is now; that commit's record, when there is one, is the answer.
    try {
      await ranged.read(0, 0);
    } catch (e) {
      // As the listing above and hub-file.ts: a Hub that cannot be asked leaves the record the ref names; a 404 says
      // the file is not there.
      if (cached !== null && !hubSaysNotThere(e)) return cached;
      throw failed(e);
    }
    commit = ranged.state.commit !== null && COMMIT.test(ranged.state.commit) ? ranged.state.commit : null;
    const have = commit === null ? null : await readRecord(recordPath(rc, commit, req.quant));
    if (commit !== null && have !== null) {
      await rememberRef(rc, req.revision, commit);
      return { ...have, commit };
    }
  }
  let md: GgufChatMetadata;
  try {
    md = await readGgufChatMetadata(new GgufSource(ranged.read, limits.maxBytes));
  } catch (e) {
    throw failed(e);
  }
  if (md.template === null || md.template === '') throw new Error(`${what}: its metadata has no tokenizer.chat_template. ${req.alternative}`);
  const got: GgufTemplate = { file, template: md.template, bos_token: md.bos_token, eos_token: md.eos_token };

  if (commit !== null) {
    await writeBytesAtomic(recordPath(rc, commit, req.quant), Buffer.from(JSON.stringify(got)));
    await rememberRef(rc, req.revision, commit);
  }
  return { ...got, commit };
}
