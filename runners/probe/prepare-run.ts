import { loadSubmission } from '../community/load-submission.ts';
import { plainKeyNote, redact, registerEnvSecrets, registerSecret, registerUrlSecrets } from '../io/secrets.ts';
import { submissionPolicyErrors } from '../validate/submission-policy.ts';
import { terminalText } from '../core/terminal-text.ts';
import { formatFieldError } from '../../src/schema/errors.ts';
import type { SetupOptions } from './run-options.ts';
import { prepareSetup, SetupError } from './setup.ts';
import type { ProbeSetup } from './types.ts';

/**
 * The start every mode shares: secrets registered, log and out redacted, the submission checked against the
 * policy validate applies, then the setup resolved. Returns the options with the redacting log and out.
 */
export async function prepareRun<O extends SetupOptions>(rawOpts: O): Promise<{ opts: O; setup: ProbeSetup }> {
  // Every secret the run knows is redacted from everything it writes, logs included.
  registerEnvSecrets();
  registerSecret(rawOpts.apiKey);
  for (const u of rawOpts.baseURLs) registerUrlSecrets(u);
  // And no control character reaches the terminal: a served model's name or a server's error is the server's text.
  const opts: O = { ...rawOpts, log: (m: string) => rawOpts.log(terminalText(redact(m))), out: (m: string) => rawOpts.out(terminalText(redact(m))) };
  const note = plainKeyNote(rawOpts.apiKey);
  if (note) opts.log(note);
  // The same policy validate applies, before the template is loaded or rendered: a submission that validate
  // would refuse is never run.
  // A submission that cannot be read (a link, refused unread) stops here too: setup would read it again.
  const loaded = await loadSubmission(opts.submissionPath, opts.root);
  if (!loaded.ok) throw new SetupError(loaded.errors.join('\n'));
  const problems = submissionPolicyErrors(loaded.value, opts.submissionPath, opts.root);
  if (problems.length > 0) throw new SetupError(problems.map(formatFieldError).join('\n'));
  const setup = await prepareSetup({
    root: opts.root,
    submissionPath: opts.submissionPath,
    suitePath: opts.suitePath,
    dataDir: opts.dataDir,
    cacheDir: opts.cacheDir,
    templateOverride: opts.templateOverride,
    limit: opts.limit,
    datasets: opts.datasets,
    shard: opts.shard,
    stopsFrom: opts.stopsFrom,
    warn: opts.log,
  });
  return { opts, setup };
}
