import assert from 'node:assert/strict';
import { test } from 'node:test';
import { oneLine, terminalText } from '../../../runners/core/terminal-text.ts';

test('control characters are written as \\uXXXX text (tab and newline kept), and a JSON line stays JSON', () => {
  assert.equal(terminalText('model\u001b[31mRED\u001b]0;PWNED\u0007 \r\u009b2J\u007f'), 'model\\u001b[31mRED\\u001b]0;PWNED\\u0007 \\u000d\\u009b2J\\u007f');
  assert.equal(terminalText('a\tb\nc — ünïcode ✓'), 'a\tb\nc — ünïcode ✓');
  const line = JSON.stringify({ model: 'x\u009by\u001bz' });
  assert.deepEqual(JSON.parse(terminalText(line)), { model: 'x\u009by\u001bz' });
});

test("oneLine keeps a server's words on one line: \\n, \\r and the Unicode line and paragraph separators are shown, not obeyed", () => {
  // A review's model id "a\nFORGED: all good" printed a line of its own; U+2028 passed through too.
  assert.equal(oneLine('a\nFORGED\r\nx\u2028y\u2029z'), 'a\\nFORGED\\r\\nx\\u2028y\\u2029z');
  assert.equal(oneLine('plain'), 'plain');
});

