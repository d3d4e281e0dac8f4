import { CURRENT_SUITE_HELP, currentSuitePath } from '../../core/defaults.ts';
import { intFlag, TIMER_MAX_MS } from '../../core/args.ts';
import { terminalText } from '../../core/terminal-text.ts';
import { UsageError } from '../../core/errors.ts';
import { redact } from '../../io/secrets.ts';
import { projectRoot } from '../../io/project-root.ts';
import { defaultCacheRoot } from '../../core/defaults.ts';
import { runCommand } from '../command.ts';
import { baseUrlsOf, DATA_DIR_FLAG, dataDirOf, ENDPOINT_FLAGS, SUITE_FLAG } from '../flags.ts';

export const summary = 'preflight before a long run: served model, engine, tokenizer vs template, one token, stops, context';

const USAGE = `usage: userturn doctor <submission.yaml> --base-url URL [options]

Checks one endpoint against a submission before any long run, sending a handful of small requests:
  model           the served model and its name (/v1/models)
  engine          the engine (serving.engine) and its version, where the engine exposes it
  special-tokens  every special token of the template in the rendered probe prompt is one id of the served
                  tokenizer (the engine's tokenize route: vLLM and llama.cpp /tokenize, SGLang /v1/tokenize,
                  TGI /tokenize)
  template        the engine's own chat template renders the probe like the submission's (vLLM, llama.cpp)
  generation      a one-token generation, sent as a run sends it
  stop            the user turn ends where the template ends it (no next turn in the returned text)
  context         the engine's context window holds the suite's longest request
Prints a table (pass, FAIL, WARN when it passed but a run's result will show what it found, n/a where the
engine does not expose what a check needs, skip when the model check failed); --json prints
{"ok": …, "checks": [{id, title, status, detail}]} instead.

  --base-url URL    OpenAI-compatible endpoint (…/v1); default USERTURN_BASE_URL (the first, if several)
  --model NAME      model name to check (default: the one /v1/models lists; of several, the one serve-cmd names)
  --suite FILE      suite file (default ${CURRENT_SUITE_HELP}): stops, budgets, datasets for the longest prompt
  --data-dir DIR    local datasets (default USERTURN_DATA_DIR, else download)
  --template FILE   use this chat template (.jinja or tokenizer_config.json) instead of the submission's
  --timeout-ms MS   per-request timeout (default 60000)
  --json            machine-readable output

The API key is read from USERTURN_API_KEY only. Exit codes: 0 no check failed; 1 a check failed or the input
is invalid; 2 usage error.`;

const OPTIONS = {
  ...ENDPOINT_FLAGS,
  json: { type: 'boolean' },
  ...SUITE_FLAG,
  ...DATA_DIR_FLAG,
} as const;

/** The one endpoint doctor checks: --base-url, else the first of USERTURN_BASE_URL. */
function baseUrlOf(flags: string[] | undefined): string {
  if (flags !== undefined && flags.length > 1) throw new UsageError('doctor checks one endpoint: pass --base-url once');
  const url = baseUrlsOf(flags)[0];
  if (!url) throw new UsageError('no endpoint: pass --base-url URL (or set USERTURN_BASE_URL)');
  return url;
}

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('expected exactly one submission file');
    const baseURL = baseUrlOf(values['base-url']);
    const timeoutMs = intFlag('timeout-ms', values['timeout-ms'], 60_000, 1, TIMER_MAX_MS);
    // A source: file template is a path from the clone's top, from any subfolder (as validate and run read it).
    const root = projectRoot(process.cwd());
    const { runDoctor } = await import('../../doctor/run-doctor.ts');
    const { renderTable } = await import('../../doctor/table.ts');
    const results = await runDoctor({
      root,
      submissionPath: positionals[0]!,
      suitePath: values.suite ?? currentSuitePath(),
      baseURLs: [baseURL],
      apiKey: process.env.USERTURN_API_KEY || undefined,
      model: values.model,
      timeoutMs,
      dataDir: dataDirOf(values),
      cacheDir: defaultCacheRoot(),
      templateOverride: values.template,
      limit: null,
      datasets: null,
      shard: null,
      log: (m) => console.error(m),
      out: (m) => console.log(m),
    });
    const ok = results.every((r) => r.status !== 'fail');
    // The same redaction as every other line the run writes, and no control character from a server's text.
    console.log(terminalText(redact(values.json ? JSON.stringify({ ok, checks: results }) : renderTable(results))));
    return ok ? 0 : 1;
  });
}
