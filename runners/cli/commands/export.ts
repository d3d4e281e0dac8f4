import { exportResults } from '../../export/export.ts';
import { pushExport } from '../../export/push.ts';
import { registerEnvSecrets } from '../../io/secrets.ts';
import { UsageError } from '../../core/errors.ts';
import { shownPath } from '../../core/terminal-text.ts';
import { runCommand } from '../command.ts';

export const summary = 'write results as a Hugging Face dataset folder (Parquet, dataset card, lm-eval JSON); --push uploads it';

const USAGE = `usage: userturn export <results/ID>... --out DIR [--push OWNER/NAME]

Writes DIR/data/<dataset>.parquet (the samples of every given result), DIR/data/summary.parquet (one row per
model x dataset x condition), DIR/lm_eval/<ID>/results.json (lm-evaluation-harness results shape) and
DIR/README.md, a dataset card whose configs: list one config per dataset plus "summary". Same input, same bytes.
  --push OWNER/NAME  upload DIR to that existing Hub dataset repo in one commit; the token is HF_TOKEN, else the
                     stored login (HF_TOKEN_PATH or HF_HOME/token); HF_ENDPOINT (when set) replaces https://huggingface.co
Exit 0 on success, 1 on bad input or a refused upload (one line naming file and field), 2 on usage errors.`;

export async function run(argv: string[]): Promise<number> {
  const options = {
    out: { type: 'string' },
    push: { type: 'string' },
  } as const;
  return runCommand(argv, { usage: USAGE, options }, async ({ values, positionals }) => {
    if (positionals.length === 0) throw new UsageError('expected at least one result folder (results/<submission-id>)');
    if (!values.out) throw new UsageError('--out DIR is required');
    // A key that leaked into a sample's text (an engine echoing headers) is redacted in the export as everywhere.
    registerEnvSecrets();
    const { files } = await exportResults(positionals, values.out);
    console.log(`export: wrote ${files.length} files to ${shownPath(values.out)}`);
    if (values.push !== undefined) {
      const url = await pushExport(values.out, files, values.push);
      console.log(`export: pushed to ${shownPath(values.push)}${url ? ` (${shownPath(url)})` : ''}`);
    }
    return 0;
  });
}
