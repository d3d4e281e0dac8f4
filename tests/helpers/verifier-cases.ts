import assert from 'node:assert/strict';
import { verifyInstructions } from '../../runners/verifiers/instructions/evaluate.ts';

/** One instruction type with a response that follows it and one that does not (strict mode). */
export interface Case {
  id: string;
  kwargs?: Record<string, unknown>;
  prompt?: string;
  pass: string;
  fail: string;
}

export function assertCase(dataset: 'ifeval' | 'ifbench', c: Case): void {
  const item = { prompt: c.prompt ?? 'a prompt', instruction_id_list: [c.id], kwargs: [c.kwargs ?? {}] };
  const ok = verifyInstructions(dataset, item, c.pass);
  assert.equal(ok.strict, true, `${c.id}: expected the passing response to follow (reason: ${ok.instructions[0]?.reason})`);
  assert.equal(ok.instructions[0]!.reason, null);
  const ko = verifyInstructions(dataset, item, c.fail);
  assert.equal(ko.strict, false, `${c.id}: expected the failing response not to follow`);
  const reason = ko.instructions[0]!.reason;
  assert.ok(typeof reason === 'string' && reason.length > 0 && reason.length < 400, `${c.id}: a short reason is given`);
  assert.ok(!reason.startsWith('could not check'), `${c.id}: failure is a real check result, not an error: ${reason}`);
}
