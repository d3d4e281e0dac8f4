/**
 * Text that looks like an API key or token of a well-known service. A submission is public (the site, the pull
 * request comment): a key pasted into `notes` or a template variable would be published. Pure, so the schema
 * side and the runners can share it; runners/io/secrets.ts redacts the values the process actually holds.
 */

/** Well-known prefixes, each with what it is (named in the message instead of the value). */
const PREFIXED: Array<[RegExp, string]> = [
  [/sk-/, 'an OpenAI-style API key (sk-…)'],
  [/github_pat_|gh[pousr]_/, 'a GitHub token'],
  [/hf_/, 'a Hugging Face token (hf_…)'],
  [/xox[abpors]-/, 'a Slack token (xox…-)'],
];

/** The token after a prefix: at least 16 characters, as every real key is (ghp_ 36, hf_ 34, sk- 48 and more). */
const TOKEN = '[A-Za-z0-9_-]{16,}';
/** Not inside a longer word or name ("task-…", "desk-…"). */
const START = '(?<![A-Za-z0-9_-])';

/**
 * Random keys mix letters with digits, or run long without a separator; words and package names joined by "-" or
 * "_" ("sk-learn-compatible-estimators", "hf_hub_enable_hf_transfer") do neither.
 */
const looksRandom = (token: string): boolean => (/[0-9]/.test(token) && /[A-Za-z]/.test(token)) || /[A-Za-z0-9]{24,}/.test(token);

const AWS_KEY_ID = /(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])/;

/** What kind of secret the text seems to hold ("a GitHub token"), or null. Never returns the value itself. */
export function secretKind(text: string): string | null {
  for (const [prefix, kind] of PREFIXED) {
    for (const m of text.matchAll(new RegExp(`${START}(?:${prefix.source})(${TOKEN})`, 'g'))) if (looksRandom(m[1]!)) return kind;
  }
  return AWS_KEY_ID.test(text) ? 'an AWS access key id (AKIA…)' : null;
}
