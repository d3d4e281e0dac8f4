import type { TurnCut } from '../../src/schema/index.ts';
import { BAR_TOKEN } from './special-token.ts';

/** Special-token spellings an engine may drop from the text it returns: <|im_start|>, <|start_header_id|>, <｜User｜>, … */
const SPECIAL_TOKEN = new RegExp(BAR_TOKEN, 'g');

/** How much of the removed text is kept on the sample for audit. */
const KEEP = 2000;

export interface CutOptions {
  /** Finish reason the engine gave; a stop remnant can only sit at the end of a turn the engine stopped. */
  finishReason: string | null;
  /**
   * The engine drops special tokens from the returned text and leaves the matched stop string in it (TGI not streamed):
   * a stop like `<|im_start|>assistant` then shows only as a trailing "assistant".
   */
  stopRemnants: boolean;
}

/** A special token that ends the text. */
const TRAILING_SPECIAL = new RegExp(`(?:${BAR_TOKEN})$`);

/**
 * The text without the special token a stopped turn ends with, on an engine that keeps the token it stopped on in
 * its text (`stopTokenKept`, the setup's: TGI streamed; elsewhere the text as it is): its end-of-sequence token (<|im_end|>, <|return|>) or a stop string
 * that is one special token (gpt-oss's <|end|>, GLM's <|assistant|>). That token is the engine stopping where it
 * should, not part of the turn, and TGI's non-streamed text drops it too: it is removed whatever the suite and is
 * never recorded as a cut. A stop with a visible part (`<|im_start|>assistant`) does not end in a special token: it
 * stays, and cutAtStops cuts it as the run-on it is, as on every engine.
 */
export function dropStopToken(text: string, finishReason: string | null, stopTokenKept: boolean): string {
  if (!stopTokenKept || finishReason !== 'stop') return text;
  const m = TRAILING_SPECIAL.exec(text);
  return m ? text.slice(0, m.index) : text;
}

/**
 * The finish reason of a turn, read again where the engine says `length` for a turn that ended on the last token its
 * budget allowed (`endedAtBudget`, the setup's: TGI streamed, SGLang). TGI checks the budget before the end-of-sequence token
 * and the stops (server/text_generation_server/utils/tokens.py StoppingCriteria.__call__, lines 167-176 at
 * db931fcf42da018a3657580c64bf2720f167f9ab), and streamed its text ends with that token: a text ending with one of
 * the request's stops or the end-of-sequence token ended there, and is read as stopped (then dropStopToken and
 * cutAtStops treat it as any stop). Not streamed the token is not in the text, so nothing tells the two apart. SGLang
 * does the same (python/sglang/srt/managers/schedule_batch.py Req.check_finished) and keeps the token in either mode.
 */
export function finishAtBudget(text: string, finishReason: string, enders: readonly (string | null)[], endedAtBudget: boolean): string {
  if (!endedAtBudget || finishReason !== 'length') return finishReason;
  return enders.some((s) => s && text.endsWith(s)) ? 'stop' : finishReason;
}

/** The visible part of a stop marker once its special tokens are dropped ('' when nothing is left). */
export const visibleRemnant = (marker: string): string => marker.replace(SPECIAL_TOKEN, '').trim();

/**
 * Cut a returned turn at the first stop marker (end-of-turn token or role header of the template), whatever the
 * engine did: engines differ in whether their text keeps special tokens and whether stop strings can match them
 * (runners/engines/<engine>.ts). Returns the text before the marker and a record of the cut, or the text as
 * returned and null when no marker is in it.
 */
export function cutAtStops(text: string, markers: readonly string[], opts: CutOptions): { text: string; cut: TurnCut | null } {
  let at = -1;
  let found = '';
  for (const m of markers) {
    if (!m) continue;
    const i = text.indexOf(m);
    if (i >= 0 && (at < 0 || i < at || (i === at && m.length > found.length))) {
      at = i;
      found = m;
    }
  }
  if (at >= 0) return { text: text.slice(0, at), cut: { marker: found, kind: 'marker', raw_chars: text.length, removed: text.slice(at, at + KEEP) } };
  if (opts.stopRemnants && opts.finishReason === 'stop') {
    const end = text.trimEnd();
    let best: { at: number; marker: string } | null = null;
    for (const m of markers) {
      const rest = visibleRemnant(m);
      // Only markers that had special tokens leave a remnant that differs from the marker itself.
      if (rest === '' || rest === m.trim() || !end.endsWith(rest)) continue;
      const i = end.length - rest.length;
      // A remnant follows the turn's text directly (`Why 12?assistant`, or after a newline): the header's special token
      // stood between them and decodes to nothing. After a space it is the user's own word ("I am a new user", ended
      // by the end-of-sequence token, which TGI also reports as a stop), and cutting it would change the turn.
      if (i > 0 && (end[i - 1] === ' ' || end[i - 1] === '\t')) continue;
      if (!best || i < best.at) best = { at: i, marker: rest };
    }
    if (best) return { text: text.slice(0, best.at), cut: { marker: best.marker, kind: 'stop_remnant', raw_chars: text.length, removed: text.slice(best.at, best.at + KEEP) } };
  }
  return { text, cut: null };
}
