import type { ParseArgsConfig } from 'node:util';
import { editDistance } from '../../src/schema/index.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The option a word names (`--limit`, `-o`), if it is a known flag that takes a value written separately. */
function valueFlag(word: string, options: Options): boolean {
  if (word.startsWith('--')) return !word.includes('=') && options[word.slice(2)]?.type === 'string';
  if (/^-[^-]$/.test(word)) return Object.values(options).some((o) => o.short === word[1] && o.type === 'string');
  return false;
}

/**
 * `--limit -1` rewritten as `--limit=-1` (`-n -1` as `-n-1`): node:util parseArgs refuses a value starting with "-"
 * as ambiguous, so a negative number would never reach the flag's own range message. Words after `--` stay as given.
 */
export function joinNegativeValues(argv: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    if (next !== undefined && /^-\.?\d/.test(next) && valueFlag(word, options)) {
      out.push(word.startsWith('--') ? `${word}=${next}` : `${word}${next}`);
      i++;
    } else out.push(word);
  }
  return out;
}

/**
 * The message for an unknown flag: `unknown option --limt (did you mean --limit?)`, the guess only when a known flag
 * is at most two edits away (Node's own text quotes unevenly and suggests nothing).
 */
export function unknownOptionMessage(word: string, options: Options): string {
  const name = word.replace(/=.*$/s, '');
  if (!name.startsWith('--')) return `unknown option ${name}`;
  const best = Object.keys(options)
    .map((known) => ({ known, d: editDistance(name.slice(2), known) }))
    .filter(({ d }) => d <= 2)
    .sort((x, y) => x.d - y.d)[0];
  return best ? `unknown option ${name} (did you mean --${best.known}?)` : `unknown option ${name}`;
}
