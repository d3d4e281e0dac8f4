import { readCsv } from '../../text/csv.ts';
import { sentTokenize } from '../../text/sentences.ts';
import { PUNCTUATION, deleteChars, lstrip, pySplit, strip } from '../../text/py.ts';
import { check, type InstructionCheck } from '../types.ts';

const PS = PUNCTUATION + ' ';

/** NFKD, then drop every non-ASCII character (Python `.encode('ASCII', 'ignore')`). */
function asciiFold(s: string): string {
  return s.normalize('NFKD').replace(/[^\x00-\x7f]/gu, '');
}

/** custom:character_reverse: contains "bald eagle" spelled backwards. */
export const characterReverse: InstructionCheck = (value) =>
  check(value.toLowerCase().includes('elgae dlab'), 'does not contain "elgae dlab"');

/** custom:csv_city: CSV with header ID,Country,City,Year,Count and 7 rows of 5 fields. */
export const csvCity: InstructionCheck = (value) => {
  const data = readCsv(value);
  if (data.length !== 8) return check(false, `${data.length} CSV rows, expected 8 (header + 7)`);
  if (JSON.stringify(data[0]) !== JSON.stringify(['ID', 'Country', 'City', 'Year', 'Count'])) return check(false, 'wrong CSV header');
  const bad = data.slice(1).findIndex((r) => r.length !== 5);
  return check(bad < 0, () => `row ${bad + 1} does not have 5 fields`);
};

/** custom:csv_quotes: tab-separated, header StudentID..Score, 3 rows, every field in double quotes. */
export const csvQuotes: InstructionCheck = (value) => {
  const header = strip(value.split('\n')[0] ?? '');
  if (!/^(StudentID|"StudentID")\t *(Subject|"Subject")\t *(Grade|"Grade")\t *(Semester|"Semester")\t *(Score|"Score")$/u.test(header))
    return check(false, 'wrong tab-separated header');
  const data = readCsv(value.replaceAll('"', '"""'), '\t');
  if (data.length !== 4) return check(false, `${data.length} rows, expected 4 (header + 3)`);
  for (const row of data) {
    if (row.length !== 5) return check(false, 'a row does not have 5 fields');
    for (const f of row) {
      const s = Array.from(strip(f));
      if (s.length === 0) throw new Error('empty field'); // the reference raises IndexError here
      if (s[0] !== '"' || s[s.length - 1] !== '"') return check(false, 'a field is not enclosed in double quotes');
    }
  }
  return check(true, '');
};

/** `re.match(r'".*[^\d\w\s].*"', field)` in linear time: on the field's first line, a leading quote, then a special character, then a later quote. */
function quotedWithSpecial(field: string): boolean {
  const line = field.split('\n')[0]!;
  if (line[0] !== '"') return false;
  const last = line.lastIndexOf('"');
  for (let p = 1; p < last; p++) if (!/[\p{L}\p{N}_\s]/u.test(line[p]!)) return true;
  return false;
}

/** custom:csv_special_character: header ProductID..Stock, 14 rows of 5 fields, a quoted field with a special character. */
export const csvSpecialCharacter: InstructionCheck = (value) => {
  const header = strip(value.split('\n')[0] ?? '');
  if (!/^(ProductID|"ProductID"),[ \t]*(Category|"Category"),[ \t]*(Brand|"Brand"),[ \t]*(Price|"Price"),[ \t]*(Stock|"Stock")$/u.test(header))
    return check(false, 'wrong CSV header');
  const data = readCsv(value.replaceAll('"', '"""'));
  if (data.length !== 15) return check(false, `${data.length} rows, expected 15 (header + 14)`);
  for (const row of data.slice(1)) {
    if (row.length !== 5) return check(false, 'a row does not have 5 fields');
    if (row.some(quotedWithSpecial)) return check(true, '');
  }
  return check(false, 'no quoted field with a special character');
};

/** custom:date_format_list: comma-separated YYYY-MM-DD dates between 1769 and 1821. */
export const dateFormatList: InstructionCheck = (value) => {
  for (const raw of strip(value).split(',')) {
    const d = strip(raw);
    if (!/^\d{4}-\d{2}-\d{2}$/u.test(d)) return check(false, `"${d.slice(0, 40)}" is not YYYY-MM-DD`);
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    if (y < 1769 || y > 1821) return check(false, `${d}: year outside Napoleon's life`);
    if (m > 12) return check(false, `${d}: invalid month`);
    if (([1, 3, 5, 7, 8, 10, 12].includes(m) && day > 31) || ([4, 6, 9, 11].includes(m) && day > 30) || (m === 2 && day > 29))
      return check(false, `${d}: invalid day`);
  }
  return check(true, '');
};

const CAPITALS = [
  'Reykjavik', 'Helsinki', 'Oslo', 'Tallinn', 'Stockholm', 'Riga', 'Moscow', 'Copenhagen', 'Vilnius', 'Minsk', 'Dublin',
  'Berlin', 'Amsterdam', 'Warsaw', 'London', 'Brussels', 'Prague', 'Luxembourg', 'Paris', 'Vienna', 'Bratislava',
  'Budapest', 'Vaduz', 'Chisinau', 'Bern', 'Ljubljana', 'Zagreb',
];

/** custom:european_capitals_sort: exactly the 27 capitals north of 45°, comma-separated, north to south. */
export const europeanCapitalsSort: InstructionCheck = (value) => {
  const caps = asciiFold(value).split(',').filter((c) => strip(c));
  if (caps.length !== CAPITALS.length) return check(false, `${caps.length} capitals, expected ${CAPITALS.length}`);
  const i = caps.findIndex((c, k) => strip(c) !== CAPITALS[k]);
  return check(i < 0, () => `capital ${i + 1} is "${strip(caps[i]!)}", expected ${CAPITALS[i]}`);
};

/** custom:mcq_count_length: 4 questions labelled "Question", 5 options each, progressively longer, nothing before. */
export const mcqCountLength: InstructionCheck = (value) => {
  const at = value.indexOf('Question');
  const from = at >= 0 ? value.slice(at) : value.slice(-1);
  if (from !== value) return check(false, 'text before the first "Question"');
  let qs = value.split(/\n*(?:Question \d+[.|):;]?\s*)/u);
  if (qs[0] === '') qs = qs.slice(1);
  qs = qs.map((q) => strip(q)).filter((q) => q);
  if (qs.length !== 4) return check(false, `${qs.length} questions, expected 4`);
  const lens: number[] = [];
  for (const q of qs) {
    let text = '';
    let options = 0;
    let done = false;
    for (const line of q.split('\n')) {
      if (/^[A-Ea-e][.|)]\s*[\p{L}\p{N}_]+/u.test(strip(line))) {
        options++;
        done = true;
      } else if (!done) text += ' ' + strip(line);
    }
    if (options !== 5) return check(false, `a question has ${options} options, expected 5`);
    lens.push(Array.from(strip(text)).length);
  }
  return check(lens.every((l, i) => i === 0 || lens[i - 1]! < l), 'questions do not get progressively longer');
};

/** custom:multiples: prints exactly 14, 21, 28, 35, 42, 49. */
export const multiples: InstructionCheck = (value) => {
  const nums = value.replaceAll(',', ', ').match(/\p{Nd}+/gu) ?? [];
  return check(nums.join(' ') === '14 21 28 35 42 49', () => `numbers printed: ${nums.slice(0, 12).join(', ')}`);
};

/** custom:reverse_newline: from Zimbabwe on, at least 52 lines in reverse alphabetical order. */
export const reverseNewline: InstructionCheck = (value) => {
  const lines = value.split('\n').map((l) => strip(l, PS)).filter((l) => l);
  const start = lines.findIndex((l) => l.includes('Zimbabwe'));
  if (start < 0) return check(false, 'no line with Zimbabwe');
  const target = lines.slice(start);
  if (target.length < 52) return check(false, `${target.length} lines from Zimbabwe on, expected at least 52`);
  const norm = target.map(asciiFold);
  const sorted = [...norm].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return check(norm.every((l, i) => l === sorted[i]), 'lines are not in reverse alphabetical order');
};

/** custom:sentence_alphabet: 26 sentences whose first words start with a, b, c, … z. */
export const sentenceAlphabet: InstructionCheck = (value) => {
  const s = sentTokenize(value);
  if (s.length !== 26) return check(false, `${s.length} sentences, expected 26`);
  for (let i = 0; i < 26; i++) {
    const w = pySplit(lstrip(s[i]!))[0];
    if (!w) return check(false, `sentence ${i + 1} is empty`);
    if (Array.from(w.toLowerCase())[0] !== String.fromCharCode(97 + i)) return check(false, `sentence ${i + 1} does not start with "${String.fromCharCode(97 + i)}"`);
  }
  return check(true, '');
};

/** custom:word_reverse: the words reversed form a sentence containing "bald eagle". */
export const wordReverse: InstructionCheck = (value) => {
  const v = pySplit(deleteChars(strip(value.toLowerCase()), PUNCTUATION)).reverse().join(' ');
  if (!v.includes('bald eagle')) return check(false, 'reversed text does not contain "bald eagle"');
  return check(sentTokenize(v).includes(v), 'reversed text is not a single sentence');
};
