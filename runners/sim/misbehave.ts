/**
 * What `userturn sim --misbehave` can break, so that every check of `userturn doctor` is seen failing over real
 * HTTP (runners/doctor/). Each one breaks one thing a real deployment gets wrong:
 * - wrong-template: the served model's own chat template is another family's (Llama 3 headers), so the engine
 *   renders the probe's messages differently from the submission's template;
 * - split-special: the engine's tokenizer splits the template's special tokens into several ids (a tokenizer
 *   without them as added tokens, or an engine that does not parse special tokens in the prompt);
 * - ignore-stops: stop strings are not applied and the model runs on past the end of its turn;
 * - short-context: the engine serves a context window too short for the suite's longest prompt.
 */
export const MISBEHAVIOURS = ['wrong-template', 'split-special', 'ignore-stops', 'short-context'] as const;
export type Misbehaviour = (typeof MISBEHAVIOURS)[number];

/** The context window the simulator reports (max_model_len, n_ctx, max_total_tokens), and under short-context. */
export const SIM_CONTEXT = 32_768;
export const SHORT_CONTEXT = 1_024;

/** The version string the simulator reports where an engine exposes one. */
export const SIM_VERSION = '0.0.0-userturn-sim';

/** Parse `--misbehave a,b`: the set of misbehaviours, or an error naming the unknown one. */
export function parseMisbehave(spec: string | undefined): Set<Misbehaviour> {
  const out = new Set<Misbehaviour>();
  for (const part of (spec ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (!(MISBEHAVIOURS as readonly string[]).includes(part)) throw new Error(`unknown misbehaviour "${part}" (one of ${MISBEHAVIOURS.join(', ')})`);
    out.add(part as Misbehaviour);
  }
  return out;
}
