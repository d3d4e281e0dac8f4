import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';
import { codeNames } from '../../../runners/judge/heuristic/text/names.ts';

// heuristic-v12: a follow-up about the answer's code against a new coding task in the same language. The exchanges are
// the author's own, written before the rules changed; none is in a labelled set or a control. v11 labelled every case
// below but the last three differently.
const qFib = 'Write a Python function that returns the n-th Fibonacci number.';
const aFib = "Here's an iterative version:\n\n```python\ndef fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n```\n\nIt runs in O(n) time and O(1) space.";
const qCache = 'Implement a JavaScript class LRUCache with get and put methods, both O(1).';
const aCache =
  '```js\nclass LRUCache {\n  constructor(capacity) {\n    this.capacity = capacity;\n    this.map = new Map();\n  }\n  get(key) {\n    if (!this.map.has(key)) return -1;\n    const v = this.map.get(key);\n    this.map.delete(key);\n    this.map.set(key, v);\n    return v;\n  }\n  put(key, value) {\n    this.map.delete(key);\n    this.map.set(key, value);\n    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value);\n  }\n}\n```\nA `Map` keeps insertion order, so the first key is always the least recently used.';

const cases: RuleCase[] = [
  // The language and "function"/"class" are the coding request's form: the same form about another subject is new.
  [qFib, aFib, 'Write a Python function that checks whether a string is a palindrome.', 'new_unrelated_query', 'restatement.new_subject'],
  [qCache, aCache, 'Implement a JavaScript class MinStack with push, pop and getMin, all O(1).', 'new_unrelated_query', 'grounding.'],
  [qCache, aCache, 'Write a debounce function in JavaScript.', 'new_unrelated_query', 'grounding.'],
  // Porting the answer's code, and an error the user got running it.
  [qFib, aFib, 'How would I write the same in Rust?', 'genuine_followup', 'grounding.'],
  [qCache, aCache, 'Can you add a TypeScript version with generics?', 'genuine_followup', 'grounding.'],
  [qCache, aCache, "I get TypeError: Cannot read properties of undefined (reading 'has') when I call get. What's wrong?", 'genuine_followup', 'grounding.explicit_reference'],
  // A call of a function the answer's code defines ties the turn to it, numbers or not.
  [qFib, aFib, 'Output: 55 for fib(10), but I expected 89. Is the index off by one?', 'genuine_followup', 'grounding.answer_content'],
  // Unchanged: follow-ups about a line, and a new task in another language.
  [qCache, aCache, 'Why delete the key before setting it again in put?', 'genuine_followup', 'grounding.'],
  [qFib, aFib, 'What does the underscore in for _ in range(n) mean?', 'genuine_followup', 'grounding.'],
  [qFib, aFib, 'How do I reverse a linked list in Java?', 'new_unrelated_query', 'grounding.'],
];

testRuleCases('heuristic-v12', cases);

test('the names an answer\'s code defines: functions, classes and methods in fenced blocks only', () => {
  assert.deepEqual(codeNames(aCache), ['LRUCache', 'constructor', 'get', 'put']);
  assert.deepEqual(codeNames(aFib), ['fib']);
  assert.deepEqual(codeNames('Use `def fib(n)` and a class Foo in prose.'), []);
});
