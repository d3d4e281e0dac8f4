import type { ShortenedField } from '../../../src/schema/index.ts';

/**
 * How a judge prompt keeps a runaway field (a 20,000-character answer, a looping user turn) inside the judge's
 * context. `middle` keeps the head and the tail and puts a visible marker between them: the end of a user turn
 * (a role header, a loop, a sign-off) matters as much as its start. `head` is judge-v1's cut, kept byte for byte
 * so judge-v1 requests (and their cached verdicts) stay what they were.
 */
export interface FieldLimit {
  /** Characters of the original text kept (head + tail); the marker comes on top. */
  max_chars: number;
  mode: 'head' | 'middle';
  /** Marker template; `{n}` is the number of characters left out, written with thousands separators. */
  marker: string;
}

export type FieldName = ShortenedField['field'];

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The marker with its count, e.g. `[… 12,345 characters omitted …]`. */
export function shortenMarker(limit: FieldLimit, omitted: number): string {
  return limit.marker.replace('{n}', () => omitted.toLocaleString('en-US'));
}

/**
 * Shorten one field if it is longer than the limit; the record says what was done (null when the text is
 * untouched). Lengths are JavaScript string lengths (UTF-16 code units); a cut never splits a surrogate pair.
 */
export function shortenField(field: FieldName, text: string, limit: FieldLimit): { text: string; record: ShortenedField | null } {
  if (text.length <= limit.max_chars) return { text, record: null };
  if (limit.mode === 'head') {
    // judge-v1's exact cut and wording (see the FieldLimit comment).
    const kept = limit.max_chars;
    return { text: `${text.slice(0, kept)} […truncated: ${text.length - kept} more characters]`, record: { field, original_chars: text.length, kept_chars: kept } };
  }
  let headEnd = Math.ceil(limit.max_chars / 2);
  let tailStart = text.length - (limit.max_chars - headEnd);
  if (headEnd > 0 && isHigh(text.charCodeAt(headEnd - 1))) headEnd--;
  if (tailStart < text.length && isLow(text.charCodeAt(tailStart))) tailStart++;
  const omitted = tailStart - headEnd;
  return {
    text: `${text.slice(0, headEnd)}\n${shortenMarker(limit, omitted)}\n${text.slice(tailStart)}`,
    record: { field, original_chars: text.length, kept_chars: text.length - omitted },
  };
}
