import { strip } from '../../text/py.ts';
import { check, str, type InstructionCheck } from '../types.ts';

/** startend:end_checker: ends with the exact phrase (case-insensitive; surrounding whitespace and `"` ignored). */
export const endChecker: InstructionCheck = (value, kw) => {
  const phrase = strip(str(kw, 'end_phrase')).toLowerCase();
  const v = strip(strip(value), '"').toLowerCase();
  return check(v.endsWith(phrase), () => `does not end with "${phrase}"`);
};

/** startend:quotation: the whole response is wrapped in double quotation marks. */
export const quotation: InstructionCheck = (value) => {
  const v = strip(value);
  const cps = Array.from(v);
  return check(cps.length > 1 && cps[0] === '"' && cps[cps.length - 1] === '"', 'not wrapped in double quotation marks');
};
