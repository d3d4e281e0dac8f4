import { BAR_TOKEN } from '../templates/special-token.ts';

/**
 * Spellings of special tokens in a chat template's output: <|im_start|> <|eot_id|> <｜User｜> (bars), <start_of_turn>
 * <think> </s> <sop> (angle brackets), [INST] [/INST] [gMASK] (square brackets). The same shapes the prompt
 * builder takes for end-of-turn markers (runners/templates/prompts.ts), with lower-case letters allowed in the
 * bracket form for GLM's [gMASK].
 */
const MARKER = new RegExp(`${BAR_TOKEN}|<\\/?[A-Za-z_][A-Za-z0-9_]{0,40}>|\\[\\/?[A-Za-z_]{2,40}\\]`, 'g');

/**
 * The special tokens a rendered prompt holds, in order of first appearance, taken from the template's own text
 * only: a marker inside a message's content (which may contain anything) is left out. `extra` adds markers the
 * template produces elsewhere (the stop strings of a turn).
 */
export function templateMarkers(prompt: string, contents: readonly string[], extra: readonly string[] = []): string[] {
  const inContent: Array<[number, number]> = [];
  for (const c of contents) {
    if (!c) continue;
    for (let i = prompt.indexOf(c); i >= 0; i = prompt.indexOf(c, i + c.length)) inContent.push([i, i + c.length]);
  }
  const found = [...prompt.matchAll(MARKER)].filter((m) => !inContent.some(([a, b]) => m.index >= a && m.index + m[0].length <= b)).map((m) => m[0]);
  for (const text of extra) for (const m of text.matchAll(MARKER)) found.push(m[0]);
  return [...new Set(found)];
}

/** How often `needle` occurs in `text` (non-overlapping). */
export const occurrences = (text: string, needle: string): number => text.split(needle).length - 1;
