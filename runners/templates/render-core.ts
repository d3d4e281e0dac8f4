import { Environment, Template } from '@huggingface/jinja';
import type { ChatMessage, ChatTemplate } from './render-types.ts';

/**
 * Fixed date for templates that print today's date (Llama 3.x): the probe must not change with the calendar.
 * "26 Jul 2024" is Llama 3.1's own default `date_string`; passing it also keeps Llama 3.2 from calling strftime_now.
 */
const FIXED_DATE = new Date(Date.UTC(2024, 6, 26));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function fixedStrftime(fmt: string): string {
  const d = FIXED_DATE;
  const pad = (n: number) => String(n).padStart(2, '0');
  return fmt.replace(/%([dmYybBHMS%])/g, (_, c: string) => {
    switch (c) {
      case 'd': return pad(d.getUTCDate());
      case 'm': return pad(d.getUTCMonth() + 1);
      case 'Y': return String(d.getUTCFullYear());
      case 'y': return pad(d.getUTCFullYear() % 100);
      case 'b': return MONTHS[d.getUTCMonth()]!;
      case 'B': return MONTHS_LONG[d.getUTCMonth()]!;
      case '%': return '%';
      default: return '00';
    }
  });
}

/**
 * The interpreter's own strftime_now prints the clock (gpt-oss's template calls it), and a built-in cannot be
 * overridden by a render variable (Template.render declares each one after its globals, and a second declaration
 * throws). So the global itself is the fixed-date version: Environment.set is where the interpreter declares it. A
 * template that took the function by another name (`{% set f = strftime_now %}{{ f("%H:%M") }}`) got the real clock
 * when calls were renamed in the text, and could render its markers differently from one call to the next. This
 * module runs in the render process only (render-child.ts), whose interpreter renders nothing else.
 */
const declare = Environment.prototype.set;
/**
 * The interpreter's raise_exception throws the template's own words alone ("no"), which read as the runner's; a
 * refusal then says the template raised them ("Conversation roles must alternate user/assistant/…" of Llama 2 style
 * templates is one a submitter should recognise as the template's).
 */
const raiseException = (args: unknown): never => {
  throw new Error(`the template raised an error: ${String(args)}`);
};
Environment.prototype.set = function (this: Environment, name: string, value: unknown) {
  return declare.call(this, name, name === 'strftime_now' ? fixedStrftime : name === 'raise_exception' ? raiseException : value);
};

const compiled = new Map<string, Template>();
function compile(src: string): Template {
  let t = compiled.get(src);
  if (!t) {
    t = new Template(src);
    compiled.set(src, t);
  }
  return t;
}

/**
 * Render a template in the jinja interpreter of this thread; template kwargs cannot override messages or the
 * tokens. Only the render worker calls this: templates come from submissions and are rendered under its limits.
 */
export function renderInThisThread(
  tpl: ChatTemplate,
  messages: ChatMessage[],
  addGenerationPrompt: boolean,
  kwargs: Record<string, unknown> = {},
): string {
  return compile(tpl.template).render({
    date_string: fixedStrftime('%d %b %Y'),
    ...kwargs,
    messages,
    add_generation_prompt: addGenerationPrompt,
    bos_token: tpl.bos_token ?? '',
    eos_token: tpl.eos_token ?? '',
  });
}
