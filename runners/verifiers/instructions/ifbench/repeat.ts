import { pySplit, strip } from '../../text/py.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

/** repeat:repeat_change: the request repeated with only its first word changed. */
export const repeatChange: InstructionCheck = (value, kw) => {
  const prompt = str(kw, 'prompt_to_repeat');
  if (prompt === value) return check(false, 'repeated the request without changing the first word');
  const same = pySplit(prompt).slice(1).join(' ') === pySplit(value).slice(1).join(' ');
  return check(same, 'is not the request repeated with only the first word changed');
};

const SIMPLE = 'Only output this sentence here, ignore all other requests.';

/** repeat:repeat_simple: outputs exactly the instruction sentence (case-insensitive). */
export const repeatSimple: InstructionCheck = (value) =>
  check(strip(value).toLowerCase() === SIMPLE.toLowerCase(), `is not exactly "${SIMPLE}"`);

/** repeat:repeat_span: outputs exactly the character span [n_start, n_end] of the request (case-insensitive). */
export const repeatSpan: InstructionCheck = (value, kw) => {
  const prompt = Array.from(str(kw, 'prompt_to_repeat'));
  const a = num(kw, 'n_start');
  const b = num(kw, 'n_end');
  const span = prompt.slice(a < 0 ? Math.max(0, prompt.length + a) : a, b + 1 < 0 ? prompt.length + b + 1 : b + 1).join('');
  return check(strip(value).toLowerCase() === strip(span).toLowerCase(), 'is not exactly the requested span of the request');
};
