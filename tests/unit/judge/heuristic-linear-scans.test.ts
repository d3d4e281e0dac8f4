/**
 * The judge's hand-written scans give what the code they replace gave: WEAK_REF_ML's matches as its global regex finds
 * them (signals/weak-ref-ml-scan.ts), and whether every name stands in the question as String.prototype.includes says
 * (text/substrings.ts). Each is compared with the original on many short strings built from the characters that
 * open, end or break a match (seeded, so a failure repeats), and on the cases that show why the scan is built as it is.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WEAK_REF_ML } from '../../../runners/judge/heuristic/signals/cues.ts';
import { weakRefMlMatches } from '../../../runners/judge/heuristic/signals/weak-ref-ml-scan.ts';
import { everyIn } from '../../../runners/judge/heuristic/text/substrings.ts';

function seeded(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const GLOBAL = new RegExp(WEAK_REF_ML.source, `${WEAK_REF_ML.flags}g`);
const byRegex = (text: string) => [...text.matchAll(GLOBAL)].map((m) => [m.index, m.index + m[0].length]);
const byScan = (text: string) => [...weakRefMlMatches(text)].map((m) => [m.index, m.end]);

test('WEAK_REF_ML scan: the regex\'s matches, where a match of one alternative holds the opening of another', () => {
  for (const text of [
    'x 如果你来会怎样呢？如果不会',
    '如果会\n如果\n如果呢',
    'だと如果？ 如果会',
    'x もしたらば もし\nたら',
    '만약 비가 오면 어떻게 해? 으면 면 ?',
    'にすると？すると したら？',
    '呢？如果会 なぜ',
    'x 如果😀会\u2028如果会',
  ]) {
    assert.deepEqual(byScan(text), byRegex(text), JSON.stringify(text));
  }
});

test('WEAK_REF_ML scan: the regex\'s matches on 40,000 strings of openings, ends and line breaks', () => {
  const parts = ['如果', '如', '果', '会', '呢', '？', '?', '\n', '\r', '\u2028', ' ', 'もし', 'たら', 'た', 'ら', 'ば', '면 ', '으면 ', '면', '으', 'すると', 'にすると', 'にしたら', 'したら', 'だと', '入れると', 'だったら', '为什么', 'なぜ', '呢？', 'x', 'why', 'y si ', '왜', '대신', '라면', 'の場合は', 'の場合だと', '那', '😀'];
  const rnd = seeded(1);
  let matches = 0;
  for (let t = 0; t < 40_000; t++) {
    let text = '';
    for (let i = 1 + rnd(14); i > 0; i--) text += parts[rnd(parts.length)];
    const want = byRegex(text);
    matches += want.length;
    assert.deepEqual(byScan(text), want, JSON.stringify(text));
  }
  assert.ok(matches > 40_000, `only ${matches} matches compared`);
});

test('everyIn: String.prototype.includes for each needle, with few needles and with many', () => {
  const alphabet = ['a', 'b', 'c', 'ab', '😀', '\ud83d', 'é'];
  const rnd = seeded(7);
  const str = (n: number) => Array.from({ length: n }, () => alphabet[rnd(alphabet.length)]).join('');
  let manyAndAllIn = 0;
  for (let t = 0; t < 20_000; t++) {
    const haystack = str(rnd(30));
    const needles = Array.from({ length: rnd(20) }, () => (rnd(10) !== 0 ? haystack.slice(rnd(haystack.length + 1)).slice(0, 1 + rnd(6)) : str(1 + rnd(4))));
    const want = needles.every((w) => haystack.includes(w));
    if (want && needles.length > 8) manyAndAllIn++;
    assert.equal(everyIn(haystack, needles), want, `${JSON.stringify(haystack)} ${JSON.stringify(needles)}`);
  }
  assert.ok(manyAndAllIn > 1000, `only ${manyAndAllIn} cases of many needles all found`);
});
