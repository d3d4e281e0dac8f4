import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';
import { numbersAndWords } from '../../../runners/judge/heuristic/text/tokens.ts';

// heuristic-v11: three mistakes of v10 that change verdicts, found by reading the rules, not from a labelled set. The
// exchanges here are the author's own; none is in a labelled set or a control.
const qApples = 'Tom has 12 apples and gives 5 to Ann. How many are left?';
const aApples = 'Tom has 12 - 5 = 7 apples left.';
const qMembers = 'In JavaScript, a constructor sets 12 fields and 24 methods are added to the prototype. How many members does an instance see?';
const aMembers = 'An instance sees its 12 own fields plus the 24 methods through the prototype chain: 36 members.';

test('"constructor" is not a number word (v10 looked it up on a plain object and got Object)', () => {
  assert.deepEqual(numbersAndWords('Why does the constructor run twice?'), []);
  assert.deepEqual(numbersAndWords('the constructor takes three arguments'), ['3']);
});

const cases: RuleCase[] = [
  // The question's "constructor" was one of its numbers, so a restatement with all of its real numbers was not
  // recognised as one by them (v10: restatement.paraphrase, by wording).
  [qMembers, aMembers, 'Twelve fields are set and 24 methods sit on the prototype. How many members does an instance see?', 'prompt_restatement', 'restatement.same_numbers'],
  // Thai: "are you sure" refers to the answer; "not sure" (ไม่แน่ใจ) does not (v10: explicit_reference for both).
  [qApples, aApples, 'คุณแน่ใจไหมว่าเหลือ 7 ลูก', 'genuine_followup', 'grounding.explicit_reference'],
  [qApples, aApples, 'แน่ใจเหรอว่าเหลือ 7 ลูก', 'genuine_followup', 'grounding.explicit_reference'],
  [qApples, aApples, 'ฉันไม่แน่ใจว่าจะถามอะไรต่อ', 'genuine_followup', 'grounding.statement'],
  // Arabic: قلت/ذكرت/كتبت as a word with "that", "as" or "you" refers to the answer; inside انتقلت ("I moved"),
  // تذكرت ("I remembered") or مكتبتي ("my library") it does not (v10: explicit_reference for all).
  [qApples, aApples, 'قلت إن الباقي 7، لماذا طرحت 5؟', 'genuine_followup', 'grounding.explicit_reference'],
  [qApples, aApples, 'كما ذكرت، الباقي 7. ماذا لو أعطى 6؟', 'genuine_followup', 'grounding.explicit_reference'],
  [qApples, aApples, 'أنت كتبت 7 تفاحات', 'genuine_followup', 'grounding.explicit_reference'],
  [qApples, aApples, 'تذكرت أنني أريد وصفة كعكة الشوكولاتة', 'genuine_followup', 'grounding.statement'],
  [qApples, aApples, 'لقد انتقلت إلى مدينة جديدة', 'genuine_followup', 'grounding.statement'],
];

testRuleCases('heuristic-v11', cases);

// The helper's voice around code, and a user reporting what the answer's code did. Exchanges of the author's own.
const qFib = 'Write a Python function that returns the n-th Fibonacci number.';
const aFib = "Here's an iterative version:\n\n```python\ndef fib(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n```\n\nIt runs in O(n) time and O(1) space.";
const codeCases: RuleCase[] = [
  // v10: genuine_followup or new_unrelated_query.
  [qFib, aFib, 'Alternatively, you can use memoization:\n\n```python\nfrom functools import lru_cache\n```', 'identity_leakage', 'leakage.assistant_voice'],
  [qFib, aFib, 'Example usage:\n\n```python\nprint(fib(10))  # 55\n```', 'identity_leakage', 'leakage.assistant_voice'],
  [qFib, aFib, '**Time complexity:** O(n), since the loop runs n times.\n**Space complexity:** O(1).', 'identity_leakage', 'leakage.assistant_voice'],
  [qFib, aFib, 'Explanation:\n- `a, b = 0, 1` starts the sequence.\n- Each step moves the window forward.', 'identity_leakage', 'leakage.assistant_voice'],
  [qFib, aFib, '```python\nfor i in range(10):\n    print(fib(i))\n```', 'identity_leakage', 'leakage.continues_code'],
  // v10: new_unrelated_query (the colon after "got RecursionError" read as the turn bringing its own material).
  [qFib, aFib, 'I ran it and got RecursionError: maximum recursion depth exceeded. Why?', 'genuine_followup', 'grounding.explicit_reference'],
  // Users: a question about an alternative, code with a question, a section label in a question. Unchanged.
  [qFib, aFib, 'Alternatively, could I use a generator instead?', 'genuine_followup', 'grounding.'],
  [qFib, aFib, '```python\nprint(fib(-1))\n```\nwhat happens here?', 'genuine_followup', 'grounding.'],
  [qFib, aFib, 'Time complexity: is it really O(n) for big n?', 'genuine_followup', 'grounding.'],
];

testRuleCases('heuristic-v11 (code)', codeCases);
