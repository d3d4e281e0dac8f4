import { countMatches, pyRegExp, strip } from '../../text/py.ts';
import { countLineStarts, doubleAngleTitles } from '../../text/scan.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

/** detectable_format:number_bullet_lists: exactly N markdown bullets (`* ` or `- ` lines). */
export const numberBulletLists: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_bullets');
  // re.findall(r"^\s*\*[^\*].*$") + re.findall(r"^\s*-.*$") (MULTILINE), in linear time
  const actual = countLineStarts(value, '*', (c) => c !== undefined && c !== '*') + countLineStarts(value, '-');
  return check(actual === n, () => `${actual} bullet points, expected exactly ${n}`);
};

const OPTIONS = ['My answer is yes.', 'My answer is no.', 'My answer is maybe.'];

/** detectable_format:constrained_response: contains one of the three fixed answers. */
export const constrainedResponse: InstructionCheck = (value) => {
  const v = strip(value);
  return check(OPTIONS.some((o) => v.includes(o)), 'none of "My answer is yes./no./maybe." found');
};

/** detectable_format:number_highlighted_sections: at least N non-empty `*highlighted*` (or `**bold**`) sections. */
export const numberHighlightedSections: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_highlights');
  let count = 0;
  for (const m of value.matchAll(/\*[^\n*]*\*/gu)) if (strip(m[0].replace(/^\*+|\*+$/gu, ''))) count++;
  for (const m of value.matchAll(/\*\*[^\n*]*\*\*/gu)) if (strip(m[0].slice(2, -2))) count++;
  return check(count >= n, () => `${count} highlighted sections, expected at least ${n}`);
};

/** detectable_format:multiple_sections: at least N sections marked `<Section splitter> <number>`. */
export const multipleSections: InstructionCheck = (value, kw) => {
  const splitter = str(kw, 'section_spliter').trim();
  const n = num(kw, 'num_sections');
  const actual = countMatches(pyRegExp(`\\s?${splitter}\\s?\\d+\\s?`, 'g'), value);
  return check(actual >= n, () => `${actual} sections marked "${splitter} X", expected at least ${n}`);
};

function removePrefix(s: string, p: string): string {
  return s.startsWith(p) ? s.slice(p.length) : s;
}

/** Python's json.loads also accepts NaN, Infinity and -Infinity as values. */
function pyJsonLoads(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    if (!/NaN|Infinity/u.test(s)) return false;
    try {
      JSON.parse(s.replace(/("(?:[^"\\]|\\.)*")|-?Infinity|NaN/gu, (m, q: string | undefined) => q ?? '0'));
      return true;
    } catch {
      return false;
    }
  }
}

/** detectable_format:json_format: the whole response (optionally in a ``` fence) parses as JSON. */
export const jsonFormat: InstructionCheck = (value) => {
  let v = strip(value);
  for (const p of ['```json', '```Json', '```JSON', '```']) v = removePrefix(v, p);
  if (v.endsWith('```')) v = v.slice(0, -3);
  v = strip(v);
  return check(pyJsonLoads(v), 'the response is not valid JSON');
};

/** detectable_format:title: contains a non-empty title in double angular brackets `<<title>>`. */
export const title: InstructionCheck = (value) => {
  for (const t of doubleAngleTitles(value)) if (strip(t.replace(/^<+/u, '').replace(/>+$/u, ''))) return check(true, '');
  return check(false, 'no <<title>> found');
};
