import { countMatches, pyRegExp } from '../../text/py.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

/** detectable_content:number_placeholders: at least N `[placeholder]`s. */
export const numberPlaceholders: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_placeholders');
  const actual = countMatches(/\[.*?\]/gu, value);
  return check(actual >= n, () => `${actual} [placeholders], expected at least ${n}`);
};

/** detectable_content:postscript: a line containing the postscript marker (P.S. / P.P.S / other), case-insensitive. */
export const postscript: InstructionCheck = (value, kw) => {
  const marker = str(kw, 'postscript_marker').trim();
  const lower = value.toLowerCase();
  let re: RegExp;
  if (marker === 'P.P.S') re = /\s*p\.\s?p\.\s?s.*$/mu;
  else if (marker === 'P.S.') re = /\s*p\.\s?s\..*$/mu;
  else re = pyRegExp(`\\s*${marker.toLowerCase()}.*$`, 'm');
  return check(re.test(lower), `no postscript starting with ${marker}`);
};
