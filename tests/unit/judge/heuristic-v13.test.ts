import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testRuleCases, type RuleCase } from '../../helpers/judge-rule-cases.ts';
import { answerArtefactRef } from '../../../runners/judge/heuristic/text/artefact-ref.ts';
import { swappedSubject } from '../../../runners/judge/heuristic/text/subject-swap.ts';

// heuristic-v13: the question's wording with its subject swapped is a new task; "the query" names the answer's query.
// The exchanges are the author's own, written before the rules changed; none is in a labelled set or a control.
// v12 labelled ten of the cases below differently (the subjects swapped where the question's wording is kept, and the
// follow-ups that name the answer's function, query or module).
const qMed = 'Write a Python function to find the median of a list of numbers.';
const aMed = "```python\ndef median(xs):\n    s = sorted(xs)\n    n = len(s)\n    mid = n // 2\n    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2\n```\nSorting costs O(n log n); for an even count it averages the two middle values.";
const qMedDe = 'Schreibe eine Python-Funktion, die den Median einer Liste berechnet.';
const qPoem = 'Write a short poem about autumn leaves falling in a quiet park.';
const aPoem = 'Amber and rust drift slowly down,\nOn benches bare they settle, brown;\nThe park holds still its whispered breath,\nAs summer yields to gentle death.';
const qSql = 'Write a SQL query that returns the five customers with the highest total order amount.';
const aSql = "```sql\nSELECT c.customer_id, c.name, SUM(o.amount) AS total\nFROM customers c\nJOIN orders o ON o.customer_id = c.customer_id\nGROUP BY c.customer_id, c.name\nORDER BY total DESC\nLIMIT 5;\n```\nThe join links each order to its customer and the sum is taken per customer.";
const qList = 'Implement a function in C++ that reverses a singly linked list.';
const aList = "```cpp\nstruct Node { int val; Node* next; };\n\nNode* reverse(Node* head) {\n    Node* prev = nullptr;\n    while (head) {\n        Node* next = head->next;\n        head->next = prev;\n        prev = head;\n        head = next;\n    }\n    return prev;\n}\n```\nEach node's next pointer is turned around in one pass: O(n) time, O(1) extra space.";
const qEssay = 'Write a persuasive essay about why cities should invest in public libraries. Use at least 3 paragraphs.';
const aEssay = 'Public libraries are among the few places left where anyone may enter without paying...\n\nSecond, libraries are engines of literacy...\n\nFinally, a library anchors a neighbourhood...';
const qJs = 'Write a JavaScript function that removes duplicate values from an array.';
const aJs = "```js\nfunction unique(arr) {\n  return [...new Set(arr)];\n}\n```\nA `Set` keeps only the first occurrence of each value, and spreading it gives an array back in the original order.";

const cases: RuleCase[] = [
  // Same form, another subject: new tasks.
  [qMed, aMed, 'Write a Python function to find the mode of a list of numbers.', 'new_unrelated_query', 'restatement.swapped_subject'],
  [qPoem, aPoem, 'Write a short poem about spring rain falling in a quiet garden.', 'new_unrelated_query', 'restatement.swapped_subject'],
  [qSql, aSql, 'Write a SQL query that returns the ten products with the lowest stock level.', 'new_unrelated_query', 'restatement.new_subject'],
  [qEssay, aEssay, 'Write a persuasive essay about why cities should invest in bike lanes. Use at least 3 paragraphs.', 'new_unrelated_query', 'restatement.swapped_subject'],
  [qJs, aJs, 'Write a JavaScript function that flattens a nested array.', 'new_unrelated_query', 'restatement.new_subject'],
  [qList, aList, 'Implement a function in C++ that checks whether a binary tree is balanced.', 'new_unrelated_query', 'grounding.'],
  // Restatements, verbatim or reworded: unchanged.
  [qMed, aMed, 'Write a Python function to find the median of a list of numbers.', 'prompt_restatement', 'restatement.'],
  [qMed, aMed, 'Can you write a Python function that finds the median of a list of numbers?', 'prompt_restatement', 'restatement.'],
  [qPoem, aPoem, 'Please write a short poem about autumn leaves falling in a quiet park.', 'prompt_restatement', 'restatement.'],
  [qSql, aSql, 'I need a SQL query returning the five customers with the highest total order amount.', 'prompt_restatement', 'restatement.'],
  [qJs, aJs, 'How do I write a JavaScript function that removes duplicate values from an array?', 'prompt_restatement', 'restatement.'],
  // Follow-ups that reuse the question's words.
  [qMed, aMed, 'Can the median function also handle an empty list of numbers without crashing?', 'genuine_followup', 'grounding.'],
  [qSql, aSql, 'Could the query return the five customers with the highest total over the last year only?', 'genuine_followup', 'grounding.'],
  // node, module, library, query as the subject of the exchange.
  [qList, aList, 'Why do you store next before changing head->next? Would the node be lost otherwise?', 'genuine_followup', 'grounding.'],
  [qList, aList, 'What happens to the last node when the list has only one node?', 'genuine_followup', 'grounding.'],
  [qSql, aSql, 'Does this query count customers with no orders at all?', 'genuine_followup', 'grounding.'],
];
const qDel = 'Write a function in Java that deletes a node from a binary search tree.';
const aDel = "```java\nTreeNode delete(TreeNode root, int key) {\n    if (root == null) return null;\n    if (key < root.val) root.left = delete(root.left, key);\n    else if (key > root.val) root.right = delete(root.right, key);\n    else {\n        if (root.left == null) return root.right;\n        if (root.right == null) return root.left;\n        TreeNode m = root.right;\n        while (m.left != null) m = m.left;\n        root.val = m.val;\n        root.right = delete(root.right, m.val);\n    }\n    return root;\n}\n```\nWith two children, the node takes its in-order successor's value and the successor is deleted from the right subtree.";
const qMod = 'How do I create a module in Node.js and import it from another file?';
const aMod = "Put the code in its own file and export what others need:\n\n```js\n// math.js\nexport function add(a, b) { return a + b; }\n```\n\n```js\n// app.js\nimport { add } from './math.js';\nconsole.log(add(2, 3));\n```\nSet \"type\": \"module\" in package.json so Node treats .js files as ES modules.";
const qGsm = 'A bakery sells 24 muffins in the morning and 18 in the afternoon. Each muffin costs $3. How much money does the bakery make?';
const aGsm = 'Muffins sold: 24 + 18 = 42. Money: 42 × $3 = $126. The bakery makes $126.';
const qKeeper = 'Write a short story about a lighthouse keeper who finds a message in a bottle.';
const aKeeper = 'The story begins on a grey morning. Old Tomas, keeper of the Skerry light for thirty years, found the bottle wedged between two rocks...';
const qTrip = 'Write a travel blog post about a recent trip to Hawaii, highlighting cultural experiences and must-see attractions.';
const aTrip = 'Aloha from the islands! My week on Oahu began at the Polynesian Cultural Center...';
cases.push(
  [qDel, aDel, 'Write a function in Java that inserts a node into a binary search tree.', 'new_unrelated_query', 'restatement.swapped_subject'],
  [qDel, aDel, 'What if the node to delete is the root and it has two children?', 'genuine_followup', 'grounding.'],
  [qMod, aMod, 'Does the module need the .js extension in the import path?', 'genuine_followup', 'grounding.'],
  // Re-asks of a word problem keep "the bakery": a restatement.
  [qGsm, aGsm, 'How much money does the bakery make if it sells 24 muffins in the morning and 18 in the afternoon at $3 each?', 'prompt_restatement', 'restatement.'],
  [qGsm, aGsm, 'A bakery sells 24 muffins in the morning and 18 in the afternoon. Each muffin costs $3. How much money does the bakery make?', 'prompt_restatement', 'restatement.'],
  // Synonyms in a paraphrase keep the subject.
  [qTrip, aTrip, 'Compose a travel blog entry about a recent trip to Hawaii that highlights cultural experiences and must-see sights.', 'prompt_restatement', 'restatement.'],
  [qPoem, aPoem, 'Write a brief poem about autumn leaves falling in a quiet park.', 'prompt_restatement', 'restatement.'],
  // A kind of text for another is wording too: the subject stays.
  [qKeeper, aKeeper, 'Write a short tale about a lighthouse keeper who finds a message in a bottle.', 'prompt_restatement', 'restatement.'],
  [qKeeper, aKeeper, 'Write a short story about a ship\'s cook who finds a message in a bottle.', 'new_unrelated_query', 'restatement.swapped_subject'],
  // German: "eine Python-Funktion" is "die Funktion" once answered.
  [qMedDe, aMed, 'Schreibe eine Python-Funktion, die den Modus einer Liste berechnet.', 'new_unrelated_query', 'restatement.swapped_subject'],
  [qMedDe, aMed, 'Kann die Funktion auch mit einer leeren Liste umgehen?', 'genuine_followup', 'grounding.'],
  [qTrip, aTrip, 'Write a travel blog post about a recent trip to Japan, highlighting cultural experiences and must-see attractions.', 'new_unrelated_query', 'grounding.'],
  [qTrip, aTrip, 'Can you make the blog post shorter and add a section on local food?', 'genuine_followup', 'grounding.'],
);

testRuleCases('heuristic-v13', cases);

test('what the question asked to be made, named again definitely', () => {
  assert.equal(answerArtefactRef('Could the query return more rows?', qSql), 'the query');
  assert.equal(answerArtefactRef('Kann die Funktion auch leere Listen?', 'Schreibe eine Funktion, die eine Liste sortiert.'), 'die funktion');
  // A word problem's "A bakery sells…" re-asked as "the bakery": the bakery was not asked for.
  assert.equal(answerArtefactRef('How much money does the bakery make?', qGsm), null);
  // "that" opens relative clauses: "…that finds the…" names nothing.
  assert.equal(answerArtefactRef('Write a function that finds the majority element.', 'Write a function to find the majority element.'), null);
});

test('a subject swapped in the question\'s wording, not a word cut short or a synonym the answer never uses', () => {
  const any = () => true;
  assert.equal(swappedSubject('Write a Python function to find the mode of a list of numbers.', qMed, any, any), 'median → mode');
  assert.equal(swappedSubject('How do I make my sourdough bread ris', 'How do I make my sourdough bread rise more?', any, any), null);
  assert.equal(swappedSubject('Write a Python function.', qMed, any, any), null);
});
