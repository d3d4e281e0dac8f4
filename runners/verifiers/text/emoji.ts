/**
 * Python `emoji.is_emoji(ch)` for one code point. The reference checks single characters against the emoji
 * package's table; we use Unicode properties: Extended_Pictographic, skin-tone modifiers and regional indicators.
 * Divergence: a few pictographs the emoji package does not list (reserved code points in the pictographic blocks)
 * count as emoji here.
 */
const EMOJI_RE = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]$/u;

export function isEmojiChar(ch: string | undefined): boolean {
  return ch !== undefined && EMOJI_RE.test(ch);
}
