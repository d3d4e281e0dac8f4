import { BIDI_CONTROL, codePointEscape, replaceHidden } from '../../src/schema/text.ts';

/**
 * Markdown for PR comments built from untrusted text (submission fields, file names, validation messages that
 * quote them). Two ways in, both safe on GitHub Flavored Markdown:
 *
 * - `text(s)`: plain prose. Every ASCII punctuation character is backslash-escaped (so no emphasis, links,
 *   images, HTML, entities, tables or code spans can start), and the triggers GitHub recognises on rendered
 *   text (mentions `@user`, issue references `#1`, bare URLs `https://…`, `www.…`, e-mail autolinks) are
 *   broken with a zero-width space so they render as the same characters but never link or notify.
 * - `code(s)`: an inline code span whose fence is longer than any run of backticks inside it, so the text
 *   cannot close the span early; inside a code span GitHub links nothing, mentions nobody and renders no HTML.
 *
 * Both flatten line breaks and control characters to spaces (a newline would end a table row or start a new
 * block), replace bidirectional-override characters (Trojan-Source style tricks), write every other character drawn
 * as nothing as `\uXXXX` (a zero-width space or tag characters in an unknown key showed as nothing inside its code
 * span), and truncate long text. Which characters is the schema's rule for names (src/schema/text.ts), emoji
 * sequences included.
 */

const ZWSP = '\u200B';
const DEFAULT_MAX = 300;

/** Control characters (C0, DEL, C1) and line/paragraph separators. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** A character the schema's rule refuses, as a comment shows it: a space, U+FFFD for a bidi control, else its escape. */
const shown = (c: string): string => (CONTROL.test(c) ? ' ' : BIDI_CONTROL.test(c) ? '\uFFFD' : codePointEscape(c));

/** One line of plain text: controls become spaces, bidi controls U+FFFD, invisible ones `\uXXXX`, trimmed to `max` code points. */
export function flatten(s: string, max = DEFAULT_MAX): string {
  const flat = replaceHidden(s.replace(/[\t\n]/g, ' '), shown);
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** Plain prose: safe anywhere inline, including inside a table cell. */
export function text(s: string, max = DEFAULT_MAX): string {
  const escaped = flatten(s, max).replace(/[!-\/:-@\[-`{-~]/g, (c) => `\\${c}`);
  return escaped
    .replace(/\\@/g, `\\@${ZWSP}`) // mentions, team mentions and e-mail autolinks
    .replace(/\\#/g, `\\#${ZWSP}`) // issue / PR references
    .replace(/\\:/g, `${ZWSP}\\:`) // scheme autolinks (https://, mailto:, xmpp:)
    .replace(/(w)(w)(w)(\\\.)/gi, `$1$2$3${ZWSP}$4`) // www. autolinks
    .replace(/\b(gh)(\\-)(\d)/gi, `$1${ZWSP}$2$3`); // GH-123 references
}

/** Inline code span that the content cannot break out of. `inTable` escapes `|`, which GFM splits cells on. */
export function code(s: string, opts: { max?: number; inTable?: boolean } = {}): string {
  let body = flatten(s, opts.max ?? DEFAULT_MAX);
  if (opts.inTable) body = body.replace(/\|/g, '\\|');
  if (body.trim() === '') return '(empty)';
  const longestRun = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence} ${body} ${fence}`;
}

/** A fenced code block (for commands). The fence is longer than any backtick or tilde run in the body. */
export function codeBlock(body: string, lang = ''): string {
  const clean = replaceHidden(body, shown);
  const longestRun = Math.max(2, ...Array.from(clean.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${/^[a-z]*$/.test(lang) ? lang : ''}\n${clean}\n${fence}`;
}

/** A GFM table row from already-escaped cells. */
export function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/**
 * The first `max` characters of a Markdown body, cut at a line end. Untrusted text is inert only inside its
 * escapes and code spans, which never span lines here; a cut inside a line could drop a span's closing fence
 * and hand the rest of the line to the Markdown parser.
 */
export function cutAtLine(body: string, max: number): string {
  if (body.length <= max) return body;
  const end = body.lastIndexOf('\n', max);
  return end > 0 ? body.slice(0, end) : '';
}
