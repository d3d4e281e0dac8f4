import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDocumentText } from '../../../src/lib/io/parse-document.ts';

test('YAML 1.2 core schema: no implicit dates, no custom tags, no duplicate keys', () => {
  const ok = parseDocumentText('a: 2020-01-01\nb: yes\n', 'yaml');
  assert.ok(ok.ok);
  assert.deepEqual(ok.ok && ok.data, { a: '2020-01-01', b: 'yes' });
  for (const bad of ['a: !!python/object:os.system "ls"\n', 'a: !Ref x\n', 'a: 1\na: 2\n']) {
    const r = parseDocumentText(bad, 'yaml');
    assert.equal(r.ok, false, bad);
  }
});

test('alias expansion is bounded', () => {
  let doc = 'l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n';
  for (let i = 1; i < 8; i++) doc += `l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]\n`;
  const r = parseDocumentText(doc, 'yaml');
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.message : '', /alias/i);
});

test('empty and whitespace-only documents are errors, not null data', () => {
  for (const t of ['', '   \n', '# only a comment\n']) assert.equal(parseDocumentText(t, 'yaml').ok, false, JSON.stringify(t));
});

test('a __proto__ key anywhere is refused with its path (a copy of the object would drop it silently)', () => {
  const cases: Array<[string, 'yaml' | 'json', string]> = [
    ['generation:\n  template_kwargs:\n    __proto__:\n      polluted: 1\n', 'yaml', 'generation.template_kwargs.__proto__'],
    ['__proto__: 1\n', 'yaml', '__proto__'],
    ['{"a": [{"b": 1}, {"__proto__": {"x": 1}}]}', 'json', 'a[1].__proto__'],
  ];
  for (const [text, kind, path] of cases) {
    const r = parseDocumentText(text, kind);
    assert.equal(r.ok, false, text);
    assert.equal(!r.ok && r.message, `${path}: "__proto__" is not allowed as a key`);
  }
  // Keys that only look like it are ordinary.
  assert.ok(parseDocumentText('constructor: 1\nprototype: 2\nproto: 3\n', 'yaml').ok);
});

test('deep nesting is refused with one clear message, the same every time, before the parser recurses', () => {
  // The parser recursed until V8's stack ran out: "Maximum call stack size exceeded" at a line and column that moved
  // with the stack left, and a 1 MiB file of "[" took 1.2 GB and 3.5 s.
  const header = 'id: deep\nx: ';
  const cases: Array<[string, string, 'yaml' | 'json']> = [
    ['flow sequences', `${header}${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 'yaml'],
    ['flow maps', `${header}${'{a: '.repeat(50_000)}1${'}'.repeat(50_000)}\n`, 'yaml'],
    ['unclosed flow, 1 MiB', `${header}${'['.repeat(1024 * 1024 - 20)}`, 'yaml'],
    ['block maps', `x:\n${Array.from({ length: 1200 }, (_, i) => `${' '.repeat(i + 1)}k${i}:\n`).join('')}${' '.repeat(1201)}v\n`, 'yaml'],
    ['JSON arrays', `{"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`, 'json'],
  ];
  for (const [name, text, kind] of cases) {
    const messages = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const r = parseDocumentText(text, kind);
      assert.equal(r.ok, false, name);
      messages.add(!r.ok ? r.message : '');
    }
    assert.equal(messages.size, 1, `${name}: the message changes from one run to the next: ${[...messages].join(' | ')}`);
    assert.match([...messages][0]!, /^invalid (YAML|JSON): nested more than 64 levels deep/, name);
  }
  // 64 levels is far above any userturn file (the deepest, a JSON schema, has 13) and still reads.
  const ok = parseDocumentText(`x: ${'['.repeat(63)}1${']'.repeat(63)}\n`, 'yaml');
  assert.ok(ok.ok, !ok.ok ? ok.message : '');
  // Brackets inside strings open nothing.
  assert.ok(parseDocumentText(`a: "${'['.repeat(500)}"\nb: c${'{'.repeat(500)}\n`, 'yaml').ok);
});

test('a mapping of distinct keys reads in linear time up to the token limit; duplicate keys are still refused, with their line', { timeout: 60_000 }, () => {
  // The parser compared every key with every earlier one: 104,599 keys in 1 MiB took validate 117 s (serve-cmd and
  // pr-report the same), so 300 such files in one pull request held the CI runner for hours. Such a file is now
  // refused before parsing (more than MAX_YAML_TOKENS tokens); the largest mapping that is parsed reads fast.
  let text = 'id: keys\n';
  for (let i = 0; text.length < 1_000_000; i++) text += `k${i}: 1\n`;
  assert.deepEqual(parseDocumentText(text, 'yaml'), { ok: false, message: 'invalid YAML: more than 100,000 tokens (a userturn file has a few thousand)' });
  text = 'id: keys\n';
  for (let i = 0; i < 14_000; i++) text += `k${i}: 1\n`;
  const t0 = performance.now();
  const r = parseDocumentText(text, 'yaml');
  const ms = performance.now() - t0;
  assert.ok(r.ok, !r.ok ? r.message : '');
  assert.ok(ms < 5_000, `took ${Math.round(ms)} ms`);
  const cases: Array<[string, string]> = [
    ['a: 1\nb:\n  c: 1\n  c: 2\n', 'invalid YAML (line 4, column 3): Map keys must be unique'],
    ['a: {x: 1, y: 2, x: 3}\n', 'invalid YAML (line 1, column 17): Map keys must be unique'],
    ['- a: 1\n  a: 1\n', 'invalid YAML (line 2, column 3): Map keys must be unique'],
  ];
  for (const [doc, message] of cases) assert.deepEqual(parseDocumentText(doc, 'yaml'), { ok: false, message }, doc);
  // A number and a string that reads like it became one key of the data, and the first value vanished silently.
  assert.deepEqual(parseDocumentText('1: a\n"1": b\n', 'yaml'), { ok: false, message: 'invalid YAML (line 2, column 1): Map keys must be unique' });
});

test('a YAML file of more tokens than any userturn file is refused before the parser builds its tree', () => {
  // The parser keeps the whole syntax tree and a node per value, some 300 bytes a token: validate peaked at 500 MB for
  // a 1 MiB file of "- a" lines and 830 MB for one flow list of numbers (150 MB, its start-up, now).
  const big: Array<[string, string]> = [
    ['block list', 'x:\n' + '- a\n'.repeat(250_000)],
    ['flow list', `x: [${'1,'.repeat(500_000)}1]\n`],
    ['list of maps', 'x:\n' + '- {a: 1}\n'.repeat(110_000)],
  ];
  for (const [name, text] of big) assert.deepEqual(parseDocumentText(text, 'yaml'), { ok: false, message: 'invalid YAML: more than 100,000 tokens (a userturn file has a few thousand)' }, name);
  // Under the limit the data reads; nesting too deep is still said first when it comes first.
  const under = parseDocumentText(`x: [${'1,'.repeat(33_000)}1]\n`, 'yaml');
  assert.ok(under.ok && (under.data as { x: number[] }).x.length === 33_001);
  const deep = parseDocumentText(`x: ${'['.repeat(65)}${']'.repeat(65)}\ny: [${'1,'.repeat(60_000)}1]\n`, 'yaml');
  assert.deepEqual(deep, { ok: false, message: 'invalid YAML: nested more than 64 levels deep (a userturn file needs a few)' });
});

test('a key that is an alias or a collection is refused: its text is not the key the data gets', () => {
  // `*k` resolved to "display_name" and replaced the display_name above it, past the duplicate check: the reviewer read
  // "Evil 9B", the site would have shown "Qwen3.5 9B". A list as a key became the string "[ license ]".
  const cases: Array<[string, RegExp]> = [
    ['display_name: Evil 9B\nnotes: &k display_name\n*k : Qwen3.5 9B\n', /^invalid YAML \(line 3, column 1\): a key may not be an alias/],
    ['a: 1\n? [license]\n: x\n', /^invalid YAML \(line 2, column 3\): a key must be plain text, not a list or mapping$/],
    ['a: 1\n? {b: 1}\n: x\n', /^invalid YAML \(line 2, column 3\): a key must be plain text/],
    // An empty key and a null key are both "" in the data.
    ['"": a\n~: b\n', /^invalid YAML \(line 2, column 1\): Map keys must be unique$/],
  ];
  for (const [text, message] of cases) {
    const r = parseDocumentText(text, 'yaml');
    assert.equal(r.ok, false, text);
    assert.match(!r.ok ? r.message : '', message, text);
  }
  // An alias as a value is ordinary YAML.
  assert.deepEqual(parseDocumentText('a: &k b\nc: *k\n', 'yaml'), { ok: true, data: { a: 'b', c: 'b' }, text: 'a: &k b\nc: *k\n' });
});

test('a JSON key repeated in its object is refused with its line (JSON.parse keeps the last one silently)', () => {
  const cases: Array<[string, string]> = [
    ['{"display_name": "Evil",\n "display_name": "Qwen3.5 9B"}', 'invalid JSON (line 2, column 2): keys must be unique in an object'],
    // Spelt with an escape it is the same key.
    ['{"a": [{"id": 1, "\\u0069d": 2}]}', 'invalid JSON (line 1, column 18): keys must be unique in an object'],
  ];
  for (const [text, message] of cases) assert.deepEqual(parseDocumentText(text, 'json'), { ok: false, message }, text);
  // The same key in sibling objects, a key's text as a value, and quotes and braces inside strings are ordinary.
  for (const text of ['[{"id": 1}, {"id": 2}]', '{"a": "a", "b": {"a": 1}, "c": "\\"a\\": {", "a\\"": 2}', '{"x": [], "y": {}, "z": [{}, {"x": 1}]}']) {
    assert.equal(parseDocumentText(text, 'json').ok, true, text);
  }
});
