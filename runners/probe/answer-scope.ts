import type { ProbeSetup } from './types.ts';

/**
 * Where a run's answers are kept in the request cache: per model weights (`repo@revision`), so a re-pinned submission
 * queries the model again; and, on an engine whose text depends on the stream mode (TGI: special tokens streamed,
 * none when not; runners/engines/special-tokens.ts), per mode as well. A run in one mode then neither reads nor
 * overwrites the other's answers, and resumes from its own; answers cached before the mode was part of the scope
 * (either mode, perhaps both) are not read.
 */
export function answerScope(setup: Pick<ProbeSetup, 'submission' | 'engine' | 'streamed'>): string {
  const weights = `${setup.submission.hf.repo}@${setup.submission.hf.revision}`;
  if (setup.engine.specialTokensInText !== 'when_streamed') return weights;
  return `${weights} ${setup.streamed ? 'streamed' : 'not streamed'}`;
}
