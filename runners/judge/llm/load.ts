import type { Judge } from '../types.ts';

/** Placeholder until the LLM judge lands: configs are refused loudly, never silently ignored. */
export async function loadLlmJudge(path: string): Promise<Judge> {
  throw new Error(`${path}: LLM judges are not implemented yet`);
}
