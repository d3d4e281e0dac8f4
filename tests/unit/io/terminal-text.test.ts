import assert from 'node:assert/strict';
import { test } from 'node:test';
import { terminalText } from '../../../runners/core/terminal-text.ts';

test('control characters are written as \\uXXXX text (tab and newline kept), and a JSON line stays JSON', () => {
  assert.equal(terminalText('model\u001b[31mRED\u001b]0;PWNED\u0007 \r\u009b2J\u007f'), 'model\\u001b[31mRED\\u001b]0;PWNED\\u0007 \\u000d\\u009b2J\\u007f');
  assert.equal(terminalText('a\tb\nc — ünïcode ✓'), 'a\tb\nc — ünïcode ✓');
  const line = JSON.stringify({ model: 'x\u009by\u001bz' });
  assert.deepEqual(JSON.parse(terminalText(line)), { model: 'x\u009by\u001bz' });
});
