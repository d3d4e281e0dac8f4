import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markHidden, type MarkedPart } from '../../../src/lib/site/hidden-marks.ts';
import { textProblem } from '../../../src/schema/text.ts';

/** The text a reader's copy of the parts would give back, each marker as the character it stands for. */
const unmark = (parts: MarkedPart[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : String.fromCodePoint(Number.parseInt(p.code.slice(2), 16)))).join('');

test('every character the rule for names refuses becomes a marker, and no other (all of Unicode)', () => {
  const wrong: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    const s = `a${c}b`;
    const parts = markHidden(s);
    const refused = textProblem(c) !== null;
    const expected = refused ? ['a', { code: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}` }, 'b'] : [s];
    const got = parts.map((p) => (typeof p === 'string' ? p : { code: p.code }));
    if (JSON.stringify(got) !== JSON.stringify(expected) || unmark(parts) !== s) wrong.push(`U+${cp.toString(16)}`);
  }
  assert.deepEqual(wrong.slice(0, 20), []);
});

test('a bidi override, a zero-width joiner inside a word and hidden tag characters are marked and named', () => {
  assert.deepEqual(markHidden('abc\u202Edef'), ['abc', { code: 'U+202E', title: 'U+202E RIGHT-TO-LEFT OVERRIDE' }, 'def']);
  assert.deepEqual(markHidden('pass\u200Dword\u200B'), ['pass', { code: 'U+200D', title: 'U+200D ZERO WIDTH JOINER' }, 'word', { code: 'U+200B', title: 'U+200B ZERO WIDTH SPACE' }]);
  assert.deepEqual(markHidden('Qwen\u{E0041} 9B'), ['Qwen', { code: 'U+E0041', title: 'U+E0041 TAG CHARACTER (hidden "A")' }, ' 9B']);
  assert.deepEqual(markHidden('\u2067x\u2069'), [{ code: 'U+2067', title: 'U+2067 RIGHT-TO-LEFT ISOLATE' }, 'x', { code: 'U+2069', title: 'U+2069 POP DIRECTIONAL ISOLATE' }]);
  assert.deepEqual(markHidden('a\u0001'), ['a', { code: 'U+0001', title: 'U+0001 control character' }]);
  // An unnamed default-ignorable character gets its class.
  assert.deepEqual(markHidden('\u180B'), [{ code: 'U+180B', title: 'U+180B invisible character' }]);
});

test('plain text, tabs and newlines, Arabic and Hebrew, and emoji sequences are one unchanged run', () => {
  const kept = [
    'What is 2+2? Four.\n\tIndented line.',
    'مرحبا بالعالم، كيف حالك؟',
    'שלום עולם',
    'Mixed: السلام عليكم and English',
    '👩‍💻 🏳️‍🌈 👩🏽‍💻 ❤️ 1️⃣',
    'Scotland: 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  ];
  for (const s of kept) assert.deepEqual(markHidden(s), [s], JSON.stringify(s));
  assert.deepEqual(markHidden(''), []);
});

test('a joiner after an emoji but before a letter is marked; the emoji stays', () => {
  assert.deepEqual(markHidden('👩\u200Dx'), ['👩', { code: 'U+200D', title: 'U+200D ZERO WIDTH JOINER' }, 'x']);
});

test('a CRLF is a line break, shown as one (no marker); a lone carriage return is marked', () => {
  // Windows line endings showed a U+000D marker at every line end.
  assert.deepEqual(markHidden('first line\r\nsecond line\r\n'), ['first line\r\nsecond line\r\n']);
  const cr = { code: 'U+000D', title: 'U+000D CARRIAGE RETURN' };
  // A lone CR returns to the line's start: in a terminal what follows overwrites what came before.
  assert.deepEqual(markHidden('Sure, here it is.\rI refuse.'), ['Sure, here it is.', cr, 'I refuse.']);
  assert.deepEqual(markHidden('end\r'), ['end', cr]);
  assert.deepEqual(markHidden('a\r\r\nb'), ['a', cr, '\r\nb']);
  assert.deepEqual(markHidden('a\n\rb'), ['a\n', cr, 'b']);
});
