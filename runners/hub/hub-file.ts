import { downloadFile, fileDownloadInfo, HubApiError } from '@huggingface/hub';
import { join } from 'node:path';
import { COMMIT, commitOf, hasSnapshot, lookup, markAbsent, rememberRef, repoCache, snapshotPath, store } from './cache-layout.ts';
import { cappedFetch, MAX_TEXT_FILE_BYTES, TooLargeError } from './file-cap.ts';
import { hubFetch } from './hub-fetch.ts';
import { hubSaysNotThere, refusalReason } from './hub-refusal.ts';
import { hubSettings } from './hub-settings.ts';
import { causeOf, hostOf } from './settings.ts';
import { NOT_UTF8, strictUtf8 } from '../io/utf8-text.ts';

export interface HubFileRequest {
  /** Model repository, e.g. "Qwen/Qwen3-8B". */
  repo: string;
  /** Commit sha (pinned) or branch name. */
  revision: string;
  /** File inside the repository. */
  file: string;
  /** The local way around a failed download, e.g. "Pass --template FILE". Every error ends with it. */
  alternative: string;
  /**
   * Offline, a cached snapshot of the commit without this file counts as the file not existing (what transformers
   * does offline; `hf download` records no absent files). For files the caller can do without.
   */
  optional?: boolean;
}

export interface HubFileOptions {
  /** Hub cache folder; default from HF_HUB_CACHE / HF_HOME (see settings.ts). */
  cacheDir?: string;
  /** Injected for tests; defaults to the global fetch (which honours proxies once useEnvProxy ran). */
  fetch?: typeof fetch;
  env?: NodeJS.ProcessEnv;
}

/** Error codes of a Hub 404 that mean the repository or revision is wrong, not that the file is missing. */
const NOT_A_MISSING_FILE = new Set(['RepoNotFound', 'RevisionNotFound']);

export interface HubFileRead {
  /** The file's text; null when it does not exist at that commit. */
  text: string | null;
  /**
   * The commit it was read (or found absent) at: the revision when pinned, else the one the Hub's answer named, or the
   * one refs/<branch> names when that was read. Null when the answer named none (a mirror that is not a Hub). Reading
   * a template's other files at it keeps them all from one commit, though the branch moves in between.
   */
  commit: string | null;
}

/**
 * A file of a model repository at a revision, through @huggingface/hub: the Hugging Face cache first, else the Hub
 * at HF_ENDPOINT with HF_TOKEN. Returns null when the file does not exist at that revision (also cached).
 * With HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) set no request is made: a file not in the cache is an error naming it and the alternative.
 *
 * A commit's files never change, so a cached one is used without a request. A branch moves: refs/<branch> names the
 * commit it pointed to when last resolved, so online the Hub is asked where it is now and the file is taken and filed
 * under the commit its answer names (X-Repo-Commit), as huggingface_hub does (file_download.py,
 * _hf_hub_download_to_cache_dir); the ref is read as it is offline, or when the Hub cannot be asked.
 */
export async function readHubFile(req: HubFileRequest, opts: HubFileOptions = {}): Promise<string | null> {
  return (await readHubFileAt(req, opts)).text;
}

/**
 * readHubFile, with the commit the file came from. A file over MAX_TEXT_FILE_BYTES (file-cap.ts), announced, sent or
 * cached, is an error naming it and the cap; no more of it is read, and nothing of it is kept.
 */
export async function readHubFileAt(req: HubFileRequest, opts: HubFileOptions = {}): Promise<HubFileRead> {
  try {
    return await readAt(req, opts);
  } catch (e) {
    if (e instanceof TooLargeError || e instanceof NotUtf8Error) throw new Error(`${req.repo}@${req.revision}/${req.file}: ${e.message}. ${req.alternative}`);
    throw e;
  }
}

class NotUtf8Error extends Error {}

/** The file's text (hub-file reads nothing else), or NotUtf8Error. */
function textOf(bytes: Uint8Array): string {
  const text = strictUtf8(bytes);
  if (text === null) throw new NotUtf8Error(NOT_UTF8);
  return text;
}

async function readAt(req: HubFileRequest, opts: HubFileOptions): Promise<HubFileRead> {
  const hub = hubSettings(opts.env);
  const rc = repoCache(opts.cacheDir ?? hub.cacheDir, req.repo);
  const name = `${req.repo}@${req.revision}/${req.file}`;
  const pinned = COMMIT.test(req.revision);
  const known = await commitOf(rc, req.revision);
  const cached = await lookup(rc, known, req.file);
  const fromCache = (): HubFileRead => ({ text: cached.kind === 'file' ? textOf(cached.bytes) : null, commit: known });
  if (cached.kind !== 'missing' && (pinned || hub.offline !== null)) return fromCache();
  // A branch not yet resolved has no snapshot path of its own: the file goes under a commit that refs/<branch> names.
  const where = known !== null ? snapshotPath(rc, known, req.file) : `${snapshotPath(rc, '<commit>', req.file)} with <commit> in ${join(rc.folder, 'refs', req.revision)}`;
  if (hub.offline !== null && req.optional && known !== null && (await hasSnapshot(rc, known))) return { text: null, commit: known };
  if (hub.offline !== null) throw new Error(`${name}: not in the Hugging Face cache (${where}) and ${hub.offline} is set, so nothing was downloaded. ${req.alternative}, or unset ${hub.offline}`);

  // The library reads the response; this wrapper also keeps the two headers it does not return (hub-fetch.ts keeps
  // the Hub's own headers when the file is redirected to a CDN).
  const seen = { commit: null as string | null, errorCode: null as string | null, errorMessage: null as string | null };
  const base = cappedFetch(hubFetch(hub.endpoint, opts.fetch ?? fetch));
  const watching: typeof fetch = async (input, init) => {
    const res = await base(input, init);
    seen.commit ??= res.headers.get('x-repo-commit');
    if (!res.ok) [seen.errorCode, seen.errorMessage] = [res.headers.get('x-error-code'), res.headers.get('x-error-message')];
    return res;
  };
  const params = { repo: req.repo, path: req.file, revision: req.revision, hubUrl: hub.endpoint, accessToken: hub.token, fetch: watching };
  const host = hostOf(hub.endpoint);
  const around = `${req.alternative}, or put the file at ${where} (then HF_HUB_OFFLINE=1 works too)`;
  let got: { etag: string; bytes: Uint8Array } | null;
  let commit: string | null = pinned ? req.revision : null;
  try {
    let info: Awaited<ReturnType<typeof fileDownloadInfo>>;
    try {
      info = await fileDownloadInfo(params);
    } catch (e) {
      // As huggingface_hub: a Hub that cannot be asked (no connection, a refusal, a server error) leaves the file the
      // ref names; a 404 says the revision or the file is not there, so nothing cached for it stands.
      if (cached.kind !== 'missing' && !hubSaysNotThere(e) && !(e instanceof TooLargeError)) return fromCache();
      throw e;
    }
    if (info !== null && info.size > MAX_TEXT_FILE_BYTES) throw new TooLargeError('the file (as the Hub announces it)', info.size, MAX_TEXT_FILE_BYTES);
    // The commit the Hub resolved the revision to; only that commit's snapshot can hold what it serves.
    commit ??= seen.commit !== null && COMMIT.test(seen.commit) ? seen.commit : null;
    if (info !== null && commit !== null && !pinned) {
      const have = await lookup(rc, commit, req.file);
      if (have.kind === 'file') {
        await rememberRef(rc, req.revision, commit);
        return { text: textOf(have.bytes), commit };
      }
    }
    if (info === null) got = null;
    else {
      // The bytes are asked at that commit, so a branch that moves on in between cannot send another commit's file.
      const url = commit !== null && new URL(info.url).origin === new URL(hub.endpoint).origin ? fileUrl(hub.endpoint, req.repo, commit, req.file) : info.url;
      const blob = await downloadFile({ ...params, downloadInfo: { ...info, url } });
      const bytes = new Uint8Array(await blob!.arrayBuffer());
      if (bytes.length !== info.size) throw new Error(`cut short: ${bytes.length} of ${info.size} bytes`);
      got = { etag: info.etag, bytes };
    }
  } catch (e) {
    if (e instanceof TooLargeError) throw e;
    if (!(e instanceof HubApiError)) throw new Error(`could not download ${name} from ${host} (${causeOf(e)}). Offline? ${around}`);
    if (e.statusCode !== 404 || NOT_A_MISSING_FILE.has(seen.errorCode ?? '')) {
      const why = refusalReason({ status: e.statusCode, ...seen }, { repo: req.repo, revision: req.revision, endpoint: hub.endpoint, tokenSent: hub.token !== undefined });
      throw new Error(`${name}: HTTP ${e.statusCode} from ${host}${why === null ? '' : ` (${why})`}. ${around}`);
    }
    got = null; // a plain 404 (a mirror that sends no X-Error-Code): missing for this run, but not recorded below
  }
  if (commit !== null) {
    // Without a commit the answer cannot be filed in the cache layout: used, not kept. An absence is kept only when
    // the Hub said so (EntryNotFound), as huggingface_hub does: tools reading the cache consult .no_exist markers, so
    // a bare 404 from a wrong HF_ENDPOINT must not hide the file from them, or from the next run, for good.
    if (got === null) {
      if (seen.errorCode === 'EntryNotFound') {
        await markAbsent(rc, commit, req.file);
        await rememberRef(rc, req.revision, commit);
      }
    } else await store(rc, req.revision, commit, req.file, got.etag, got.bytes);
  }
  return { text: got === null ? null : textOf(got.bytes), commit };
}

/** The Hub's URL of a file at a commit, as @huggingface/hub builds it for a revision. */
const fileUrl = (endpoint: string, repo: string, commit: string, file: string) => `${endpoint}/${repo}/resolve/${commit}/${file}`;
