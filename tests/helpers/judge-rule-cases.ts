import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyUserTurn } from '../../runners/judge/heuristic/classify.ts';

/** One heuristic case: question, answer, user turn, the label expected and the start of the rule that gives it. */
export type RuleCase = [question: string, answer: string, userTurn: string, label: string, rulePrefix: string];

/** A test per case: the label, and a rule whose name starts with the prefix (so the case pins why, not only what). */
export function testRuleCases(version: string, cases: RuleCase[]): void {
  for (const [q, a, u, label, rule] of cases) {
    test(`${version}: ${JSON.stringify(u).slice(0, 60)} → ${label}`, () => {
      const hit = classifyUserTurn(q, a, u);
      assert.equal(hit.label, label, `${hit.rule}: ${hit.rationale}`);
      assert.ok(hit.rule.startsWith(rule), `rule ${hit.rule} does not start with ${rule}`);
    });
  }
}

/** Cases the rules do not get right yet, kept as todo tests (`why`: what they would need): the label only. */
export function testTodoCases(version: string, cases: RuleCase[], why: string): void {
  for (const [q, a, u, label] of cases) {
    test(`${version} (todo): ${JSON.stringify(u).slice(0, 40)} → ${label}`, { todo: why }, () => {
      assert.equal(classifyUserTurn(q, a, u).label, label);
    });
  }
}
