import assert from 'node:assert/strict';
import { test } from 'node:test';
import { run } from '../../../runners/cli/commands/doctor.ts';

// doctor picks the served model as a run does (check-model.ts → pickServedModel): of several listed, the one serve-cmd
// names, else it asks for --model; never "the first listed" (docs/runner.md, the doctor table's model row).
test('doctor --help says how --model is chosen as the code chooses it', async (t) => {
  const printed: string[] = [];
  t.mock.method(console, 'log', (...a: unknown[]) => void printed.push(a.join(' ')));
  assert.equal(await run(['--help']), 0);
  const line = printed.join('\n').split('\n').find((l) => l.trimStart().startsWith('--model'));
  assert.ok(line, 'a --model line');
  assert.doesNotMatch(line, /the first/);
  assert.match(line, /serve-cmd names/);
});
