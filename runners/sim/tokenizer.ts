/**
 * The simulator's tokenizer, behind its /tokenize routes: every special-token spelling (<|im_start|>, <think>,
 * [INST], …) is one id, other text splits into word-like pieces. Ids are a stable hash of the piece, so the same
 * text always gives the same ids and a special token never shares an id with ordinary text. With `splitSpecial`
 * special tokens are split like ordinary text, as a tokenizer that does not know them would.
 */
const SPECIAL = /<\|[^|<>\s]{1,40}\|>|<\/?[A-Za-z_][A-Za-z0-9_]{0,40}>|\[\/?[A-Za-z_]{2,40}\]/g;
/** Word-like pieces: a word with its leading space, a digit, a run of spaces, a sign. */
const PIECE = / ?[A-Za-z]+| ?\d|\s+|[^\sA-Za-z\d]/g;
const SPECIAL_BASE = 1_000_000;

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface SimToken {
  id: number;
  piece: string;
}

export function simTokenize(text: string, splitSpecial: boolean): SimToken[] {
  const out: SimToken[] = [];
  const plain = (s: string) => {
    for (const m of s.matchAll(PIECE)) out.push({ id: hash(m[0]) % SPECIAL_BASE, piece: m[0] });
  };
  let last = 0;
  for (const m of text.matchAll(SPECIAL)) {
    plain(text.slice(last, m.index));
    if (splitSpecial) plain(m[0]);
    else out.push({ id: SPECIAL_BASE + (hash(m[0]) % SPECIAL_BASE), piece: m[0] });
    last = m.index + m[0].length;
  }
  plain(text.slice(last));
  return out;
}
