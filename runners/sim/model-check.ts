import { ENGINES } from '../engines/behaviour.ts';
import type { SimContext } from './context.ts';
import { servedNames } from './served-names.ts';

/**
 * The 404 the imitated engine answers on /v1/completions for a model name it does not serve, or null when it serves
 * the request anyway (engines' `unknownModel`; without --engine the simulator is vLLM, whose routes it answers). The
 * simulator used to answer any name, so a run with a wrong --model went through and wrote a full result.
 */
export function unknownModelAnswer(ctx: SimContext, model: unknown): { status: number; body: unknown } | null {
  const engine = ctx.opts.engine ?? 'vllm';
  if ((typeof model === 'string' && servedNames(ctx).includes(model)) || ENGINES[engine].unknownModel !== 'not_found') return null;
  if (engine === 'ollama') {
    // Ollama's OpenAI middleware wraps its handler's error (openai/openai.go NewError: 404 is not_found_error).
    return { status: 404, body: { error: { message: `model '${String(model)}' not found`, type: 'not_found_error', param: null, code: null } } };
  }
  return { status: 404, body: { error: { message: `The model \`${String(model)}\` does not exist.`, type: 'NotFoundError', param: 'model', code: 404 } } };
}
