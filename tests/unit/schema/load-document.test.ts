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
    ['{"a": [{"b": 1}, {"__proto__": {"x": 1}}]}', 'json', 'a.1.__proto__'],
  ];
  for (const [text, kind, path] of cases) {
    const r = parseDocumentText(text, kind);
    assert.equal(r.ok, false, text);
    assert.equal(!r.ok && r.message, `${path}: "__proto__" is not allowed as a key`);
  }
  // Keys that only look like it are ordinary.
  assert.ok(parseDocumentText('constructor: 1\nprototype: 2\nproto: 3\n', 'yaml').ok);
});
