import { strip } from '../../text/py.ts';
import { check, str, type InstructionCheck } from '../types.ts';

/** combination:two_responses: exactly two different responses separated by `******`. */
export const twoResponses: InstructionCheck = (value) => {
  const parts = value.split('******');
  const valid: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (!strip(parts[i]!)) {
      if (i !== 0 && i !== parts.length - 1) return check(false, 'an empty response between two ****** separators');
    } else valid.push(parts[i]!);
  }
  if (valid.length !== 2) return check(false, `${valid.length} responses separated by ******, expected 2`);
  return check(strip(valid[0]!) !== strip(valid[1]!), 'the two responses are identical');
};

/** combination:repeat_prompt: starts by repeating the request word for word (case-insensitive). */
export const repeatPrompt: InstructionCheck = (value, kw) => {
  const want = strip(str(kw, 'prompt_to_repeat')).toLowerCase();
  return check(strip(value).toLowerCase().startsWith(want), 'does not start with the request repeated word for word');
};
