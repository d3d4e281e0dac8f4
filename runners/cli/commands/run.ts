import { CURRENT_SUITE_HELP, currentSuitePath } from '../../core/defaults.ts';
import { join } from 'node:path';
import { DatasetId } from '../../../src/schema/index.ts';
import type { RunDeps } from '../../probe/run-options.ts';
import { defaultCacheRoot } from '../../core/defaults.ts';
import { intFlag, TIMER_MAX_MS } from '../../core/args.ts';
import { UsageError } from '../../core/errors.ts';
import { runCommand } from '../command.ts';
import { runJsonLine } from '../run-json.ts';
import { baseUrlsOf, CACHE_FLAGS, cacheOf, DATA_DIR_FLAG, dataDirOf, ENDPOINT_FLAGS, httpUrls, OUT_FLAG, SUITE_FLAG } from '../flags.ts';
import { envWholeNumber } from '../../core/env-number.ts';
import { projectRoot } from '../../io/project-root.ts';

export const summary = `run the probe (default suite ${CURRENT_SUITE_HELP}) for one submission against OpenAI-compatible endpoints; resumable`;

const USAGE = `usage: userturn run <submission.yaml> [options]

Runs every condition of the suite for one submission and writes results/<id>/summary.json and
results/<id>/samples/<dataset>.jsonl. Every finished request is cached, so rerunning the same command resumes.

  --base-url URL        OpenAI-compatible endpoint (…/v1); repeatable, load is spread over all of them.
                        Default: USERTURN_BASE_URL (comma-separated), else serving.base_urls of the submission.
  --model NAME          model name to request (default: what each endpoint lists on /v1/models)
  --suite FILE          suite file (default ${CURRENT_SUITE_HELP})
  --limit N             at most N items per dataset (a seeded subset, recorded in the summary)
  --datasets a,b        only these datasets (default: the suite's enabled ones)
  --shard i/n           run the i-th of n deterministic slices of the items (hosts share one submission)
  --merge DIR           merge shard results (each host's --out folder); repeatable; sends no request; give it the
                        same --limit, --datasets and --suite the shards were run with
  --concurrency C       requests in flight (default 32)
  --timeout-ms MS       per-attempt timeout (default 600000)
  --connect-timeout-ms MS     connection set-up (default 10000): an unreachable host fails fast
  --first-byte-timeout-ms MS  request sent → first chunk of the streamed answer (default 120000: a busy
                        engine may queue a request for minutes); for a non-streamed answer (TGI, or
                        USERTURN_STREAM=0), which comes only once generated, the default is --timeout-ms
  --idle-timeout-ms MS  longest silence between two chunks of an answer (default 60000)
  --fail-on-error N|P%  stop (exit 1, no result written) when more than N requests, or more than P% of
                        finished requests (judged after 20), failed after retries; default: never stop
  --retries N           retries per request after the first attempt (default 6)
  --outage-limit-s N    how long every endpoint may be unreachable at once (engines restarting: connection
                        refused, a proxy's 502-504) before the run stops, exit 1 (default
                        USERTURN_OUTAGE_LIMIT_S, else 600). Meanwhile requests wait without spending retries
  --data-dir DIR        local datasets laid out as DIR/<dataset>/<file> (default USERTURN_DATA_DIR, else download)
  --cache FILE          SQLite request cache (default $USERTURN_CACHE_DIR/requests.sqlite or ~/.cache/userturn/)
  --no-cache            do not read or write the request cache
  --out DIR             results folder (default results/ at the top of the clone, as validate reads it)
  --template FILE       use this chat template (.jinja or tokenizer_config.json) instead of the submission's
  --judge-config FILE   LLM judge config; repeatable (default: the heuristic judge only)
  --dry-run             print the plan (requests per condition, estimated tokens) and send nothing
  --progress-interval-s N  seconds between progress lines when stderr is not a TTY (default 10)
  --json                one JSON line on stdout at the end (mode, exit_code, result_dir, submission, request
                        counts, datasets; a merge sends none, the shards' totals are shard_requests); everything
                        else goes to stderr

The API key is read from USERTURN_API_KEY only and is never written anywhere.
Exit codes: 0 every request finished; 1 some requests failed after retries (results are still written and
the failures listed) or the input is invalid, or another run, --merge or rejudge is writing results/<id>
(nothing is sent); 2 usage error.`;

function parseShard(v: string | undefined): { index: number; count: number } | null {
  if (v === undefined) return null;
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard must look like i/n with 1 <= i <= n, got "${v}"`);
  return { index, count };
}

const OPTIONS = {
  ...ENDPOINT_FLAGS,
  limit: { type: 'string' },
  datasets: { type: 'string' },
  shard: { type: 'string' },
  concurrency: { type: 'string' },
  'connect-timeout-ms': { type: 'string' },
  'first-byte-timeout-ms': { type: 'string' },
  'idle-timeout-ms': { type: 'string' },
  'fail-on-error': { type: 'string' },
  retries: { type: 'string' },
  'outage-limit-s': { type: 'string' },
  'judge-config': { type: 'string', multiple: true },
  merge: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
  'progress-interval-s': { type: 'string' },
  json: { type: 'boolean' },
  ...SUITE_FLAG,
  ...DATA_DIR_FLAG,
  ...CACHE_FLAGS,
  ...OUT_FLAG,
} as const;

export async function run(argv: string[]): Promise<number> {
  return runWith(argv, {});
}

/** The command with injectable collaborators (tests); `run` uses the real judge panel and verifiers. */
export async function runWith(argv: string[], deps: RunDeps): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('expected exactly one submission file');
    const cachePath = cacheOf(values);
    let datasets: DatasetId[] | null = null;
    if (values.datasets !== undefined) {
      datasets = values.datasets.split(',').map((s) => s.trim());
      const bad = datasets.filter((d) => !DatasetId.safeParse(d).success);
      // The suite (read at setup) decides which ids exist; here only their form is checked.
      if (bad.length > 0 || datasets.length === 0) {
        const { describeBadDatasetIds } = await import('../dataset-id-hint.ts');
        throw new UsageError(`--datasets: not a dataset id: ${(await describeBadDatasetIds(bad, values.suite)).join(', ') || '(empty)'}`);
      }
    }
    const shard = parseShard(values.shard);
    const merge = values.merge ?? [];
    if (merge.length > 0 && (shard || values['dry-run'])) throw new UsageError('--merge cannot be combined with --shard or --dry-run');
    const limit = values.limit === undefined ? null : intFlag('limit', values.limit, 1);
    const concurrency = intFlag('concurrency', values.concurrency, 32);
    // Past TIMER_MAX_MS a timer fires at once: every request would time out (a review asked for 99999999999 ms).
    const timeoutMs = intFlag('timeout-ms', values['timeout-ms'], 600_000, 1, TIMER_MAX_MS);
    const retries = intFlag('retries', values.retries, 6, 0);
    const outageLimitS = intFlag('outage-limit-s', values['outage-limit-s'], envWholeNumber('USERTURN_OUTAGE_LIMIT_S', 600, 0, Math.floor(TIMER_MAX_MS / 1000)), 0, Math.floor(TIMER_MAX_MS / 1000));
    const httpTimeouts = {
      connectMs: intFlag('connect-timeout-ms', values['connect-timeout-ms'], 10_000, 1, TIMER_MAX_MS),
      firstByteMs: values['first-byte-timeout-ms'] === undefined ? undefined : intFlag('first-byte-timeout-ms', values['first-byte-timeout-ms'], 0, 1, TIMER_MAX_MS),
      idleMs: intFlag('idle-timeout-ms', values['idle-timeout-ms'], 60_000, 1, TIMER_MAX_MS),
    };
    const { parseFailLimit } = await import('../../client/fail-limit.ts');
    const { HELD_RECHECK } = await import('../../client/held-endpoints.ts');
    const failLimit = values['fail-on-error'] === undefined ? null : parseFailLimit(values['fail-on-error']);
    if (values['fail-on-error'] !== undefined && !failLimit) throw new UsageError(`--fail-on-error must be a count (5) or a share (10%), got "${values['fail-on-error']}"`);
    const progressIntervalMs = intFlag('progress-interval-s', values['progress-interval-s'], 10, 1, Math.floor(TIMER_MAX_MS / 1000)) * 1000;
    let baseURLs = baseUrlsOf(values['base-url']);
    const cacheDir = defaultCacheRoot();
    // The submission's own paths (a source: file template) and the default results/ are the clone's, from any
    // subfolder, as validate reads them; paths typed here (the submission, --out, --template) are the shell's.
    const root = projectRoot(process.cwd());
    const dryRun = values['dry-run'] === true;
    if (!dryRun && merge.length === 0 && !deps.judges) (await import('../../probe/heap.ts')).reexecWithHeapFlags();
    // Loaded after argument checks so that usage errors answer at once.
    const { SetupError } = await import('../../probe/setup.ts');
    let apiKey = process.env.USERTURN_API_KEY || undefined;
    if (baseURLs.length === 0 && !dryRun && merge.length === 0) {
      // Last resort: the submission's own serving hints, read and validated with the submission schema.
      const { loadSubmission } = await import('../../community/load-submission.ts');
      const sub = await loadSubmission(positionals[0]!);
      // A submission that cannot be read or does not validate is the problem to report, not the endpoint it might have named.
      if (!sub.ok) throw new SetupError(sub.errors.join('\n'));
      baseURLs = httpUrls(sub.value.serving.base_urls, `${positionals[0]}: serving.base_urls`);
      if (baseURLs.length === 0) throw new UsageError('no endpoint: pass --base-url, set USERTURN_BASE_URL, or list serving.base_urls in the submission');
      // These URLs were written by the submitter: the operator's key goes only to hosts the operator names.
      if (apiKey) {
        console.error('userturn run: USERTURN_API_KEY is not sent to serving.base_urls of a submission; pass --base-url (or USERTURN_BASE_URL) to send it to a host');
        apiKey = undefined;
      }
    }
    const options = {
      root,
      submissionPath: positionals[0]!,
      suitePath: values.suite ?? currentSuitePath(),
      baseURLs,
      apiKey,
      model: values.model,
      concurrency,
      timeoutMs,
      httpTimeouts,
      failLimit,
      maxAttempts: retries + 1,
      backoffBaseMs: envWholeNumber('USERTURN_BACKOFF_BASE_MS', 500, 0, TIMER_MAX_MS),
      backoffMaxMs: envWholeNumber('USERTURN_BACKOFF_MAX_MS', 30_000, 0, TIMER_MAX_MS),
      outageLimitMs: outageLimitS * 1000,
      recheck: { firstMs: envWholeNumber('USERTURN_RECHECK_BASE_MS', HELD_RECHECK.firstMs, 1, TIMER_MAX_MS), maxMs: envWholeNumber('USERTURN_RECHECK_MAX_MS', HELD_RECHECK.maxMs, 1, TIMER_MAX_MS) },
      dataDir: dataDirOf(values),
      cacheDir,
      cachePath: cachePath === undefined ? join(cacheDir, 'requests.sqlite') : cachePath,
      outDir: values.out ?? join(root, 'results'),
      templateOverride: values.template,
      limit,
      datasets,
      shard,
      judgeConfigs: values['judge-config'] ?? [],
      merge,
      tty: process.stderr.isTTY === true,
      progressIntervalMs,
      log: (m: string) => console.error(m),
      // With --json, stdout carries only the final line.
      out: (m: string) => (values.json ? console.error(m) : console.log(m)),
    };
    // One entry per mode, each loaded only when chosen.
    const mode = dryRun ? 'dry-run' : merge.length > 0 ? 'merge' : 'run';
    const outcome =
      mode === 'dry-run'
        ? await (await import('../../probe/dry-run.ts')).dryRun(options)
        : mode === 'merge'
          ? await (await import('../../probe/merge-run.ts')).mergeRun(options)
          : await (await import('../../probe/run-probe.ts')).runProbeCommand(options, deps);
    if (values.json) console.log(runJsonLine(mode, outcome));
    return outcome.exitCode;
  });
}
