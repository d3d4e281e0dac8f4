import { isEmojiChar } from '../../text/emoji.ts';
import { sentTokenize } from '../../text/sentences.ts';
import { wordTokenize } from '../../text/words.ts';
import { DIGITS, PUNCTUATION, countMatches, deleteChars, escapeRegExp, isAlpha, isLower, isSpace, isUpper, pySplit, strip } from '../../text/py.ts';
import { check, str, type InstructionCheck } from '../types.ts';

/** format:emoji: every sentence ends with an emoji (or the next sentence starts with one). */
export const emoji: InstructionCheck = (value) => {
  const s = sentTokenize(value);
  for (let i = 0; i < s.length; i++) {
    const cps = Array.from(strip(deleteChars(s[i]!, PUNCTUATION)));
    if (cps.length === 0) return check(false, `sentence ${i + 1} is only punctuation`);
    const last = cps[cps.length - 1];
    const second = cps.length > 1 ? cps[cps.length - 2] : last;
    if (isEmojiChar(last) || isEmojiChar(second)) continue;
    if (i < s.length - 1) {
      const next = Array.from(strip(deleteChars(s[i + 1]!, PUNCTUATION)));
      if (next.length === 0) return check(false, `sentence ${i + 2} is only punctuation`);
      if (isEmojiChar(next[0])) continue;
    }
    return check(false, `sentence ${i + 1} does not end with an emoji`);
  }
  return check(true, '');
};

/**
 * The reference removes blank lines while iterating over the same list (`for line in lines: lines.remove(line)`):
 * each removal takes the first equal string and makes the loop skip the next line. Same result, in linear time:
 * walk the lines skipping the one after each blank, count the blank strings seen, then drop that many first
 * occurrences of each.
 */
function removeBlankLinesLikeReference(lines: string[]): string[] {
  const toRemove = new Map<string, number>();
  for (let j = 0; j < lines.length; j++) {
    if (!strip(lines[j]!)) {
      toRemove.set(lines[j]!, (toRemove.get(lines[j]!) ?? 0) + 1);
      j++;
    }
  }
  const out: string[] = [];
  for (const l of lines) {
    const k = toRemove.get(l);
    if (k) toRemove.set(l, k - 1);
    else out.push(l);
  }
  return out;
}

function indent(line: string): number {
  let n = 0;
  while (n < line.length && line[n] === ' ') n++;
  return n;
}

/** format:line_indent: each line is indented further than the previous one (blank lines mostly ignored, as the reference). */
export const lineIndent: InstructionCheck = (value) => {
  const lines = removeBlankLinesLikeReference(value.split('\n'));
  for (let i = 0; i + 1 < lines.length; i++) {
    if (indent(lines[i + 1]!) <= indent(lines[i]!)) return check(false, `line ${i + 2} is not indented more than line ${i + 1}`);
  }
  return check(true, '');
};

/** format:list: the custom bullet marker appears at least twice. */
export const list: InstructionCheck = (value, kw) => {
  const sep = str(kw, 'sep');
  const n = countMatches(new RegExp(escapeRegExp(sep), 'gu'), value);
  return check(n >= 2, () => `marker "${sep}" used ${n} times, expected at least 2`);
};

/** format:newline: one word per line. */
export const newline: InstructionCheck = (value) => {
  const v = deleteChars(value, PUNCTUATION);
  const lines = strip(v).split('\n').filter((l) => l !== '');
  const words = pySplit(strip(v)).length;
  return check(lines.length === words, `${words} words on ${lines.length} lines`);
};

/** format:no_bullets_bullets: at least two sentences, then at least two `*` bullets, nothing else. */
export const noBulletsBullets: InstructionCheck = (value) => {
  let inSentences = true;
  let sentences = 0;
  let bullets = 0;
  for (const line of value.split('\n')) {
    if (strip(line).startsWith('*')) {
      inSentences = false;
      if (sentences < 2) return check(false, `a bullet after only ${sentences} sentence(s)`);
      bullets++;
    } else if (inSentences) {
      const n = sentTokenize(strip(line)).length;
      sentences += n;
      inSentences = n > 0; // the reference keeps the sentence list, which is falsy when a line is blank
    } else return check(false, 'text after the bullet points (or a blank line before them)');
  }
  return check(bullets >= 2, `${bullets} bullet points, expected at least 2`);
};

/** format:no_whitespace: no whitespace at all. */
export const noWhitespace: InstructionCheck = (value) => check(!Array.from(value).some(isSpace), 'contains whitespace');

/** format:options: the response is exactly one of the options. */
export const options: InstructionCheck = (value, kw) => {
  const text = str(kw, 'options');
  const strict = /^[^\p{L}\p{N}_]*[aA][^\p{L}\p{N}_]*[bB][^\p{L}\p{N}_]*[cC]/u.test(text);
  const sep = text.includes('/') ? '/' : text.includes('or') ? 'or' : ',';
  const opts = text.split(sep).map((o) => strip(o));
  if (strict) return check(opts.includes(value), () => `not exactly one of: ${opts.join(' | ')}`);
  const v = strip(value, PUNCTUATION + ' ').toLowerCase();
  return check(opts.some((o) => strip(o, PUNCTUATION + ' ').toLowerCase() === v), () => `not one of: ${opts.join(' | ')}`);
};

/** format:output_template: contains "My Answer:", "My Conclusion:" and "Future Outlook:". */
export const outputTemplate: InstructionCheck = (value) => {
  const missing = ['My Answer:', 'My Conclusion:', 'Future Outlook:'].filter((p) => !value.includes(p));
  return check(missing.length === 0, () => `missing ${missing.join(', ')}`);
};

/** format:parentheses: brackets nested at least 5 levels deep, properly closed. */
export const parentheses: InstructionCheck = (value) => {
  let levels: string[] = [];
  let maxDepth = 0;
  const pair: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const ch of value) {
    if (ch === '(' || ch === '[' || ch === '{') {
      levels.push(ch);
      if (levels.length > maxDepth) maxDepth = levels.length;
    } else if (ch === ')' || ch === ']' || ch === '}') {
      if (levels.length && levels[levels.length - 1] === pair[ch]) {
        levels.pop();
        if (maxDepth >= 5 && levels.length < maxDepth) return check(true, '');
      } else {
        levels = [];
        maxDepth = 0;
      }
    }
  }
  return check(false, 'no brackets nested 5 levels deep');
};

/** format:quote_unquote: no two quotations back to back, and the text does not end with a quotation. */
export const quoteUnquote: InstructionCheck = (value) => {
  let v = value.replaceAll('\'"\'', '');
  v = pySplit(v).join('');
  if (v.includes('""')) return check(false, 'a quotation directly follows another, without an explanation');
  const s = strip(v, DIGITS + PUNCTUATION.replace('"', ''));
  return check(!(s && s.endsWith('"')), 'ends with a quotation, without an explanation');
};

/** format:quotes: quotes nested at least 3 levels deep, alternating " and '. */
export const quotes: InstructionCheck = (value) => {
  const levels: string[] = [];
  let reached = 0;
  let depth = 0;
  for (const ch of value) {
    if (levels.length && ch === levels[levels.length - 1]) {
      levels.pop();
      depth--;
      if (reached - depth >= 3) return check(true, '');
    } else if (ch === '"' || ch === "'") {
      levels.push(ch);
      depth++;
      if (depth > reached) reached = depth;
    }
  }
  return check(false, 'no quotes nested 3 levels deep');
};

/** format:sub-bullets: every `*` bullet is followed by a `-` sub-bullet. */
export const subBullets: InstructionCheck = (value) => {
  const parts = value.split('*');
  for (let i = 1; i < parts.length; i++) if (!parts[i]!.includes('-')) return check(false, `bullet ${i} has no "-" sub-bullet`);
  return check(true, '');
};

/** format:thesis: an HTML-italic thesis (`<i>` / `<em>`) followed by more text. */
export const thesis: InstructionCheck = (value) => {
  let index = value.indexOf('<i>');
  if (index === -1) index = value.indexOf('<em>');
  if (index === -1) return check(false, 'no <i> or <em> thesis');
  const v = value.slice(index);
  let end = v.indexOf('</i>');
  if (end === -1) end = v.indexOf('</em>');
  if (end === -1) return check(false, 'italic thesis is not closed');
  if (!strip(v.slice(3, Math.max(3, end)))) return check(false, 'empty italic thesis');
  return check(strip(v.slice(end + 4)) !== '', 'no text after the italic thesis');
};

/** format:title_case: every word is capitalised (first letter upper, the rest lower). */
export const titleCase: InstructionCheck = (value) => {
  for (const w of wordTokenize(value)) {
    const cps = Array.from(w);
    if (!cps.length || !isAlpha(cps[0]!)) continue;
    const rest = cps.slice(1).join('');
    if (cps.length === 1) {
      if (isLower(cps[0]!)) return check(false, `"${w}" is not capitalised`);
      continue;
    }
    if (isUpper(cps[0]!) && isLower(rest)) continue;
    if (isLower(cps[0]!) && (isUpper(rest) || isLower(rest))) return check(false, `"${w}" is not capitalised`);
  }
  return check(true, '');
};
