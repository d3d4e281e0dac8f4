import { contentKey, type StageCache } from '../cache/stage-cache.ts';
import type { PromptBuilder } from './prompts.ts';

/**
 * A prompt builder whose renders (a round trip to the sandboxed render process each) are cached by content under
 * the builder's fingerprint (template, options, rendering code): a rerun renders nothing it has rendered before.
 */
export function cachedPromptBuilder(builder: PromptBuilder, stages: StageCache): PromptBuilder {
  const version = builder.fingerprint;
  return {
    ...builder,
    assistantPrompt: (question) => stages.getOrCompute('prompt', version, contentKey('assistant', question), () => builder.assistantPrompt(question)),
    userTurnPrompt: (question, answer) => stages.getOrCompute('prompt', version, contentKey('user', question, answer), () => builder.userTurnPrompt(question, answer)),
    assistantPromptAsync: (question) => stages.getOrComputeAsync('prompt', version, contentKey('assistant', question), () => builder.assistantPromptAsync(question)),
    userTurnPromptAsync: (question, answer) => stages.getOrComputeAsync('prompt', version, contentKey('user', question, answer), () => builder.userTurnPromptAsync(question, answer)),
  };
}
