import type { JudgeStamp, Verdict } from '../../../src/schema/index.ts';
import type { Judge, JudgeInput } from '../../core/judge.ts';
import { codeVersion } from '../../cache/code-version.ts';
import { contentKey } from '../../cache/stage-cache.ts';
import { HEURISTIC_VERSION } from './version.ts';

/**
 * The rules (~23 MB of RSS with their word lists), loaded at the first verdict: a run judging in its CPU stage never
 * loads them in the main thread. The import is kept: a dynamic import per verdict costs a module-map lookup each time.
 */
let loaded: Promise<typeof import('./classify.ts')> | null = null;
const rules = () => (loaded ??= import('./classify.ts'));

/** The offline judge: deterministic rules, no network. Each verdict names the rule that fired. */
export function createHeuristicJudge(): Judge {
  const stamp: JudgeStamp = {
    id: `heuristic:${HEURISTIC_VERSION}`,
    kind: 'heuristic',
    model: null,
    prompt_version: HEURISTIC_VERSION,
    temperature: null,
    max_tokens: null,
  };
  return {
    stamp,
    // The rules are this folder's code: any edit to them is a new fingerprint, bumped version or not.
    fingerprint: contentKey(stamp, codeVersion(import.meta.url)).slice(0, 16),
    async judge(input: JudgeInput): Promise<Verdict> {
      try {
        const { classifyUserTurn } = await rules();
        const hit = classifyUserTurn(String(input.question ?? ''), String(input.response ?? ''), String(input.user_turn ?? ''));
        return {
          kind: 'label',
          label: hit.label,
          rationale: hit.rationale.slice(0, 4000),
          evidence_span: hit.evidence === null ? null : hit.evidence.slice(0, 2000),
          rule: hit.rule,
          judge: stamp.id,
        };
      } catch (e) {
        return { kind: 'judge_error', reason: `heuristic judge failed: ${(e as Error).message}`.slice(0, 4000), judge: stamp.id };
      }
    },
  };
}
