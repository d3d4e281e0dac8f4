import assert from 'node:assert/strict';
import { test } from 'node:test';
import { oneLine, shownPath, terminalText } from '../../../runners/core/terminal-text.ts';

test('control characters are written as \\uXXXX text (tab and newline kept), and a JSON line stays JSON', () => {
  assert.equal(terminalText('model\u001b[31mRED\u001b]0;PWNED\u0007 \r\u009b2J\u007f'), 'model\\u001b[31mRED\\u001b]0;PWNED\\u0007 \\u000d\\u009b2J\\u007f');
  assert.equal(terminalText('a\tb\nc — ünïcode ✓'), 'a\tb\nc — ünïcode ✓');
  const line = JSON.stringify({ model: 'x\u009by\u001bz' });
  assert.deepEqual(JSON.parse(terminalText(line)), { model: 'x\u009by\u001bz' });
});

test('bidirectional controls and characters drawn as nothing are written as \\uXXXX too; emoji sequences are kept', () => {
  // U+202E reversed the rest of an error line as shown; U+200B, U+2062, U+FEFF and tag characters hid text in it.
  const hostile = 'ok \u202Eevil\u202C \u2066x\u2069 a\u200Bb\u2062c\uFEFFd\u00ADe\u061Cf \u{E0041}\u{E0042}';
  assert.equal(terminalText(hostile), 'ok \\u202eevil\\u202c \\u2066x\\u2069 a\\u200bb\\u2062c\\ufeffd\\u00ade\\u061cf \\udb40\\udc41\\udb40\\udc42');
  // What a name may hold stays as it is: joined emoji, a variation selector, a subdivision flag.
  const emoji = '👩\u200D💻 ❤\uFE0F 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
  assert.equal(terminalText(emoji), emoji);
  // A joiner outside an emoji sequence is as invisible as the rest.
  assert.equal(terminalText('Qwen\u200D9B'), 'Qwen\\u200d9B');
  // Past U+FFFF the escape is a surrogate pair: a JSON line stays JSON and reads back the same text.
  assert.deepEqual(JSON.parse(terminalText(JSON.stringify({ m: hostile }))), { m: hostile });
});

test('a CRLF reaches the terminal as the line break it is; a lone carriage return never does', () => {
  assert.equal(terminalText('first\r\nsecond\r\n'), 'first\r\nsecond\r\n');
  // A lone CR would return to the line's start, and the rest would overwrite what came before it.
  assert.equal(terminalText('rm -rf /\recho safe'), 'rm -rf /\\u000decho safe');
  assert.equal(terminalText('end\r'), 'end\\u000d');
  assert.equal(terminalText('a\r\r\nb'), 'a\\u000d\r\nb');
  // Inside one of our lines a CRLF is a line break like any other: shown, not obeyed.
  assert.equal(shownPath('a\r\nb'), 'a\\r\\nb');
});

test("oneLine keeps a server's words on one line: \\n, \\r and the Unicode line and paragraph separators are shown, not obeyed", () => {
  // A review's model id "a\nFORGED: all good" printed a line of its own; U+2028 passed through too.
  assert.equal(oneLine('a\nFORGED\r\nx\u2028y\u2029z'), 'a\\nFORGED\\r\\nx\\u2028y\\u2029z');
  assert.equal(oneLine('plain'), 'plain');
});

