import { join } from 'node:path';
import type { ResultSummary, Sample, Suite } from '../../../src/schema/index.ts';
import { InputError } from '../../core/errors.ts';
import { promptPlaceholder, promptsAsRun, runFileHint, runFilesOf } from '../../datasets/as-run.ts';

/**
 * The question the run's judge saw for each sample to judge again. It is the sample's own `question`, except in
 * download-only datasets (HealthBench), whose samples hold a placeholder while the run's judge saw the prompt: their
 * prompts are read from the local dataset files (`dataDir`: --data-dir, USERTURN_DATA_DIR) when those are the files
 * the run read, byte for byte. When they are not at hand this refuses (nothing is judged, nothing written): judging
 * the placeholder would label a different input than the run did. The prompts are only handed to the judge; the
 * samples keep their placeholders.
 */
export async function judgedQuestions(shown: string, suite: Suite, summary: ResultSummary, work: readonly Sample[], dataDir: string | undefined): Promise<(s: Sample) => string> {
  const prompts = new Map<string, ReadonlyMap<string, string>>();
  const problems: string[] = [];
  for (const spec of suite.datasets) {
    const samples = work.filter((s) => s.dataset === spec.id);
    if (!spec.download_only || samples.length === 0) continue;
    const ran = runFilesOf(summary, spec.id);
    const r = await promptsAsRun(spec, ran, dataDir);
    const missing = r.ok ? samples.find((s) => !r.prompts.has(s.item_id)) : undefined;
    if (r.ok && !missing) {
      prompts.set(spec.id, r.prompts);
      continue;
    }
    // An item the run's own files lack: the result does not come from them, whatever their checksums say.
    const why = r.ok ? `its item "${missing!.item_id}" is not in the files at ${join(dataDir!, spec.id)}` : r.why;
    problems.push(
      `cannot rejudge ${shown}: ${spec.id} is a download-only dataset, so its samples hold "${promptPlaceholder(spec.id, '<id>')}" where the run's judge saw the prompt, ` +
        `and judging the placeholder would label a different input: ${why}. To rejudge it, pass --data-dir DIR or set USERTURN_DATA_DIR, with the file the run read at ` +
        `${runFileHint(spec, ran)}; nothing was written`,
    );
  }
  if (problems.length > 0) throw new InputError(problems.join('\n'));
  return (s) => prompts.get(s.dataset)?.get(s.item_id) ?? s.question;
}
