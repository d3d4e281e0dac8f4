import type { FieldError, ResultSummary, Suite } from '../schema/index.ts';

/** The prefix of every model name the simulator serves (`userturn sim`). */
export const SIMULATOR_MODEL_PREFIX = 'userturn-sim/';

const simulatorName = (m: string): boolean => m.startsWith(SIMULATOR_MODEL_PREFIX);

/**
 * A run is simulated when every endpoint served the simulator, or when any answer came under the simulator's name
 * (`userturn sim --alias` serves it under the submission's name, as vLLM's --served-model-name does, and answers
 * under its own): how the runner stamps it, how it is checked.
 */
export const servedBySimulator = (endpointModels: readonly string[], answeredModels: readonly string[] = []): boolean =>
  endpointModels.every(simulatorName) || answeredModels.some(simulatorName);

/** What the samples of a result show of how it was run (gathered by sampleTally over every samples file). */
export interface SamplesSeen {
  /** Every judge a verdict names. */
  judges: ReadonlySet<string>;
  /** Whether a sample holds a request error. */
  anyError: boolean;
}

/**
 * The parts of a summary's provenance and run facts that its suite and samples determine, read against them. A review
 * published a run whose judge panel left out two of the three judges its verdicts name ("Only one judge labelled this
 * run"), a v2 result claiming a 32,768-token budget where its suite gives 16,384, `simulated: false` beside the
 * simulator's model names, and 0 request errors beside samples that hold them. What nothing in the folder determines
 * (judge models and prompt versions, endpoint model names, runner commit, package versions) rests on the run that
 * wrote it and on review (docs/maintainers.md). `userturn validate` and the site build both apply it.
 */
export function provenanceErrors(display: string, summary: ResultSummary, suite: Suite, seen: SamplesSeen): FieldError[] {
  const p = summary.provenance;
  const errors: FieldError[] = [];
  const err = (field: string, message: string) => errors.push({ file: display, field, message });
  const ids = p.judges.map((j) => j.id);
  if (p.primary_judge !== ids[0]) err('provenance.primary_judge', `is "${p.primary_judge}" but the panel's first judge is "${ids[0]}"`);
  for (const j of seen.judges) if (!ids.includes(j)) err('provenance.judges', `does not list "${j}", whose verdicts the samples hold`);
  if (seen.judges.size > 0) for (const j of ids) if (!seen.judges.has(j)) err('provenance.judges', `lists "${j}", of which the samples hold no verdict`);

  const a = p.decoding.assistant;
  if (a.temperature !== suite.assistant_turn.temperature || a.top_p !== suite.assistant_turn.top_p) err('provenance.decoding.assistant', `is temperature ${a.temperature}, top_p ${a.top_p} but suite v${suite.version} gives ${suite.assistant_turn.temperature}, ${suite.assistant_turn.top_p}`);
  if (p.decoding.user_turn_max_tokens !== suite.user_turn.max_tokens) err('provenance.decoding.user_turn_max_tokens', `is ${p.decoding.user_turn_max_tokens} but suite v${suite.version} gives ${suite.user_turn.max_tokens}`);
  const planned = suite.conditions;
  const same = p.decoding.conditions.length === planned.length && planned.every((c, k) => { const x = p.decoding.conditions[k]!; return x.id === c.id && x.temperature === c.temperature && x.top_p === c.top_p && x.samples === c.samples; });
  if (!same) err('provenance.decoding.conditions', `are not suite v${suite.version}'s conditions (${planned.map((c) => `${c.id} t${c.temperature} ×${c.samples}`).join(', ')})`);
  const budget = p.assistant_budget;
  if (budget) {
    if (a.max_tokens !== budget.max_tokens) err('provenance.decoding.assistant.max_tokens', `is ${a.max_tokens} but assistant_budget.max_tokens is ${budget.max_tokens}`);
    // A submission's own budget is the submission's to state (its file is read against the summary's identity).
    const fromSuite = budget.source === 'suite' ? suite.assistant_turn.max_tokens : budget.source === 'suite_reasoning_mode' ? suite.assistant_turn.max_tokens_by_reasoning?.[budget.reasoning_mode] : budget.max_tokens;
    if (budget.max_tokens !== fromSuite) err('provenance.assistant_budget.max_tokens', `is ${budget.max_tokens} but suite v${suite.version} gives ${fromSuite ?? 'no budget'} for ${budget.source === 'suite' ? 'its assistant turn' : `reasoning mode ${budget.reasoning_mode}`}`);
  }
  const simulated = servedBySimulator(p.endpoint_models, p.answered_models);
  const why = p.answered_models && !servedBySimulator(p.endpoint_models) ? `answered_models ${simulated ? 'name' : 'do not name'} the simulator` : `endpoint_models ${simulated ? 'are all' : 'are not all'} the simulator's`;
  if (p.simulated !== simulated) err('provenance.simulated', `is ${p.simulated} but ${why} (userturn-sim/…)`);
  if (seen.anyError && summary.run.request_errors === 0) err('run.request_errors', 'is 0 but the samples hold request errors');
  return errors;
}
