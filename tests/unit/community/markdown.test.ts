import assert from 'node:assert/strict';
import { test } from 'node:test';
import { code, codeBlock, flatten, text } from '../../../runners/community/markdown.ts';
import { decode, linkTriggers, proseText, renderGfm, tagNames } from '../../helpers/gfm.ts';

const ATTACKS = [
  '[click me](https://evil.example/phish)',
  '![tracker](https://evil.example/pixel.png)',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '@octocat and @github/security please look',
  'see #1 and owner/repo#2 and GH-3',
  'https://evil.example www.evil.example mailto:a@b.example user@example.com',
  '**bold** _em_ ~~strike~~ `code` ``double``',
  '&lt;img src=x&gt; &#64;octocat',
  '<https://evil.example>',
  '[ref]: https://evil.example\n[ref]',
  'line one\n\n# heading\n- list\n| a | b |',
  'back\\slash \\[x](y)',
  'tab\there\u202Eevil\u2066bidi',
  ':smile: ~~~ ``` ````',
];

test('text(): no links, images, HTML or mentions come out of untrusted text, and it reads as the same characters', () => {
  for (const s of ATTACKS) {
    const html = renderGfm(`Value: ${text(s)}\n`);
    assert.deepEqual(tagNames(html), ['p'], `unexpected HTML for ${JSON.stringify(s)}: ${html}`);
    assert.deepEqual(linkTriggers(proseText(html)), [], `link/mention trigger survived for ${JSON.stringify(s)}: ${html}`);
    const shown = decode(html.replace(/<[^>]+>/g, '')).replace(/\u200B/g, '').trim();
    assert.equal(shown, `Value: ${flatten(s)}`.trim(), `text is not shown verbatim for ${JSON.stringify(s)}`);
  }
});

test('text() inside a table cell cannot add cells or rows', () => {
  for (const s of ATTACKS) {
    const md = `| a | b |\n| --- | --- |\n| ${text(s)} | ${code(s, { inTable: true })} |\n`;
    const html = renderGfm(md);
    const cells = Array.from(html.matchAll(/<td>/g)).length;
    assert.equal(cells, 2, `table broken by ${JSON.stringify(s)}: ${html}`);
    assert.equal(Array.from(html.matchAll(/<tr>/g)).length, 2);
    assert.ok(tagNames(html).every((t) => ['table', 'thead', 'tbody', 'tr', 'th', 'td', 'code'].includes(t)), html);
  }
});

test('code(): the content cannot close the span early, whatever backticks it holds', () => {
  for (const s of [...ATTACKS, '`', '``', 'a`b``c```d', '` leading', 'trailing `', '    ', '']) {
    const html = renderGfm(`x ${code(s)} y\n`);
    if (flatten(s).trim() === '') {
      assert.match(html, /\(empty\)/);
      continue;
    }
    const m = /^<p>x <code>([\s\S]*)<\/code> y<\/p>$/.exec(html.trim());
    assert.ok(m, `code span broken by ${JSON.stringify(s)}: ${html}`);
    assert.equal(decode(m[1]!).trim(), flatten(s).trim());
  }
});

test('codeBlock(): a body with backtick fences stays inside one <pre>', () => {
  const html = renderGfm(codeBlock('echo ```\n```\n# not a heading\n<img src=x>', 'sh'));
  assert.deepEqual(tagNames(html), ['pre', 'code']);
});

test('flatten(): newlines, controls and bidi overrides are neutralised; long text is truncated', () => {
  assert.equal(flatten('a\nb\rc\u0000d'), 'a b c d');
  // A CRLF is a line break the schema's rule keeps in text blocks: in a comment's line it is flattened like one.
  assert.equal(flatten('a\r\nb\r\n'), 'a  b  ');
  assert.equal(flatten('x\u202Ey'), 'x\uFFFDy');
  assert.equal(Array.from(flatten('é'.repeat(500), 10)).length, 10);
});

test("flatten(), code(), codeBlock(): characters drawn as nothing are shown as \\uXXXX by the schema's rule; emoji sequences stay", () => {
  // An unknown key "no<U+200B>tes<U+E0041><U+2062>x" showed in its code span as "notesx".
  const key = 'no\u200Btes\u{E0041}\u2062x\uFEFF\u00AD\u3164';
  const shown = 'no\\u200btes\\u{e0041}\\u2062x\\ufeff\\u00ad\\u3164';
  assert.equal(flatten(key), shown);
  assert.equal(code(key), `\` ${shown} \``);
  assert.match(renderGfm(`x ${code(key)} y\n`), new RegExp(`<code>${shown.replace(/[\\{}]/g, '\\$&')}</code>`));
  assert.equal(decode(renderGfm(`${text(key)}\n`).replace(/<[^>]+>/g, '')).trim(), shown);
  assert.equal(codeBlock('echo a\u200Bb\n\tnext'), '```\necho a\\u200bb\n\tnext\n```');
  // A joiner is invisible outside an emoji sequence only; a flag's tag characters and a variation selector are drawn.
  const emoji = '👩\u200D💻 ❤\uFE0F 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} a\u200Db';
  assert.equal(flatten(emoji), '👩\u200D💻 ❤\uFE0F 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} a\\u200db');
  // The Arabic letter mark is a bidirectional control too (the comment's own list lacked it).
  assert.equal(flatten('x\u061Cy'), 'x\uFFFDy');
});
