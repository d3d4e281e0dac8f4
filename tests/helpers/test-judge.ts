import type { Judge, JudgeInput } from '../../runners/core/judge.ts';
import type { Label, Verdict } from '../../src/schema/index.ts';

/**
 * A tiny deterministic judge for runner tests, used only while the real panel (runners/judge) is unavailable.
 * It is not the heuristic judge: just enough rules to give every label a chance.
 */
export function testJudge(): Judge {
  const stamp = { id: 'test-judge:1', kind: 'heuristic' as const, model: null, prompt_version: 'test-1', temperature: null, max_tokens: null };
  return {
    stamp,
    async judge(input: JudgeInput): Promise<Verdict> {
      const u = input.user_turn.trim();
      let label: Label = 'genuine_followup';
      if (u === '' || /(\b\w+\b)( \1){5,}/.test(u)) label = 'empty_or_degenerate';
      else if (u === input.question.trim() || u.includes(input.question.trim())) label = 'prompt_restatement';
      else if (/the user|<think>|I should/i.test(u)) label = 'meta_planning';
      else if (/help you|hope this helps|as an ai|here is/i.test(u)) label = 'identity_leakage';
      else if (u.length < 40 && /thank|great|got it|perfect/i.test(u)) label = 'generic_closing';
      else if (!/"|\d|you/i.test(u)) label = 'new_unrelated_query';
      return { kind: 'label', label, rationale: 'test judge rule', evidence_span: null, rule: label, judge: stamp.id };
    },
  };
}
