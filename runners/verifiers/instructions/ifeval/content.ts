import { pyRegExp } from '../../text/py.ts';
import { countBracketPairs } from '../../text/scan.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

/** detectable_content:number_placeholders: at least N `[placeholder]`s. */
export const numberPlaceholders: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_placeholders');
  const actual = countBracketPairs(value); // re.findall(r"\[.*?\]")
  return check(actual >= n, () => `${actual} [placeholders], expected at least ${n}`);
};

/** detectable_content:postscript: a line containing the postscript marker (P.S. / P.P.S / other), case-insensitive. */
export const postscript: InstructionCheck = (value, kw) => {
  const marker = str(kw, 'postscript_marker').trim();
  const lower = value.toLowerCase();
  // The reference's patterns start with \s* and end with .*$, which cannot change whether there is a match;
  // dropping them keeps the answer and avoids quadratic backtracking on long whitespace.
  let re: RegExp;
  if (marker === 'P.P.S') re = /p\.\s?p\.\s?s/u;
  else if (marker === 'P.S.') re = /p\.\s?s\./u;
  else re = pyRegExp(marker.toLowerCase(), '');
  return check(re.test(lower), `no postscript starting with ${marker}`);
};
