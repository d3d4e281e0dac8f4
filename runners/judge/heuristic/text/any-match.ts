/**
 * Whether any pattern of a list matches somewhere in `text`: most turns match none of a rule's cue list, and one scan
 * per flag set says so instead of one scan per pattern. The list's patterns are joined into one alternation per flag
 * set, which matches somewhere exactly when one of them does. A list with a stateful pattern (g, y) or one whose
 * groups are referred to by number or name (joining would renumber them) is not joined: it always answers true.
 */
export function matchesAny(patterns: readonly RegExp[], text: string): boolean {
  let alternations = joined.get(patterns);
  if (alternations === undefined) {
    alternations = join(patterns);
    joined.set(patterns, alternations);
  }
  return alternations.some((re) => re.test(text));
}

/** Lists are module constants: each is joined once. */
const joined = new WeakMap<readonly RegExp[], RegExp[]>();
const ANYWHERE = [/(?:)/];

function join(patterns: readonly RegExp[]): RegExp[] {
  if (patterns.some((re) => re.global || re.sticky || /\\[1-9]|\\k<|\(\?<[^=!]/.test(re.source))) return ANYWHERE;
  const byFlags = new Map<string, string[]>();
  for (const re of patterns) byFlags.set(re.flags, [...(byFlags.get(re.flags) ?? []), `(?:${re.source})`]);
  return [...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags));
}
