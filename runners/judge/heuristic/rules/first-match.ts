import { matchesAny } from '../text/any-match.ts';

/**
 * The first match of the first pattern, in list order, that matches `text` and that `accept` takes (a rejected match
 * moves on to the next pattern). Rules list their patterns from most to least specific, so the order is the rule.
 */
export function firstMatch(patterns: readonly RegExp[], text: string, accept: (m: RegExpExecArray) => boolean = () => true): RegExpExecArray | null {
  if (!matchesAny(patterns, text)) return null;
  for (const re of patterns) {
    const m = re.exec(text);
    if (m && accept(m)) return m;
  }
  return null;
}
