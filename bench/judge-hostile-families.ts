/**
 * Families of hostile strings for the heuristic judge (bench/judge-hostile.ts): each makes a string of about n
 * characters. Runs of one character, short units repeated, and units built to part-match one cue pattern each
 * (the start of a cue, then text that keeps it searching, and no end): what makes a backtracking pattern rescan.
 */
export interface HostileFamily {
  name: string;
  make(n: number): string;
  /** The user turn judged when the family stands in the response or the question (a default one otherwise). */
  turn?: string;
}

const repeat = (unit: string, n: number) => unit.repeat(Math.max(1, Math.ceil(n / unit.length))).slice(0, n);

/** `unit` repeated to n characters between `head` and `tail` (a cue's opening and a character that fails it). */
const pumped = (name: string, unit: string, head = '', tail = ''): HostileFamily => ({ name, make: (n) => head + repeat(unit, Math.max(unit.length, n - head.length - tail.length)) + tail });

const RUNS = ['a', 'A', ' ', '\n', '\t', '.', '?', '!', '0', '9', '*', '_', '-', '#', '<', '|', '`', ',', '\u00a0', '\u3000', '好', '如', '한', 'ー', 'あ', '😀', 'é', '\u0301'];
const UNITS = [
  'ab', 'a1', 'a ', ' .', '. ', '.\n', '\n ', ' \n', '\n\t', '\r\n', '- ', '-\n', '* ', '1.', '1,', '0,', ',0', '1 ', '12.', '1. ', '# ', '**', '__',
  '`a', '<|', 'aa ', 'Ab ', 'a.', 'a?', 'a\u0301', 'e\u0301 ', '好 ', '한 ', 'a好', '😀 ', '¿', '"', "'", '()', '[]', ' - ', ' — ', '\u2028',
  'word', 'longword', 'Cap ', 'Cap. ', 'A. ', 'I ', 'I. ',
];
/** Cue openings with text that keeps a pattern looking for its end (first words of cue lists, then filler). */
const CUES = [
  'why ', 'why, ', 'each sentence ', 'every word ', 'all word ', 'the first ', 'your ', 'you ', 'you said ', 'did you ', 'is it ', 'if ', 'what if ',
  'step 1 ', 'Step 1: ', 'Step ', 'first, ', 'I will ', "I'll ", "I'LL ADD A,", 'Let me ', 'let me think ', 'Here is ', 'Here are ', 'Sure, ',
  'Okay, ', 'thanks ', 'Thanks! ', 'thank you ', 'ok ', 'ok, ', 'great ', 'User: ', 'Assistant: ', 'user ', 'assistant ', '<|im_start|>', '<|im_end|>',
  '<|eot_id|>', '<|start_header_id|>', '<|START_HEADER_ID|>', '[INST]', '</s>', '<think>', '</think>', '<end_of_turn>', '### ', '**User:** ', 'Q: ', 'A: ',
  'Question: ', 'Answer: ', '1 + ', '1 * ', '2 × ', '3 = ', '1,0', '0.5 ', '$1 ', '1%', 'as an AI ', 'I am ', "I'm an ", 'I can ', 'we can ',
  'can you ', 'could you ', 'please ', 'should ', 'must ', 'the answer ', 'your answer ', 'response should ', 'in your response ',
  '如果', '如果你', 'もし', 'もしも', '以下は', '以下', '当然', '第', '第1', '第一步', '步', '你', '你说', '谢谢', 'ありがとう', 'です', 'ます',
  '있', ' 있당신은 ', '당신은 ', '면 ', '으면 ', '1단계', 'すると', 'だと', 'para ', 'que ', 'por qué ', 'y si ', 'et si ', 'warum ', 'und wenn ',
  'gracias ', 'merci ', 'danke ', 'send it ', 'SEND IT\u0000', 'p s可以f', 'eréi', 'er ', 'ALL\tWORD\t', ' WHY 0', '\u0000WHY\u00000',
];

export const HOSTILE_FAMILIES: HostileFamily[] = [
  ...RUNS.map((c) => pumped(`run ${JSON.stringify(c)}`, c)),
  ...UNITS.map((u) => pumped(`unit ${JSON.stringify(u)}`, u)),
  ...CUES.map((u) => pumped(`cue ${JSON.stringify(u)}`, u)),
  // Lines: many short lines, list items, headings, role lines.
  pumped('lines "a\\n"', 'a\n'),
  pumped('lines "- a\\n"', '- a\n'),
  pumped('lines "1. a\\n"', '1. a\n'),
  pumped('lines "User: a\\n"', 'User: a\n'),
  pumped('lines "  \\n"', '  \n'),
  // One long word, with and without a closing character.
  pumped('word then "?"', 'a', 'why ', '?'),
  pumped('spaces then "x"', ' ', '', 'x'),
  pumped('newlines then "x"', '\n', '', 'x'),
  pumped('tab-newline then "N"', '\n\t', 'F', 'N'),
  pumped('zeros then "x0"', '0', '', '\u00000'),
  pumped('",0" then "*0="', ',0', '', '*0=\t\t\t*0*0=0'),
];

/** A distinct lowercase word per i ("qa", "qb", …, "qba"): varied text that no repetition rule calls degenerate. */
export const wordOf = (i: number): string => {
  let w = '';
  for (let k = i + 26; k > 0; k = Math.floor(k / 26)) w = String.fromCharCode(97 + (k % 26)) + w;
  return `q${w}`;
};

/** `unit(i)` for i = 0, 1, … until n characters: each repetition carries a word of its own. */
const varied = (name: string, unit: (i: number) => string, head = '', tail = ''): HostileFamily => ({
  name,
  make(n) {
    let s = head;
    for (let i = 0; s.length < n - tail.length; i++) s += unit(i);
    return s + tail;
  },
});

/** Aimed at one pattern each (named in the family), varied so that the user turn passes the degenerate rule. */
export const TARGETED: HostileFamily[] = [
  varied('why…(no ?)', (i) => `why ${wordOf(i)} `, 'x '),
  varied('如果…(no 会/呢)', (i) => `如果${wordOf(i)} `, 'x '),
  varied('可以…(no 吗)', (i) => `可以${wordOf(i)} `, 'x'),
  varied('the question asks … ?', (i) => `the question asks ${wordOf(i)} `, 'x ', '?'),
  varied('もし…(no たら/ば)', (i) => `もし${wordOf(i)} `, 'x '),
  varied('면 …(no ?)', (i) => `면 ${wordOf(i)} `, 'x '),
  varied('だと…(no ？)', (i) => `だと${wordOf(i)} `, 'x '),
  varied('each word … (no must)', (i) => `each word ${wordOf(i)} `),
  varied("i'll add it … (no if needed)", (i) => `i'll add it ${wordOf(i)} `, 'x ', '?'),
  varied('send it … (no i will)', (i) => `send it ${wordOf(i)} `, 'x ', '?'),
  varied('당신은 … (no 수 있)', (i) => `당신은 ${wordOf(i)} `),
  varied('以下は … (no です)', (i) => `以下は${wordOf(i)} `),
  varied('step 1 … (no step 2)', (i) => `step 1 ${wordOf(i)} `),
  varied('第一步 … (no 第二步)', (i) => `第一步${wordOf(i)} `),
  varied('1) … (no 2))', (i) => ` 1) ${wordOf(i)}`),
  varied('infinitive word', (i) => `${wordOf(i)}eré`, 'parler'),
  varied('a + b + … (no =)', (i) => `${i} + `, 'x '),
  varied('1,1,1 * … (no =)', (i) => `${i % 10},${(i * 7) % 10}`, 'x 5 * 1', ''),
  varied('digits chain 1,0 … *0=', (i) => `,${i % 10}`, '1', ` * 2 = ${' '.repeat(64)}x`),
  varied('0.000…1 numbers', () => '0', `${wordOf(1)} 1.`, '1 qz'),
  varied('start_header spaces', () => ' ', '<|start_header_id|>', 'x'),
  varied('start_header tabs-newlines', () => '\t\n', '<|start_header_id|>', 'x'),
  varied('im_start spaces', () => ' ', '<|im_start|>', ''),
  varied('backslash at the end of a long word', (i) => wordOf(i), '', ' \\'),
  varied('newline list lines', (i) => `\n${wordOf(i)}`),
  { ...varied('newlines, then "2. x" in the turn', () => '\n'), turn: '2. And the next one after that' },
  varied('you said … (cues, each not in q)', (i) => `you said ${wordOf(i)}: `),
  varied('did you X: (distinct cues pointing forward)', (i) => `did you ${wordOf(i)}: `),
  varied('Capital names', (i) => `and ${wordOf(i).replace('q', 'Q')}x `),
  varied('the X … (definite refs)', (i) => `the ${wordOf(i)} `),
  varied('words sharing a 4-letter prefix', (i) => `abcd${wordOf(i)} `),
];
HOSTILE_FAMILIES.push(...TARGETED);

/** A hostile question and user turn together (and a response when given): what one field alone cannot do. */
export interface HostilePair {
  name: string;
  make(n: number): { question: string; response?: string; user_turn: string };
}

/** `unit(i)` joined until n characters. */
const fill = (n: number, unit: (i: number) => string, head = ''): string => {
  let s = head;
  for (let i = 0; s.length < n; i++) s += unit(i);
  return s;
};

export const PAIRS: HostilePair[] = [
  // own-words: every six-word window of the turn is made of question words and starts with "qx", which the question
  // holds half its words long (each window is looked up at every "qx" of the question).
  { name: 'copied runs: windows of question words vs a question of "qx qy"', make: (n) => ({ question: fill(n / 2, (i) => `${wordOf(i)} `, fill(n / 2, () => 'qx qy ')), user_turn: fill(n / 2, (i) => `qx ${[1, 2, 3, 4, 5].map((k) => wordOf((i * 5 + k) % Math.max(1, Math.floor(n / 8)))).join(' ')} `) }) },
  // firstCue: many distinct cues that point forward (": …"), each looked up in a long question first.
  { name: 'distinct cues pointing forward vs a long question', make: (n) => ({ question: fill(n / 2, (i) => `${wordOf(i)} `), user_turn: fill(n / 2, (i) => `did you ${wordOf(i)}: `) }) },
  // firstCue: a cue repeated in a long sentence that is a form constraint (each one reads the sentence again).
  { name: 'cues inside one long form-constraint sentence', make: (n) => ({ question: 'Write a poem.', user_turn: fill(n, (i) => `again ${wordOf(i)} `, 'each word must rhyme ') }) },
  // signals: the question's names looked for in a long turn that has none of them.
  { name: 'many question names vs a long turn without them', make: (n) => ({ question: fill(n / 2, (i) => `and ${wordOf(i).replace('q', 'Z')} `), user_turn: fill(n / 2, (i) => `${wordOf(i)} `) }) },
  // restatement: new names in the turn that stand in the question only inside longer words.
  { name: 'turn names found inside longer question words', make: (n) => ({ question: fill(n / 2, (i) => `xx${wordOf(i)}xx `), user_turn: fill(n / 2, (i) => `and ${wordOf(i).replace('q', 'Q')} `) }) },
  // overlap: many turn words that share their first four letters with many question words.
  { name: 'turn and question words sharing one 4-letter prefix', make: (n) => ({ question: fill(n / 2, (i) => `abcde${wordOf(i)} `), user_turn: fill(n / 2, (i) => `abcdf${wordOf(i)} `) }) },
  // the same question text n/2 long with a turn that repeats none of it (memo sizes).
  { name: 'long question of distinct words, long turn of others', make: (n) => ({ question: fill(n / 2, (i) => `${wordOf(i)} `), user_turn: fill(n / 2, (i) => `${wordOf(i + 1_000_000)} `) }) },
];
