import { HubApiError, listFiles, modelInfo } from '@huggingface/hub';
import { join } from 'node:path';
import { writeBytesAtomic } from '../results/atomic.ts';
import { COMMIT, commitOf, rememberRef, repoCache, type RepoCache } from './cache-layout.ts';
import { cappedFetch, readFileCapped, TooLargeError } from './file-cap.ts';
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
 * revision's commit (gguf-pick.ts) and only its header's metadata is read, in HTTP ranges (gguf-header.ts through gguf-range-fetch.ts).
 * Kept in the Hugging Face cache folder by commit, so a rerun at a commit asks nothing and HF_HUB_OFFLINE works. A
 * branch is first resolved to the commit it points to (the Hub's revision endpoint), and the listing and every range
 * are read at that commit, as huggingface_hub's snapshot_download reads a branch (repo_info's sha, then each file at
 * it): a branch moving on between two requests cannot pair one commit's listing with another's file. What
 * refs/<branch> names is read as it is only offline or when the Hub cannot be asked.
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

  // The Hub's error headers, for its refusals' reasons (hub-refusal.ts). Its JSON answers are capped as its files are.
  const seen = { errorCode: null as string | null, errorMessage: null as string | null };
  const capped = cappedFetch(base);
  const api: typeof fetch = async (input, init) => {
    const res = await capped(input, init);
    if (!res.ok) [seen.errorCode, seen.errorMessage] = [res.headers.get('x-error-code'), res.headers.get('x-error-message')];
    return res;
  };
  const refused = (e: unknown, step: 'resolve' | 'list') => {
    if (!(e instanceof HubApiError)) return new Error(`could not ${step === 'list' ? 'list the files of' : 'resolve'} ${name} on ${host} (${causeOf(e)}). Offline? ${req.alternative}`);
    const why = refusalReason({ status: e.statusCode, ...seen }, { repo: req.repo, revision: req.revision, endpoint: hub.endpoint, tokenSent: hub.token !== undefined });
    return new Error(`${name}: ${step === 'list' ? 'listing its files' : 'resolving the revision'}: HTTP ${e.statusCode} from ${host}${why === null ? '' : ` (${why})`}. ${req.alternative}`);
  };

  let commit: string | null = pinned ? req.revision : null;
  if (!pinned) {
    try {
      const info = await modelInfo({ name: req.repo, revision: req.revision, additionalFields: ['sha'], hubUrl: hub.endpoint, accessToken: hub.token, fetch: api });
      commit = typeof info.sha === 'string' && COMMIT.test(info.sha) ? info.sha : null; // none: a mirror that is not a Hub
    } catch (e) {
      // As huggingface_hub: a Hub that cannot be asked leaves what the ref names; a 404 says the repository or revision is not there.
      if (cached !== null && !hubSaysNotThere(e)) return cached;
      throw refused(e, 'resolve');
    }
    const have = commit === null ? null : await readRecord(recordPath(rc, commit, req.quant));
    if (commit !== null && have !== null) {
      await rememberRef(rc, req.revision, commit);
      return { ...have, commit };
    }
  }
  const at = commit ?? req.revision;

  const paths: string[] = [];
  try {
    for await (const e of listFiles({ repo: req.repo, revision: at, recursive: true, hubUrl: hub.endpoint, accessToken: hub.token, fetch: api })) {
      if (e.type === 'file') paths.push(e.path);
      if (paths.length > MAX_LISTED) throw new Error(`more than ${MAX_LISTED} files listed`);
    }
  } catch (e) {
    // The branch resolved, the Hub was asked: its failure now is an error, as huggingface_hub's once repo_info answered.
    if (cached !== null && commit === null && !hubSaysNotThere(e)) return cached;
    throw refused(e, 'list');
  }
  const pick = pickGgufFile(paths, req.quant);
  if (!pick.ok) throw new Error(`${name}: serving.gguf_quant: ${pick.reason}`);
  const file = pick.file;

  const urlAt = (revision: string) => `${hub.endpoint}/${req.repo}/resolve/${encodeURIComponent(revision)}/${file.split('/').map(encodeURIComponent).join('/')}`;
  const limits = opts.limits ?? RANGE_LIMITS;
  // Unresolved (a mirror naming no sha), every range after the first is asked at the commit the first answer names.
  const ranged = rangeReader(base, urlAt(at), auth, limits, (c) => (commit !== null || !COMMIT.test(c) ? null : urlAt(c)));
  const what = `${name}/${file}`;
  // The fetch's errors say what failed on the network, the reader's what is wrong with the file.
  const failed = (e: unknown) =>
    new Error(`${what}: cannot read the GGUF header: ${e instanceof RangeReadError || e instanceof GgufHeaderError ? e.message : causeOf(e)}. ${req.alternative}`);
  let md: GgufChatMetadata;
  try {
    md = await readGgufChatMetadata(new GgufSource(ranged.read, limits.maxBytes));
  } catch (e) {
    throw failed(e);
  }
  if (md.template === null || md.template === '') throw new Error(`${what}: its metadata has no tokenizer.chat_template. ${req.alternative}`);
  const got: GgufTemplate = { file, template: md.template, bos_token: md.bos_token, eos_token: md.eos_token };

  commit ??= ranged.state.commit !== null && COMMIT.test(ranged.state.commit) ? ranged.state.commit : null;
  if (commit !== null) {
    await writeBytesAtomic(recordPath(rc, commit, req.quant), Buffer.from(JSON.stringify(got)));
    await rememberRef(rc, req.revision, commit);
  }
  return { ...got, commit };
}
