/**
 * Spellings of special tokens in a chat template's output: <|im_start|> <|eot_id|> (pipes), <start_of_turn>
 * <think> </s> <sop> (angle brackets), [INST] [/INST] [gMASK] (square brackets). The same shapes the prompt
 * builder takes for end-of-turn markers (runners/templates/prompts.ts), with lower-case letters allowed in the
 * bracket form for GLM's [gMASK].
 */
const MARKER = /<\|[^|<>\s]{1,40}\|>|<\/?[A-Za-z_][A-Za-z0-9_]{0,40}>|\[\/?[A-Za-z_]{2,40}\]/g;

/**
 * The special tokens a rendered prompt holds, in order of first appearance, taken from the template's own text
 * only: the message contents (which may contain anything) are blanked first. `extra` adds markers the template
 * produces elsewhere (the stop strings of a turn).
 */
export function templateMarkers(prompt: string, contents: readonly string[], extra: readonly string[] = []): string[] {
  let scaffold = prompt;
  for (const c of contents) if (c) scaffold = scaffold.split(c).join('\u0000');
  const out: string[] = [];
  for (const text of [scaffold, ...extra]) for (const m of text.matchAll(MARKER)) if (!out.includes(m[0])) out.push(m[0]);
  return out;
}

/** How often `needle` occurs in `text` (non-overlapping). */
export const occurrences = (text: string, needle: string): number => text.split(needle).length - 1;
