/**
 * Hostile inputs for the heuristic judge (tests/unit/judge/heuristic-hostile.test.ts): each makes a question, response
 * and user turn of about n characters aimed at one place in the rules that once took time growing with the square
 * (or cube) of the text. `userturn validate` judges the verdicts of a results pull request again, on text the
 * contributor wrote (a samples line may hold 1 MiB), so each must take time in proportion to its length.
 * bench/judge-hostile.ts measures many more families, at every length up to 1 MiB.
 */
import type { JudgeInput } from '../../runners/core/judge.ts';

export interface HostileCase {
  name: string;
  /** The smaller length it is judged at; the test also judges it at 16 × n. */
  n: number;
  make(n: number): JudgeInput;
}

const QUESTION = 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?';
const RESPONSE = 'In May she sold 48 / 2 = 24 clips. Altogether she sold 48 + 24 = 72 clips.\n\nThe answer is 72.';

/** A distinct lowercase word per i ("qba", "qbb", …): varied text that no repetition rule calls degenerate. */
const word = (i: number): string => {
  let w = '';
  for (let k = i + 26; k > 0; k = Math.floor(k / 26)) w = String.fromCharCode(97 + (k % 26)) + w;
  return `q${w}`;
};

/** `unit(i)` for i = 0, 1, … after `head`, until n characters. */
const fill = (n: number, unit: (i: number) => string, head = ''): string => {
  let s = head;
  for (let i = 0; s.length < n; i++) s += unit(i);
  return s;
};

const turn = (user_turn: string): JudgeInput => ({ id: 'h', question: QUESTION, response: RESPONSE, user_turn });

export const HOSTILE_CASES: HostileCase[] = [
  { name: 'a Llama 3 header, then blanks and no closing tag', n: 4096, make: (n) => turn(`<|start_header_id|>${' '.repeat(n)}x`) },
  { name: 'one long word, then a backslash', n: 2048, make: (n) => turn(`${fill(n, word)} \\`) },
  { name: 'a chain of numbers and operators with no "="', n: 2048, make: (n) => turn(`x ${fill(n, (i) => `${i % 10},${(i * 7) % 10}`, '5 * 1')}`) },
  { name: 'a number with a long run of zeros, in the question', n: 4096, make: (n) => ({ id: 'h', question: `${word(1)} 1.${'0'.repeat(n)}1 qz`, response: RESPONSE, user_turn: 'Why did you divide by 2?' }) },
  { name: 'blank lines in the response, a turn continuing its list', n: 2048, make: (n) => ({ id: 'h', question: QUESTION, response: '\n'.repeat(n), user_turn: '2. And the next one after that' }) },
  { name: '"第一步" with no "第二步"', n: 2048, make: (n) => turn(fill(n, (i) => `第一步${word(i)} `)) },
  { name: '"以下は" with no "です"', n: 4096, make: (n) => turn(fill(n, (i) => `以下は${word(i)} `)) },
  { name: '"당신은" with no "수 있"', n: 2048, make: (n) => turn(fill(n, (i) => `당신은 ${word(i)} `)) },
  { name: '"why" with no "?"', n: 8192, make: (n) => turn(fill(n, (i) => `why ${word(i)} `, 'x ')) },
  { name: '"send it" with no "i\'ll" before a "?"', n: 8192, make: (n) => turn(`${fill(n, (i) => `send it ${word(i)} `, 'x ')}?`) },
  { name: '"i\'ll add it" with no "if needed" before a "?"', n: 8192, make: (n) => turn(`${fill(n, (i) => `i'll add it ${word(i)} `, 'x ')}?`) },
  { name: '"the question asks", then a "?"', n: 16384, make: (n) => turn(`${fill(n, (i) => `the question asks ${word(i)} `, 'x ')}?`) },
  { name: '"如果" with no "会" or "呢"', n: 4096, make: (n) => turn(fill(n, (i) => `如果${word(i)} `, 'x ')) },
  { name: '"もし" with no "たら" or "ば"', n: 4096, make: (n) => turn(fill(n, (i) => `もし${word(i)} `, 'x ')) },
  { name: '"면 " with no "?"', n: 8192, make: (n) => turn(fill(n, (i) => `면 ${word(i)} `, 'x ')) },
  { name: '"だと" with no "？"', n: 8192, make: (n) => turn(fill(n, (i) => `だと${word(i)} `, 'x ')) },
  { name: '"可以" with no "吗"', n: 4096, make: (n) => turn(fill(n, (i) => `可以${word(i)} `, 'x')) },
  { name: 'a first word with many "-er" splits', n: 4096, make: (n) => turn(fill(n, (i) => `${word(i)}eré`, 'parler')) },
  { name: 'a question of one word repeated', n: 4096, make: (n) => ({ id: 'h', question: 'a '.repeat(n / 2), response: RESPONSE, user_turn: 'Why did you divide by 2 for May?' }) },
  {
    name: 'windows of question words, each opening with a word the question repeats',
    n: 16384,
    make: (n) => ({
      id: 'h',
      question: fill(n / 2, (i) => `${word(i)} `, fill(n / 2, () => 'qx qy ')),
      response: RESPONSE,
      user_turn: fill(n / 2, (i) => `qx ${[1, 2, 3, 4, 5].map((k) => word((i * 5 + k) % Math.max(1, Math.floor(n / 8)))).join(' ')} `),
    }),
  },
  {
    name: 'names of the turn that stand in the question only inside longer words',
    n: 32768,
    make: (n) => ({ id: 'h', question: fill(n / 2, (i) => `xx${word(i)}xx `), response: RESPONSE, user_turn: fill(n / 2, (i) => `and ${word(i).replace('q', 'Q')} `) }),
  },
  { name: 'turn and question words sharing one 4-letter prefix', n: 16384, make: (n) => ({ id: 'h', question: fill(n / 2, (i) => `abcde${word(i)} `), response: RESPONSE, user_turn: fill(n / 2, (i) => `abcdf${word(i)} `) }) },
  {
    name: 'a turn that copies a long question (its own words are then a long run of blanks)',
    n: 16384,
    make: (n) => {
      const text = fill(n, (i) => `abcd${word(i)} `);
      return { id: 'h', question: text, response: text, user_turn: text };
    },
  },
  // heuristic-v12: the names an answer's code defines are read from its fenced blocks (names.ts codeNames).
  { name: 'an answer of backticks only (fences that never open)', n: 16384, make: (n) => ({ id: 'h', question: QUESTION, response: '`'.repeat(n), user_turn: 'Why 24?' }) },
  { name: 'an answer whose one fence never closes, over lines of two backticks', n: 16384, make: (n) => ({ id: 'h', question: QUESTION, response: fill(n, () => '``a\n', '```x\n'), user_turn: 'Why 24?' }) },
  { name: 'an answer of method-like lines in a fence', n: 8192, make: (n) => ({ id: 'h', question: QUESTION, response: fill(n, (i) => `  ${word(i)}(a, b\n`, '```js\n'), user_turn: 'Why 24?' }) },
  // heuristic-v13: what the question asks to be made, named again definitely (artefact-ref.ts), and the question's
  // wording aligned with the turn's (subject-swap.ts, bounded by its token cap).
  { name: 'a question of many requests, a turn naming each definitely', n: 8192, make: (n) => ({ id: 'h', question: fill(n, (i) => `write a ${word(i)} list `), response: RESPONSE, user_turn: fill(n, (i) => `write the ${word(i)} list `) }) },
  { name: 'a turn that copies a long question but one word', n: 16384, make: (n) => ({ id: 'h', question: fill(n, (i) => `${word(i)} `), response: RESPONSE, user_turn: `zzzz ${fill(n, (i) => `${word(i + 1)} `)}` }) },
  { name: 'cues inside one long form-constraint sentence', n: 8192, make: (n) => ({ id: 'h', question: 'Write a poem.', response: RESPONSE, user_turn: fill(n, (i) => `again ${word(i)} `, 'each word must rhyme ') }) },
  // heuristic-v14: a turn in another script keeping Latin terms, each looked up in the question's (translated.ts), and
  // question marks each followed by blanks and no answer label (own-answer.ts).
  { name: 'a Cyrillic turn of Latin terms after a question of the same terms', n: 8192, make: (n) => ({ id: 'h', question: fill(n, (i) => `${word(i)} `), response: RESPONSE, user_turn: fill(n, (i) => `вопрос ${word(i)} ответ `) }) },
  { name: 'question marks each followed by a run of blanks', n: 8192, make: (n) => turn(fill(n, () => `?${' '.repeat(40)}`, 'x')) },
  // heuristic-v15: the user's situation in many sentences, then a question (own-situation.ts reads its last sentence),
  // and "which of" openings that never complete (signals PARTITIVE_REF), after an answer whose words the turn uses.
  { name: 'a first-person turn of many new sentences, then a question', n: 16384, make: (n) => ({ id: 'h', question: QUESTION, response: RESPONSE, user_turn: `${fill(n, (i) => `I ${word(i)} ${word(i + 1)} clips. `, 'My ')}Which of these clips?` }) },
  { name: '"which of" openings that never complete', n: 16384, make: (n) => turn(fill(n, (i) => `which of ${word(i)} `, 'I ')) },
];
